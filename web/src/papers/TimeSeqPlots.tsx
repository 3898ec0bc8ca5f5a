/**
 * A reproduction's time-sequence plots on its figure page (Gurtov Figs 3, 6 and 8):
 * each `timeseq` entry of the file is one run — its sweep point, seed = the point's seed + the
 * entry's replication, its flow, its window — simulated again with the packet trace on and drawn by
 * the simulator (`sim-core/src/reproduce/timeseq.rs` through wasm), so the picture is byte for byte
 * the SVG `losslab reproduce` writes beside the report. Shown as an image (no markup from the
 * engine enters the page), with a plain-words heading, what to look for (the file's claim), the
 * report's caption counting the marks, and "Save SVG" (the same bytes).
 *
 * The runs happen in the time-sequence worker (`sim/timeSeqWorker.ts`), never on the
 * page's main thread: all plots are asked at once and drawn as each arrives; until then a box of the
 * plot's size says "Simulating…" (nothing below moves when the picture comes), and a plot that
 * fails says why in its place. Leaving the page terminates the worker, stopping a run under way.
 */
import { useEffect, useMemo, useState } from 'react';
import { downloadText } from '../lib/download';
import type { ReproductionInfo, ReproductionModel, TimeSeqSpecInfo } from '../sim/reproductionCore';
import { TimeSeqClient, type TimeSeqFile, type TimeSeqPlot, type TimeSeqWorkerLike } from '../sim/timeSeqWorker';
import { itemName, pointWords, windowWords } from './papersWords';

/** The plot's size as the simulator draws it (`reproduce/timeseq.rs`), px. */
const WIDTH = 720;
const HEIGHT = 420;

type Drawn = { plot: TimeSeqPlot; ms: number } | { error: string };

export function TimeSeqPlots({
  model,
  source,
  createWorker,
}: {
  model: ReproductionModel;
  /** The file as the worker reads it (`recordingLoader`). */
  source: TimeSeqFile;
  /** Tests give a fake worker; the page starts the real one. */
  createWorker?: () => TimeSeqWorkerLike;
}) {
  const info = model.info;
  const specs = useMemo(() => model.timeSequenceSpecs(), [model]);
  const [state, setState] = useState<{ of: TimeSeqFile | null; drawn: Drawn[] }>({ of: null, drawn: [] });
  const drawn = state.of === source ? state.drawn : [];

  // Every plot asked at once; the worker answers them in order. Unmounting disposes the client.
  useEffect(() => {
    if (specs.length === 0) return;
    const client = new TimeSeqClient(createWorker);
    specs.forEach((_, i) =>
      client.draw(source, i, (r) =>
        setState((prev) => {
          const next = prev.of === source ? [...prev.drawn] : [];
          next[i] = r.ok ? { plot: r.plot, ms: r.wallMs } : { error: r.error };
          return { of: source, drawn: next };
        }),
      ),
    );
    return () => client.dispose();
  }, [specs, source, createWorker]);

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
      <div className="timeseq-scroll" tabIndex={0} role="group" aria-label={`${spec.title} (scrolls sideways)`}>
        {plot ? (
          <img
            className="timeseq-svg"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(plot.svg)}`}
            alt={`${spec.title}. Sequence number in segments against time in seconds: ${c?.sends} segments sent, ${c?.retransmits} retransmitted, ${c?.drops} dropped, ${c?.timeouts} timeouts, ${c?.paper} of the paper’s marked points.`}
            width={WIDTH}
            height={HEIGHT}
          />
        ) : (
          <div className="timeseq-svg timeseq-placeholder" data-testid="papers-timeseq-placeholder">
            {drawn && 'error' in drawn ? (
              <p role="alert" className="field-error">
                This plot could not be drawn: {drawn.error}
              </p>
            ) : (
              <p role="status">
                <strong>Simulating…</strong>
                <br />
                <span className="muted">{itemName(info.id)}’s run with the packet trace on, in the background</span>
              </p>
            )}
          </div>
        )}
      </div>
      <figcaption className="chart-caption">
        <p>
          <strong>What to look for:</strong> {info.claim}
        </p>
        <p className="muted timeseq-caption">
          {plot
            ? plot.caption
            : 'When the run is drawn, its counts appear here: segments sent, retransmitted and dropped, and timeouts.'}
        </p>
      </figcaption>
    </figure>
  );
}
