/**
 * The Lab's "start here" strip on a first visit: one line pointing a newcomer to the paired
 * comparison — Garcia & Brunstrom's 1 Mbit/s preset and its loss-differentiation twin
 * (content/pairs.json), same seed so the same bit errors — to open overlaid in Compare or to load
 * here, with what to watch behind a toggle so the strip stays one line above the charts. Once
 * dismissed it stays away (localStorage). Only the Lab mounts it, so Embed never shows it.
 */
import { memo, useId, useState } from 'react';
import { findPair } from '../scenario/pairs';
import type { ScenarioJson } from '../scenario/types';
import { loadJson, saveJson } from '../session/persist';
import { encodeScenario, formatHash } from '../session/route';
import './startHere.css';

/** localStorage: true once the strip was dismissed. */
export const START_HERE_KEY = 'losslab.lab.startHereDismissed';

/** The pair the strip points to: plain TCP (A) and the same run with loss differentiation (B). */
const PAIR = { a: 'gb04-s1-1mbps-10ms', b: 'gb04-s1-1mbps-10ms-ld' };

/** More places to start: the lessons. */
const MORE: readonly { href: string; label: string }[] = [{ href: '#/learn', label: 'Lessons' }];

/** Memoised: the Lab re-renders on every frame of a run, and the compare link compresses two scenarios. */
export const StartHere = memo(function StartHere({ onLoad }: { onLoad(s: ScenarioJson): void }) {
  const [dismissed, setDismissed] = useState(() => loadJson(START_HERE_KEY) === true);
  const [open, setOpen] = useState(false);
  const watchId = useId();
  const pair = findPair(PAIR.a, PAIR.b);
  if (dismissed || !pair) return null;
  const compare = formatHash('compare', {
    a: encodeScenario(pair.a.scenario),
    b: encodeScenario({ ...pair.b.scenario, seed: pair.a.scenario.seed }),
    view: 'overlay',
  });
  const dismiss = () => {
    saveJson(START_HERE_KEY, true);
    setDismissed(true);
  };
  return (
    <section className="start-here" aria-label="Start here" data-testid="start-here">
      <div className="start-here-line">
        <strong>Start here:</strong>
        <span className="start-here-text">plain TCP vs loss differentiation</span>
        <a className="button small start-here-go" href={compare}>
          Compare them
        </a>
        <button type="button" className="small" onClick={() => onLoad(structuredClone(pair.a.scenario))}>
          Load plain TCP
        </button>
        <button
          type="button"
          className="small"
          aria-expanded={open}
          aria-controls={watchId}
          onClick={() => setOpen((o) => !o)}
        >
          What to watch
        </button>
        {MORE.map((m) => (
          <a key={m.href} className="start-here-more" href={m.href}>
            {m.label}
          </a>
        ))}
        <button
          type="button"
          className="small start-here-close"
          aria-label="Dismiss the start-here strip"
          title="Dismiss (it stays away on this browser)"
          onClick={dismiss}
        >
          ×
        </button>
      </div>
      <p id={watchId} className="start-here-watch" hidden={!open}>
        Run both and watch the congestion window: plain TCP halves it at every packet a bit error damaged, while with
        loss differentiation the receiver reports the damage, the window stays open and the same 1 MB download finishes
        much sooner (Garcia &amp; Brunstrom 2004, Fig. 4).
      </p>
    </section>
  );
});
