/**
 * "Copy link" (the whole scenario, compressed, in the URL hash; a trace too big for a link is left
 * out by its file name, and the sentence under the link says so) and "Embed" (a dialog with the
 * iframe snippet for the embed view, its panels, speed and autoplay chosen there: `run/EmbedDialog`).
 */
import { useId, useState } from 'react';
import { copyText as copy, EmbedDialog } from '../run/EmbedDialog';
import { formatHash, linkScenario, pageUrl } from '../session/route';
import { useEncodedScenario } from '../session/useEncodedScenario';
import type { ScenarioJson } from '../scenario/types';
import '../builder/builder.css';

export function ShareControls({ scenario }: { scenario: ScenarioJson }) {
  const [link, setLink] = useState<{ url: string; copied: boolean; leftOut: string[] } | null>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const linkId = useId();
  const encoded = useEncodedScenario(scenario) ?? '';

  const copyLink = async () => {
    const { text, leftOut } = linkScenario(scenario);
    const hash = formatHash('lab', { s: text });
    history.replaceState(null, '', hash);
    const url = pageUrl(hash);
    setLink({ url, copied: await copy(url), leftOut });
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
          {link.leftOut.length > 0 && (
            <p className="share-left-out" role="status">
              The link leaves out {link.leftOut.length === 1 ? 'the trace' : 'the traces'}{' '}
              {link.leftOut.map((n) => `“${n}”`).join(', ')}: too big to travel in a link. Send{' '}
              {link.leftOut.length === 1 ? 'that file' : 'those files'} along; whoever opens the link loads{' '}
              {link.leftOut.length === 1 ? 'it' : 'them'} in the link settings to run.
            </p>
          )}
        </div>
      )}
      <EmbedDialog
        open={embedOpen}
        onClose={() => setEmbedOpen(false)}
        query={{ s: encoded }}
        frameTitle={`LossLab: ${scenario.title || scenario.id}`}
      />
    </>
  );
}
