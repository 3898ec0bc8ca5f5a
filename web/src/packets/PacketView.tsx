/**
 * "Watch the packets": the path of a run — senders, access link, router queue, bottleneck,
 * receiver, ACKs back — animated from the simulator's own path trace (`sim/packetTrace.ts`, one
 * time window at a time), slowed down (1/100 of real time and up), paused, or stepped record by
 * record; each loss shows whether a full queue dropped it or bits hit its header or payload, and
 * the flow's classifier's verdict beside the truth. It shares the charts' time cursor
 * (`charts/ChartSync`): its instant is shown on the charts, and a time pointed at on a chart while
 * paused is shown here. Above `MAX_DRAWN_PACKETS` in flight it draws queue occupancy and losses only
 * and says so.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useChartSync } from '../charts/ChartSync';
import { useContainerWidth } from '../charts/useContainerWidth';
import { PacketTraceClient } from '../sim/packetTrace';
import { draw, geometry, themeOf, type Theme } from './pathDraw';
import {
  buildModel,
  causeWords,
  frameAt,
  hitWords,
  logUpTo,
  MAX_DRAWN_PACKETS,
  nextEventAfter,
  nextLossAfter,
  packetWords,
  type Frame,
  type PathModel,
} from './pathModel';
import './packets.css';

/** Simulated ms per window asked of the worker. */
const WINDOW_MS = 1000;

export const SPEEDS = [
  { value: 0.01, label: '1/100 of real time' },
  { value: 0.05, label: '1/20 of real time' },
  { value: 0.1, label: '1/10 of real time' },
  { value: 0.5, label: '1/2 of real time' },
  { value: 1, label: 'real time' },
] as const;

export interface PacketViewProps {
  scenarioJson: string | null;
  /** The classifier's name in words, from its id. */
  classifierTitle?: (id: string) => string;
  titleSuffix?: string;
  height?: number;
}

export function PacketView({
  scenarioJson,
  classifierTitle = (id) => id,
  titleSuffix = '',
  height = 280,
}: PacketViewProps) {
  const sync = useChartSync();
  const box = useContainerWidth(900);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const client = useMemo(() => new PacketTraceClient(), []);
  useEffect(() => () => client.dispose(), [client]);
  const [model, setModel] = useState<PathModel | null>(null);
  const [status, setStatus] = useState<'off' | 'loading' | 'ready' | 'error'>('off');
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(SPEEDS[0].value);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [stepText, setStepText] = useState<string | null>(null);
  const tRef = useRef(0);
  const modelRef = useRef<PathModel | null>(null);
  const nextRef = useRef<Promise<PathModel | null> | null>(null);
  const published = useRef<number | null>(null);

  const load = useCallback(
    async (fromMs: number): Promise<PathModel | null> => {
      if (!scenarioJson) return null;
      const a = await client.window(scenarioJson, fromMs, fromMs + WINDOW_MS);
      if (!a.ok) {
        setError(a.error);
        setStatus('error');
        setPlaying(false);
        return null;
      }
      return buildModel(a.window);
    },
    [client, scenarioJson],
  );

  const themeRef = useRef<{ model: PathModel; theme: Theme } | null>(null);
  const widthRef = useRef(box.value);
  widthRef.current = box.value;
  /** Paints a frame on the canvas, outside React (every animation frame while playing). */
  const paint = useCallback(
    (m: PathModel, f: Frame) => {
      const c = canvasRef.current;
      const ctx = c?.getContext('2d');
      if (!c || !ctx) return;
      const dpr = window.devicePixelRatio || 1;
      const w = widthRef.current;
      if (c.width !== Math.round(w * dpr) || c.height !== Math.round(height * dpr)) {
        c.width = Math.round(w * dpr);
        c.height = Math.round(height * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      // The page's colours, read once per window (reading styles every frame forces a style pass).
      if (themeRef.current?.model !== m) themeRef.current = { model: m, theme: themeOf(c) };
      draw(ctx, m, f, geometry(m, w, height), themeRef.current.theme);
    },
    [height],
  );
  const lastState = useRef(0);

  /**
   * Shows instant `t` of window `m`: painted at once; the words around the canvas (React state)
   * follow at most ten times a second while playing (`quiet`), at once otherwise.
   */
  const show = useCallback(
    (m: PathModel | null, t: number, quiet = false) => {
      if (!m) return;
      const changed = m !== modelRef.current;
      modelRef.current = m;
      tRef.current = t;
      const f = frameAt(m, t);
      paint(m, f);
      const now = performance.now();
      if (!quiet || changed || now - lastState.current > 100) {
        lastState.current = now;
        setModel(m);
        setStatus('ready');
        setFrame(f);
      }
    },
    [paint],
  );

  const jump = useCallback(
    async (t: number) => {
      setStatus('loading');
      nextRef.current = null;
      const m = await load(Math.max(0, t));
      show(m, Math.max(0, t));
    },
    [load, show],
  );

  // A new scenario: back to the start, nothing loaded until asked.
  useEffect(() => {
    setModel(null);
    modelRef.current = null;
    nextRef.current = null;
    setFrame(null);
    setStatus('off');
    setPlaying(false);
    setStepText(null);
    tRef.current = 0;
  }, [scenarioJson]);

  /** Moves to `t`, loading the following window when `t` passes the current one; false at the run's end. */
  const advanceTo = useCallback(
    async (t: number, quiet = false): Promise<boolean> => {
      let m = modelRef.current;
      if (!m) return false;
      if (t > m.fromMs + (m.toMs - m.fromMs) / 2 && !nextRef.current && m.toMs < m.endMs)
        nextRef.current = load(m.toMs);
      if (t >= m.toMs) {
        if (m.toMs >= m.endMs) {
          show(m, m.endMs);
          return false;
        }
        const next = await (nextRef.current ?? load(m.toMs));
        nextRef.current = null;
        if (!next) return false;
        m = next;
      }
      show(m, Math.min(t, m.endMs), quiet);
      return true;
    },
    [load, show],
  );

  // Play: simulated time advances at `speed` × the wall clock.
  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let last = performance.now();
    let busy = false;
    let lastPublish = 0;
    const tick = (now: number) => {
      raf = requestAnimationFrame(tick);
      const dt = Math.min(100, now - last) * speed;
      last = now;
      if (busy) return;
      busy = true;
      void advanceTo(tRef.current + dt, true).then((more) => {
        busy = false;
        if (!more) setPlaying(false);
        if (now - lastPublish > 250) {
          lastPublish = now;
          published.current = tRef.current;
          sync.setHoverT(tRef.current);
        }
      });
    };
    raf = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(raf);
      // The words around the canvas catch up with the last painted instant.
      if (modelRef.current) show(modelRef.current, tRef.current);
    };
  }, [playing, speed, advanceTo, sync, show]);

  // Paint again when the canvas is resized or shown.
  useEffect(() => {
    if (model && frame) paint(model, frame);
  }, [model, frame, box.value, paint]);

  // The charts' cursor: while paused, a time pointed at on a chart is shown here.
  const hoverT = sync.hoverT;
  useEffect(() => {
    if (playing || status === 'off' || hoverT === null || hoverT === published.current) return;
    const id = setTimeout(() => {
      const m = modelRef.current;
      if (m && hoverT >= m.fromMs && hoverT <= m.toMs) show(m, hoverT);
      else void jump(hoverT);
    }, 200);
    return () => clearTimeout(id);
  }, [hoverT, playing, status, show, jump]);

  const publish = useCallback(() => {
    published.current = tRef.current;
    sync.setHoverT(tRef.current);
  }, [sync]);

  const start = async () => {
    if (status === 'off') await jump(0);
  };

  const step = async () => {
    setPlaying(false);
    if (status === 'off') await jump(0);
    for (let tries = 0; tries < 5; tries++) {
      const m = modelRef.current;
      if (!m) return;
      const next = nextEventAfter(m, tRef.current);
      if (next) {
        show(m, next.tMs);
        setStepText(next.text);
        publish();
        return;
      }
      if (!(await advanceTo(m.toMs))) return;
    }
  };

  const nextLoss = async () => {
    setPlaying(false);
    if (status === 'off') await jump(0);
    for (let tries = 0; tries < 120; tries++) {
      const m = modelRef.current;
      if (!m) return;
      const loss = nextLossAfter(m, tRef.current);
      if (loss) {
        show(m, loss.tMs);
        setStepText(loss.text);
        publish();
        return;
      }
      if (!(await advanceTo(m.toMs))) {
        setStepText('No more losses in this run.');
        return;
      }
    }
    setStepText('No loss in the next two minutes of the run.');
  };

  const log = useMemo(() => (model && frame ? logUpTo(model, frame.tMs) : []), [model, frame]);
  const tS = frame ? frame.tMs / 1000 : 0;
  const lossKinds = frame ? [...new Set(frame.losses.map((l) => l.kind))].join(' ') : '';
  const v = frame?.verdict;
  return (
    <figure
      className="packet-view"
      data-packets-status={status}
      data-t-ms={frame ? frame.tMs.toFixed(3) : ''}
      data-mode={frame?.mode ?? ''}
      data-in-flight={frame?.inFlight ?? 0}
      data-loss-kinds={lossKinds}
    >
      <figcaption>
        <h3 className="chart-title">Watch the packets{titleSuffix}</h3>
      </figcaption>
      <p className="chart-about">
        Every packet of the run on its way, slowed down: data left to right, ACKs back right to left. A packet dropped
        at a full queue falls out under it; a packet whose bits were hit is crossed out where it arrives.
      </p>
      {/* The group and its Slow motion list are there before the first run: a list inserted while a
          run starts made Orca move its reading position to it, away from Run (docs/accessibility.md). */}
      <div className="packet-controls" role="group" aria-label="Packet view controls">
        {scenarioJson && (
          <>
            {status === 'off' ? (
              <button type="button" className="primary" onClick={() => void start().then(() => setPlaying(true))}>
                Watch the packets
              </button>
            ) : (
              <button type="button" onClick={() => setPlaying((p) => !p)} disabled={status !== 'ready'}>
                {playing ? 'Freeze' : 'Animate'}
              </button>
            )}
            <button type="button" onClick={() => void step()}>
              Next packet
            </button>
            <button type="button" onClick={() => void nextLoss()}>
              Next loss
            </button>
          </>
        )}
        <label>
          Slow motion{' '}
          <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {scenarioJson && (
          <>
            <label className="packet-scrub">
              Time in the run{' '}
              <input
                type="range"
                min={0}
                max={model ? model.endMs / 1000 : 1}
                step={0.001}
                value={tS}
                disabled={!model}
                onChange={(e) => {
                  setPlaying(false);
                  void jump(Number(e.target.value) * 1000).then(publish);
                }}
              />
            </label>
            <output className="packet-time" aria-label="Simulated time">
              {status === 'loading' ? 'loading…' : `${tS.toFixed(3)} s`}
            </output>
          </>
        )}
      </div>
      {!scenarioJson && <p className="chart-empty">Run the simulation, then watch its packets here.</p>}
      {scenarioJson && status === 'error' && <p className="chart-empty">The packet view could not load: {error}</p>}
      <div ref={box.ref} className="packet-canvas-box" hidden={!scenarioJson || !model}>
        <canvas
          ref={canvasRef}
          style={{ width: '100%', height }}
          role="img"
          aria-label={
            frame
              ? `${frame.inFlight} packets in flight at ${tS.toFixed(3)} s${frame.losses.length ? `; ${frame.losses.length} loss${frame.losses.length === 1 ? '' : 'es'} shown` : ''}`
              : 'The path, not started'
          }
        />
      </div>
      {scenarioJson && (
        <>
          {frame?.mode === 'occupancy' && (
            <p className="packet-note" data-packets-occupancy>
              {frame.inFlight} packets in flight — more than {MAX_DRAWN_PACKETS} can be told apart, so only each queue's
              occupancy and the losses are drawn.
            </p>
          )}
          {model && model.dropped > 0 && (
            <p className="packet-note">
              The trace reached its cap: {model.dropped.toLocaleString('en-US')} records are missing, so some packets
              are not drawn.
            </p>
          )}
          {stepText && (
            <p className="packet-step" aria-live="polite">
              {stepText}
            </p>
          )}
          {model && frame && frame.losses.length > 0 && (
            <ul className="packet-losses" aria-label="Losses now">
              {frame.losses.map((l) => (
                <li key={`${l.pkt.id}-${l.kind}`} data-loss-kind={l.kind}>
                  <span className={`loss-dot loss-${l.kind}`} aria-hidden="true" />
                  {packetWords(model, l.pkt)}:{' '}
                  {l.kind === 'queue'
                    ? `dropped, the queue was full (${(l.queued ?? 1) - 1} of ${l.limit} waiting)`
                    : hitWords(l.kind)}
                </li>
              ))}
            </ul>
          )}
          {v && (
            <p className={`packet-verdict judged-${v.judged}`} data-judged={v.judged}>
              At {(v.tMs / 1000).toFixed(3)} s {v.flow}'s classifier ({classifierTitle(v.classifier)}) judged a loss:{' '}
              <strong>{v.verdict === 'congestion' ? 'congestion' : 'a bit error'}</strong>. Truth:{' '}
              <strong>{causeWords(v.truth)}</strong>
              {v.judged === 'none' ? '.' : v.judged === 'right' ? ' — right.' : ' — wrong.'}
            </p>
          )}
          {model && frame && log.length > 0 && (
            <details className="packet-log">
              <summary>What happened so far (newest first)</summary>
              <ul>
                {log.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          )}
          <p className="legend-note">
            Square: data segment (outlined: retransmission) · small: ACK (doubled: duplicate ACK) ·{' '}
            <span className="loss-dot loss-header" aria-hidden="true" /> red bar at the front: bits hit in the header ·
            red bar across: bits hit in the payload · <span className="loss-dot loss-queue" aria-hidden="true" />{' '}
            dropped at a full queue.
          </p>
        </>
      )}
    </figure>
  );
}
