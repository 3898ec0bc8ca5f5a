/**
 * "Embed" on a lesson figure: the embed dialog's pattern (`run/EmbedDialog.tsx`: the snippet, copy,
 * preview) for `#/embed/learn/<lesson>/<figure>` — the figure alone with the lesson's controls.
 * Nothing to choose: the lesson fixes the panels and the controls.
 */
import { useId, useState } from 'react';
import { Dialog } from '../controls/Dialog';
import { copyText, iframeSnippet } from '../run/EmbedDialog';
import { lessonFigureEmbedHash, pageUrl } from '../session/route';

export function FigureEmbedDialog({
  open,
  onClose,
  lessonId,
  figureId,
  title,
  tall,
}: {
  open: boolean;
  onClose(): void;
  lessonId: string;
  figureId: string;
  title: string;
  /** Height hint: the number of charts the figure shows. */
  tall: number;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const src = pageUrl(lessonFigureEmbedHash(lessonId, figureId));
  const snippet = iframeSnippet(src, 800, Math.min(1600, 220 + tall * 300), title);
  return (
    <Dialog title="Embed this figure" open={open} onClose={onClose}>
      <p className="field-desc">
        Paste the snippet into any page. The figure runs in the reader’s browser with the lesson’s own controls, and
        links back to the lesson.
      </p>
      <div className="field">
        <label htmlFor={id}>Embed code</label>
        <textarea
          id={id}
          readOnly
          rows={4}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="figure-embed-snippet"
        />
      </div>
      <div className="button-row">
        <button type="button" className="primary" onClick={async () => setCopied(await copyText(snippet))}>
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
