/**
 * "Copy link" (the whole scenario, compressed, in the URL hash) and "Embed" (a dialog with the
 * iframe snippet for the embed view, its panels and autoplay chosen here).
 */
import { useId, useState } from 'react';
import { Dialog } from '../controls/Dialog';
import { encodeScenario, formatHash, pageUrl, PANELS, type Panel } from '../session/route';
import type { ScenarioJson } from '../scenario/types';
import '../builder/builder.css';

const PANEL_TITLES: Record<Panel, string> = {
  cwnd: 'Congestion window',
  throughput: 'Throughput',
  queue: 'Queue',
  fairness: 'Fairness',
  sequence: 'Time–sequence (needs the packet trace)',
  classifier: 'Classifier accuracy',
};

async function copy(text: string): Promise<boolean> {
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

export function ShareControls({ scenario }: { scenario: ScenarioJson }) {
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const linkId = useId();

  const copyLink = async () => {
    const hash = formatHash('lab', { s: encodeScenario(scenario) });
    history.replaceState(null, '', hash);
    const url = pageUrl(hash);
    setLink({ url, copied: await copy(url) });
  };

  return (
    <>
      <button type="button" onClick={() => void copyLink()}>
        Copy link
      </button>
      <button type="button" onClick={() => setEmbedOpen(true)}>
        Embed
      </button>
      {link && (
        <div className="share-link">
          <label htmlFor={linkId}>{link.copied ? 'Link copied' : 'Share link'}</label>
          <input
            id={linkId}
            readOnly
            value={link.url}
            data-testid="share-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="small" aria-label="Hide share link" onClick={() => setLink(null)}>
            ×
          </button>
        </div>
      )}
      <EmbedDialog open={embedOpen} onClose={() => setEmbedOpen(false)} scenario={scenario} />
    </>
  );
}

/** The dialog's first sentence, one string so that line filling cannot split it into other text nodes. */
const EMBED_HELP =
  'Paste the snippet into any page. The embedded lab runs in the reader’s browser and reports its status and summary to the page with';

function EmbedDialog({ open, onClose, scenario }: { open: boolean; onClose(): void; scenario: ScenarioJson }) {
  const [panels, setPanels] = useState<Panel[]>(['cwnd', 'throughput']);
  const [autoplay, setAutoplay] = useState(true);
  const [copied, setCopied] = useState(false);
  const snippetId = useId();
  const params: Record<string, string> = { s: encodeScenario(scenario), panels: panels.join(',') };
  if (autoplay) params.autoplay = '1';
  const src = pageUrl(formatHash('embed', params));
  const height = 120 + panels.length * 300;
  const snippet = iframeSnippet(src, 800, Math.min(height, 1600), `LossLab: ${scenario.title || scenario.id}`);
  return (
    <Dialog title="Embed this simulation" open={open} onClose={onClose}>
      <p className="field-desc">
        {EMBED_HELP} <code>postMessage</code> (see README, “Embedding”).
      </p>
      <fieldset className="checks">
        <legend>Panels</legend>
        <div className="check-grid">
          {PANELS.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={panels.includes(p)}
                onChange={(e) =>
                  setPanels((old) =>
                    e.target.checked ? PANELS.filter((x) => x === p || old.includes(x)) : old.filter((x) => x !== p),
                  )
                }
              />
              {PANEL_TITLES[p]}
            </label>
          ))}
        </div>
      </fieldset>
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
            setCopied(await copy(snippet));
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
