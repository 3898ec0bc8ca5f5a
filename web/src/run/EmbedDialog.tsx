/**
 * "Embed": a dialog with the iframe snippet of the embed view (`#/embed?…`) for one run (the lab) or
 * a pair (Compare: A and B overlaid), its panels, speed and autoplay chosen here.
 */
import { useId, useState } from 'react';
import { Dialog } from '../controls/Dialog';
import { formatHash, pageUrl } from '../session/route';
import { DEFAULT_EMBED_PANELS, panelEntry, PANELS, type Panel } from '../session/panels';
import { SPEEDS, speedParam } from './speeds';
import '../builder/builder.css';

/** A panel's name in the dialog: its title, and what it needs. */
function panelName(p: Panel): string {
  const { label, needs } = panelEntry(p);
  return needs ? `${label} (needs ${needs})` : label;
}

/** The speed an embed starts with: slow enough that a course page shows the run unfold. */
const DEFAULT_SPEED = SPEEDS.findIndex((s) => s.value === 10);

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The iframe snippet of an embed URL (attribute values escaped). */
export function iframeSnippet(src: string, width: number, height: number, title: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${esc(src)}" title="${esc(title)}" width="${width}" height="${height}" style="border:0" loading="lazy"></iframe>`;
}

/** The dialog's first sentence, one string so that line filling cannot split it into other text nodes. */
const EMBED_HELP =
  'Paste the snippet into any page. The embedded lab runs in the reader’s browser and reports its status and summary to the page with';

export interface EmbedDialogProps {
  open: boolean;
  onClose(): void;
  /** The scenario part of the embed URL: `{ s }` for one run, `{ s, b }` for a pair. */
  query: Record<string, string>;
  /** The iframe's title (read by screen readers on the host page). */
  frameTitle: string;
  /** The panels offered (default: all). */
  panels?: readonly Panel[];
  /** A sentence on what the embed shows (Compare: the pair overlaid). */
  note?: string;
}

export function EmbedDialog({ open, onClose, query, frameTitle, panels: offered = PANELS, note }: EmbedDialogProps) {
  const [panels, setPanels] = useState<Panel[]>(() => offered.filter((p) => DEFAULT_EMBED_PANELS.includes(p)));
  const [autoplay, setAutoplay] = useState(true);
  const [speed, setSpeed] = useState(DEFAULT_SPEED < 0 ? 0 : DEFAULT_SPEED);
  const [copied, setCopied] = useState(false);
  const snippetId = useId();
  const params: Record<string, string> = { ...query, speed: speedParam(speed), panels: panels.join(',') };
  if (autoplay) params.autoplay = '1';
  const src = pageUrl(formatHash('embed', params));
  const height = 120 + panels.length * 300;
  const snippet = iframeSnippet(src, 800, Math.min(height, 1600), frameTitle);
  return (
    <Dialog title="Embed this simulation" open={open} onClose={onClose}>
      <p className="field-desc">
        {EMBED_HELP} <code>postMessage</code> (see README, “Embedding”).
      </p>
      {note && <p className="field-desc">{note}</p>}
      <fieldset className="checks">
        <legend>Panels</legend>
        <div className="check-grid">
          {offered.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={panels.includes(p)}
                onChange={(e) =>
                  setPanels((old) =>
                    e.target.checked ? offered.filter((x) => x === p || old.includes(x)) : old.filter((x) => x !== p),
                  )
                }
              />
              {panelName(p)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${snippetId}-speed`}>Speed</label>
        <select id={`${snippetId}-speed`} value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s, i) => (
            <option key={s.label} value={i}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-check">
        <input
          id={`${snippetId}-auto`}
          type="checkbox"
          checked={autoplay}
          onChange={(e) => setAutoplay(e.target.checked)}
        />
        <label htmlFor={`${snippetId}-auto`}>Start playing when loaded</label>
      </div>
      <div className="field">
        <label htmlFor={snippetId}>Embed code</label>
        <textarea
          id={snippetId}
          readOnly
          rows={5}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="embed-snippet"
        />
      </div>
      <div className="button-row">
        <button
          type="button"
          className="primary"
          onClick={async () => {
            setCopied(await copyText(snippet));
          }}
        >
          Copy snippet
        </button>
        <a className="button" href={src} target="_blank" rel="noopener noreferrer">
          Preview
        </a>
        <button type="button" onClick={onClose}>
          Close
        </button>
        {copied && <span role="status">Copied.</span>}
      </div>
    </Dialog>
  );
}
