/**
 * "Embed" on a lesson figure: the embed dialog's pattern (`run/EmbedDialog.tsx`: the snippet, copy,
 * preview) for `#/embed/learn/<lesson>/<figure>` — the figure with the lesson's controls and the
 * predictions it answers.
 * Nothing to choose: the lesson fixes the panels and the controls.
 */
import { useId, useState } from 'react';
import { Dialog } from '../controls/Dialog';
import { copyText, iframeSnippet } from '../run/EmbedDialog';
import { lessonFigureEmbedHash, pageUrl } from '../session/route';
import { lessonById } from './lessonModel';

/** The snippet's frame width, px. */
const EMBED_WIDTH = 800;
/**
 * What the embed adds around the figure, px: the frame's padding (10 px above and below), the
 * line naming the lesson (about 30 px with its margin), and a margin for lines that wrap at the
 * frame's width but not in the lesson.
 */
const EMBED_AROUND_PX = 96;
/**
 * A finished run's figure at the frame's width, px: caption and controls, the zoom bar's buttons,
 * each chart, each note.
 */
const FIGURE_HEAD_PX = 200;
const ZOOM_BAR_PX = 40;
const CHART_PX = 330;
const NOTE_PX = 30;
/** Its results table (caption, head, one line a row) and the line naming the runs it keeps. */
const TABLE_HEAD_PX = 80;
const TABLE_ROW_PX = 30;
const KEPT_RUNS_PX = 50;
/**
 * A prediction's explanation once shown: its heading and button, and one line per ~80 characters
 * (the frame's column wraps sooner than the lesson's).
 */
const EXPLANATION_HEAD_PX = 110;
const EXPLANATION_LINE_PX = 24;
const EXPLANATION_LINE_CHARS = 80;

/**
 * The predictions the figure asks first, px: each as the lesson shows it now, with its
 * explanation added when it is not showing yet (the embed shows it once the learner has run).
 */
function predictionsHeight(lessonId: string, figureId: string): number {
  const predicts = (lessonById(lessonId)?.parts ?? []).flatMap((p) =>
    p.kind === 'predict' && p.figure === figureId ? [p.predict] : [],
  );
  return predicts.reduce((sum, q) => {
    const shown = document.querySelector(`section.predict[data-predict="${CSS.escape(q.id)}"]`);
    const explained = shown?.getAttribute('data-phase') === 'revealed';
    const explanation =
      EXPLANATION_HEAD_PX + Math.ceil(q.explanation.length / EXPLANATION_LINE_CHARS) * EXPLANATION_LINE_PX;
    return sum + (shown?.getBoundingClientRect().height ?? 0) + (explained ? 0 : explanation);
  }, 0);
}

/**
 * The snippet's frame height: the larger of the figure as the lesson shows it now (its charts,
 * notes and any results) and what a finished run of it takes (its charts, notes, results table and
 * the line naming its kept runs), plus what the embed adds. The embed also reports its height (`losslab:resize`), for pages that follow it.
 */
function embedHeight(lessonId: string, figureId: string, charts: number): number {
  const figure = document.querySelector(`figure[data-figure="${CSS.escape(figureId)}"]`);
  const shown = figure?.getBoundingClientRect().height ?? 0;
  const spec = lessonById(lessonId)
    ?.parts.flatMap((p) => (p.kind === 'figure' ? [p.figure] : []))
    .find((f) => f.id === figureId);
  const notes = spec?.annotations?.length ?? 0;
  const table = spec?.table ? TABLE_HEAD_PX + spec.table.rows.length * TABLE_ROW_PX : 0;
  const finished =
    FIGURE_HEAD_PX + ZOOM_BAR_PX + charts * CHART_PX + (notes > 0 ? 30 + notes * NOTE_PX : 0) + table + KEPT_RUNS_PX;
  return Math.ceil(Math.max(shown, finished) + predictionsHeight(lessonId, figureId) + EMBED_AROUND_PX);
}

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
  const snippet = iframeSnippet(src, EMBED_WIDTH, open ? embedHeight(lessonId, figureId, tall) : 0, title);
  return (
    <Dialog title="Embed this figure" open={open} onClose={onClose}>
      <p className="field-desc">
        Paste the snippet into any page. The figure runs in the reader’s browser with the lesson’s own controls, asks
        the lesson’s prediction about it first, and links back to the lesson. Its height fits the figure as it is now;
        the frame also tells your page its height whenever it changes (a <code>losslab:resize</code> message), so a page
        can follow it.
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
