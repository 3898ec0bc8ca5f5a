/**
 * Markdown → React elements through markdown-it's token stream (raw HTML off): paragraphs,
 * headings (shifted below the page's h1), lists, emphasis, code, links, block quotes, and the
 * prose's formulas with real super- and subscripts (`typeset.ts`); a link `#cell:figure/row/col` is
 * a number quoted from a figure's results table (`cellFocus.tsx`). No HTML string is ever
 * inserted, so lesson text cannot inject markup.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { createElement, Fragment, type ReactNode } from 'react';
import { typeset } from './typeset';
import { CellLink } from './cellFocus';
import { parseCellHref } from './figureTable';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const BLOCK_TAGS = new Set([
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'em',
  'strong',
  's',
]);

/** Only links to this app's routes or to the web are kept as links. */
function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  return /^(#\/|https?:\/\/)/.test(href) ? href : undefined;
}

function tagOf(t: Token, headingShift: number): string {
  const m = /^h([1-6])$/.exec(t.tag);
  if (m) return `h${Math.min(6, Number(m[1]) + headingShift)}`;
  return BLOCK_TAGS.has(t.tag) ? t.tag : 'span';
}

/** Build elements from `tokens[from…]` until the matching close; returns [nodes, next index]. */
function build(tokens: Token[], from: number, headingShift: number, until?: string): [ReactNode[], number] {
  const out: ReactNode[] = [];
  let i = from;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.nesting === -1 && (until === undefined || t.type === until)) return [out, i + 1];
    const key = out.length;
    if (t.nesting === 1) {
      const [children, next] = build(tokens, i + 1, headingShift, t.type.replace(/_open$/, '_close'));
      const cell = t.type === 'link_open' ? parseCellHref(t.attrGet('href')) : null;
      if (cell) {
        out.push(createElement(CellLink, { key, target: `${cell.figure}/${cell.cell}` }, children));
      } else if (t.type === 'link_open') {
        const href = safeHref(t.attrGet('href'));
        out.push(href ? createElement('a', { key, href }, children) : createElement(Fragment, { key }, children));
      } else if (t.type === 'paragraph_open' && t.hidden) {
        out.push(createElement(Fragment, { key }, children));
      } else {
        out.push(createElement(tagOf(t, headingShift), { key }, children));
      }
      i = next;
      continue;
    }
    if (t.type === 'inline') out.push(createElement(Fragment, { key }, build(t.children ?? [], 0, headingShift)[0]));
    else if (t.type === 'text') out.push(createElement(Fragment, { key }, typeset(t.content, key)));
    else if (t.type === 'code_inline') out.push(createElement('code', { key }, t.content));
    else if (t.type === 'softbreak') out.push(' ');
    else if (t.type === 'hardbreak') out.push(createElement('br', { key }));
    else if (t.type === 'fence' || t.type === 'code_block')
      out.push(createElement('pre', { key }, createElement('code', null, t.content)));
    else if (t.type === 'hr') out.push(createElement('hr', { key }));
    i += 1;
  }
  return [out, i];
}

export function Markdown({ text, headingShift = 0 }: { text: string; headingShift?: number }) {
  const nodes = build(md.parse(text, {}), 0, headingShift)[0];
  return <>{nodes}</>;
}
