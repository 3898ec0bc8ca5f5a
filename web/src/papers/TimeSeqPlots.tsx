/**
 * A reproduction's time-sequence plots on its figure page (issue 12, M12; Gurtov Figs 3, 6 and 8):
 * each `timeseq` entry of the file is one run — its sweep point, seed = the point's seed + the
 * entry's replication, its flow, its window — simulated again with the packet trace on and drawn by
 * the simulator (`sim-core/src/reproduce/timeseq.rs` through wasm), so the picture is byte for byte
 * the SVG `losslab reproduce` writes beside the report. Shown as an image (no markup from the
 * engine enters the page), with a plain-words heading, what to look for (the file's claim), the
 * report's caption counting the marks, and "Save SVG" (the same bytes). The plots are drawn one
 * after another once the page has painted; each run takes a few milliseconds (one short transfer).
 */
import { useEffect, useMemo, useState } from 'react';
import { downloadText } from '../lib/download';
import type { ReproductionInfo, ReproductionModel, TimeSeqPlot, TimeSeqSpecInfo } from '../sim/reproductionCore';
import { itemName, pointWords, windowWords } from './papersWords';

type Drawn = { plot: TimeSeqPlot; ms: number } | { error: string };

export function TimeSeqPlots({ model }: { model: ReproductionModel }) {
  const info = model.info;
  const specs = useMemo(() => model.timeSequenceSpecs(), [model]);
  const [drawn, setDrawn] = useState<Drawn[]>([]);

  // One plot per task, so the page paints between runs.
  useEffect(() => {
    if (drawn.length >= specs.length) return;
    const i = drawn.length;
    const t = setTimeout(() => {
      const start = performance.now();
      let d: Drawn;
      try {
        d = { plot: model.timeSequence(i), ms: performance.now() - start };
      } catch (e) {
        d = { error: e instanceof Error ? e.message : String(e) };
      }
      setDrawn((prev) => (prev.length === i ? [...prev, d] : prev));
    }, 0);
    return () => clearTimeout(t);
  }, [model, specs, drawn]);

  if (specs.length === 0) return null;
  return (
    <section className="timeseq-plots" aria-labelledby="timeseq-heading">
      <h3 id="timeseq-heading">Time-sequence plots</h3>
      <p className="muted">
        One run of a sweep point with the packet trace on, as the paper plots it: sequence number against time. The same
        drawing as <code>losslab reproduce</code> writes beside the report.
      </p>
      {specs.map((s, i) => (
        <TimeSeqFigure key={s.id} spec={s} info={info} drawn={drawn[i]} />
      ))}
    </section>
  );
}

function TimeSeqFigure({ spec, info, drawn }: { spec: TimeSeqSpecInfo; info: ReproductionInfo; drawn?: Drawn }) {
  const where = pointWords(spec.at, { path: info.plot.x_path, label: info.plot.x_label, unit: info.plot.x_unit });
  const subtitle = `Flow ${spec.flow} · ${where || 'the sweep’s one point'} · ${windowWords(spec.from_s, spec.to_s)}${
    spec.seed !== null ? ` · seed ${spec.seed}` : ''
  }`;
  const fileName = `${info.paper}-${info.id}-${spec.id}.svg`;
  const plot = drawn && 'plot' in drawn ? drawn.plot : null;
  const c = plot?.counts;
  return (
    <figure
      className="chart timeseq-figure"
      data-testid="papers-timeseq"
      data-timeseq={spec.id}
      data-state={!drawn ? 'running' : plot ? 'done' : 'error'}
      data-sends={c?.sends}
      data-retransmits={c?.retransmits}
      data-drops={c?.drops}
      data-timeouts={c?.timeouts}
      data-paper-marks={c?.paper}
      data-run-ms={drawn && 'ms' in drawn ? Math.round(drawn.ms) : undefined}
    >
      <div className="chart-head">
        <h4 className="chart-title">{spec.title}</h4>
        <div className="chart-tools">
          <button
            type="button"
            className="small"
            disabled={!plot}
            onClick={() => plot && downloadText(fileName, plot.svg, 'image/svg+xml')}
          >
            Save SVG
          </button>
        </div>
      </div>
      <p className="chart-about">{subtitle}</p>
      {!drawn && (
        <p className="muted" role="status">
          Running {itemName(info.id)}’s run with the packet trace on…
        </p>
      )}
      {drawn && 'error' in drawn && (
        <p role="alert" className="field-error">
          This plot could not be drawn: {drawn.error}
        </p>
      )}
      {plot && (
        <div className="timeseq-scroll" tabIndex={0} role="group" aria-label={`${spec.title} (scrolls sideways)`}>
          <img
            className="timeseq-svg"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(plot.svg)}`}
            alt={`${spec.title}. Sequence number in segments against time in seconds: ${c?.sends} segments sent, ${c?.retransmits} retransmitted, ${c?.drops} dropped, ${c?.timeouts} timeouts, ${c?.paper} of the paper’s marked points.`}
            width={720}
            height={420}
          />
        </div>
      )}
      <figcaption className="chart-caption">
        <p>
          <strong>What to look for:</strong> {info.claim}
        </p>
        {plot && <p className="muted">{plot.caption}</p>}
      </figcaption>
    </figure>
  );
}
