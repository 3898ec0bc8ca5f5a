/** Seed, duration, sampling, and the shadow classifiers that judge every loss alongside each flow. */
import { CheckField } from '../controls/CheckField';
import { NumberField } from '../controls/NumberField';
import { ProblemList } from '../controls/ProblemList';
import { plainHint } from '../scenario/plainText';
import { scenarioDefaults } from '../sim/pageCore';
import { problemsAt, useBuilder } from './BuilderContext';

export function RunSettings() {
  const b = useBuilder();
  const s = b.scenario;
  const num = (path: string) => ({
    problems: problemsAt(b.problems, path),
    path,
    onParseError: (m: string | null) => b.parseError(path, m),
  });
  const shadows = s.observe?.shadow_classifiers ?? [];
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...shadows.filter((x) => x !== id), id] : shadows.filter((x) => x !== id);
    const order = b.catalog.classifiers.map((c) => c.id);
    next.sort((a, c) => order.indexOf(a) - order.indexOf(c));
    b.set('observe.shadow_classifiers', next);
  };
  return (
    <div className="fields">
      <div className="row-grid">
        <NumberField
          label="Seed"
          value={s.seed}
          optional
          placeholder="1"
          onCommit={(v) => b.set('seed', v)}
          hint="Same seed, same error patterns"
          {...num('seed')}
        />
        <NumberField
          label="Duration"
          unit="s"
          value={s.stop?.time_s}
          optional
          placeholder={String(scenarioDefaults().stop.time_s)}
          onCommit={(v) => b.set('stop.time_s', v)}
          {...num('stop.time_s')}
        />
        <NumberField
          label="Sample period"
          unit="ms"
          value={s.observe?.sample_ms}
          optional
          placeholder={String(scenarioDefaults().observe.sample_ms)}
          onCommit={(v) => b.set('observe.sample_ms', v)}
          hint="Time between plotted samples; also the Step size"
          {...num('observe.sample_ms')}
        />
        <NumberField
          label="Throughput window"
          unit="ms"
          value={s.observe?.throughput_window_ms}
          optional
          placeholder={String(scenarioDefaults().observe.throughput_window_ms)}
          onCommit={(v) => b.set('observe.throughput_window_ms', v)}
          hint="Each throughput point is the in-order bytes delivered during this trailing window, divided by it. A short window shows bursts: data held back behind a lost segment is delivered at once when the gap is filled, so the line can rise above the link rate."
          {...num('observe.throughput_window_ms')}
        />
      </div>
      <CheckField
        label="Stop when every transfer has finished"
        checked={s.stop?.when_transfers_done ?? true}
        onChange={(c) => b.set('stop.when_transfers_done', c)}
        problems={problemsAt(b.problems, 'stop.when_transfers_done')}
        path="stop.when_transfers_done"
      />
      <CheckField
        label="Record the packet trace (time–sequence diagram, drops by flow)"
        checked={s.observe?.trace ?? false}
        onChange={(c) => b.set('observe.trace', c ? true : undefined)}
        problems={problemsAt(b.problems, 'observe.trace')}
        path="observe.trace"
        hint="Every send, ACK, drop, retransmission, timeout and verdict; memory grows with the run"
      />
      <fieldset className="checks" data-path="observe.shadow_classifiers">
        <legend>Shadow classifiers</legend>
        <p className="field-desc">
          Judge every loss of every flow alongside its own classifier, without influencing it.
        </p>
        <div className="check-grid">
          {b.catalog.classifiers.map((c) => (
            <label key={c.id} title={plainHint(c.description)}>
              <input
                type="checkbox"
                checked={shadows.includes(c.id)}
                onChange={(e) => toggle(c.id, e.target.checked)}
              />
              {c.title}
            </label>
          ))}
        </div>
        {problemsAt(b.problems, 'observe.shadow_classifiers').length > 0 && (
          <ProblemList
            problems={problemsAt(b.problems, 'observe.shadow_classifiers')}
            terms={{ label: 'Shadow classifiers' }}
          />
        )}
      </fieldset>
    </div>
  );
}
