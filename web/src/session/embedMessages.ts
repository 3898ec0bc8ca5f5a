/**
 * What an embedded LossLab (`#/embed`, `#/embed/learn/<lesson>/<figure>`) tells the page that embeds
 * it, by `postMessage` (the format is in README, "Embedding"):
 *
 * - `losslab:status` — the run's state and simulated time, on every change of state (synchronously,
 *   so a fast run still reports loading → running → done) and at most every 500 ms while running;
 *   a pair's embed reports the pair's state;
 * - `losslab:summary` — the run's summary, once per finished run (`side` in a pair);
 * - `losslab:resize` — the height in CSS px the frame needs to show the content whole, at first and
 *   whenever it changes, so the host can size the frame to its content.
 *
 * Lesson figures run in a component of the lessons' room; they hand their controller up through
 * {@link FigureControllerContext}, so a lesson-figure embed reports exactly as the lab's embed does.
 */
import { createContext, useEffect, useRef, type RefObject } from 'react';
import type { SimController } from '../sim/simController';
import { pairStatus } from '../run/runPair';

export type EmbedMessage =
  | { type: 'losslab:status'; state: string; nowMs: number }
  | { type: 'losslab:summary'; summary: unknown; side?: 'a' | 'b' }
  | { type: 'losslab:resize'; height: number };

/** The origins the embed's address lists (`origins=`); empty: none listed. */
let hostOrigins: readonly string[] = [];

/**
 * Sets the origins the embed's address lists (`origins=`, session/embedProtocol.ts): from then on every
 * message goes to those origins only, and commands are taken from them only.
 */
export function setHostOrigins(origins: readonly string[]): void {
  hostOrigins = [...origins];
}

export function getHostOrigins(): readonly string[] {
  return hostOrigins;
}

/**
 * Posts `msg` to the embedding page; nothing when the page is not in a frame. With origins listed
 * it goes to each of them (the browser delivers it only if the parent is one); without, to any
 * page that embeds this one, as the one-way messages always have.
 */
export function postToParent(msg: EmbedMessage | { type: `losslab:${string}` }): void {
  if (!window.parent || window.parent === window) return;
  if (hostOrigins.length === 0) window.parent.postMessage(msg, '*');
  else for (const origin of hostOrigins) window.parent.postMessage(msg, origin);
}

/** Most often a running run reports its simulated time, ms of wall time. */
export const STATUS_EVERY_MS = 500;

/**
 * Posts `losslab:status` and `losslab:summary` for the runs of `controller` (none while null), or
 * of the pair `controller` (A) and `pairedWith` (B): then the status is the pair's (`pairStatus`)
 * at the simulated time of the side behind, and each summary carries its `side`.
 */
export function useStatusReports(controller: SimController | null, pairedWith?: SimController | null): void {
  useEffect(() => {
    if (!controller) return;
    const sides = pairedWith ? [controller, pairedWith] : [controller];
    const now = () => {
      const [a, b] = sides.map((c) => c.getSnapshot());
      return b
        ? { state: pairStatus(a.status, b.status), nowMs: Math.min(a.nowMs, b.nowMs) }
        : { state: a.status, nowMs: a.nowMs };
    };
    let lastPost = 0;
    let lastStatus = now().state;
    const sentSummary: unknown[] = sides.map(() => null);
    const post = () => {
      lastPost = performance.now();
      postToParent({ type: 'losslab:status', ...now() });
    };
    post();
    const onStatus = () => {
      const { state } = now();
      if (state === lastStatus) return;
      lastStatus = state;
      post();
    };
    const onFrames = () => {
      if (now().state === 'running' && lastStatus === 'running' && performance.now() - lastPost >= STATUS_EVERY_MS)
        post();
      sides.forEach((c, i) => {
        const s = c.getSnapshot();
        if (s.status !== 'done' || !s.summary || sentSummary[i] === s.summary) return;
        sentSummary[i] = s.summary;
        postToParent({ type: 'losslab:summary', summary: s.summary, ...(pairedWith ? { side: SIDES[i] } : {}) });
      });
    };
    const offs = sides.flatMap((c) => [c.onStatus(onStatus), c.subscribe(onFrames)]);
    return () => offs.forEach((off) => off());
  }, [controller, pairedWith]);
}

const SIDES = ['a', 'b'] as const;

/**
 * Posts `losslab:resize` with the height the document needs to show `content` whole — the bottom
 * of `content` (an element as tall as what it holds, not stretched to the frame) plus the padding
 * below it — now and whenever it changes.
 */
export function useHeightReports(content: RefObject<HTMLElement | null>): void {
  const last = useRef(-1);
  useEffect(() => {
    const el = content.current;
    if (!el) return;
    const report = () => {
      const below = el.parentElement ? parseFloat(getComputedStyle(el.parentElement).paddingBottom) || 0 : 0;
      const height = Math.ceil(el.getBoundingClientRect().bottom + window.scrollY + below);
      if (height === last.current) return;
      last.current = height;
      postToParent({ type: 'losslab:resize', height });
    };
    report();
    if (typeof ResizeObserver !== 'function') return;
    const seen = new ResizeObserver(report);
    seen.observe(el);
    return () => seen.disconnect();
  }, [content]);
}

/**
 * Where a lesson figure hands up its run's controller (a lesson-figure embed provides it; in a
 * lesson it is null and nothing is reported).
 */
export const FigureControllerContext = createContext<((c: SimController) => void) | null>(null);
