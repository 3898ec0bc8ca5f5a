/**
 * "Copy link" (the whole scenario, compressed, in the URL hash) and "Embed" (a dialog with the
 * iframe snippet for the embed view, its panels, speed and autoplay chosen there: `run/EmbedDialog`).
 */
import { useId, useState } from 'react';
import { copyText as copy, EmbedDialog } from '../run/EmbedDialog';
import { encodeScenario, formatHash, pageUrl } from '../session/route';
import { useEncodedScenario } from '../session/useEncodedScenario';
import type { ScenarioJson } from '../scenario/types';
import '../builder/builder.css';

export function ShareControls({ scenario }: { scenario: ScenarioJson }) {
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const linkId = useId();
  const encoded = useEncodedScenario(scenario) ?? '';

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
      <EmbedDialog
        open={embedOpen}
        onClose={() => setEmbedOpen(false)}
        query={{ s: encoded }}
        frameTitle={`LossLab: ${scenario.title || scenario.id}`}
      />
    </>
  );
}
