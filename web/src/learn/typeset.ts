/**
 * Lesson formulas typeset from plain text: `x^(expr)` and `x^token` become a superscript,
 * `X_sub` (one capital letter, then lower-case letters: A_c, T_p, T_dev) a subscript. Applied to
 * the prose's text only (never inside code spans), so lesson files stay readable as plain text:
 *
 *   PER = 1 − (1 − BER)^(bits per packet)   →   PER = 1 − (1 − BER)<sup>bits per packet</sup>
 */
import { createElement, type ReactNode } from 'react';

/** `^(…)` (one level of parentheses), `^token` (digits, letters, a leading minus), or `X_sub`. */
const MARK = /\^\(([^()]+)\)|\^([−-]?[\p{L}\d.]+)|\b([A-Z])_([a-z]+)\b/gu;

export function typeset(text: string, keyBase = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    const i = m.index ?? 0;
    if (i > at) out.push(text.slice(at, i));
    const key = `t${keyBase}-${out.length}`;
    if (m[3] !== undefined) out.push(m[3], createElement('sub', { key }, m[4]));
    else out.push(createElement('sup', { key }, m[1] ?? m[2]));
    at = i + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
