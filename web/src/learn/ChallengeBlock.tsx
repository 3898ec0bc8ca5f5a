/**
 * A lesson's class challenge: the reader writes a loss classifier (JavaScript, the lab's "Your
 * code" interface, docs/design.md §1.15), runs the lesson's benchmark sweep over the worker pool,
 * and sees a scoreboard ranking it among the built-in classifiers (`challenge.ts`). The code is
 * kept in this browser (localStorage) so a reload does not lose it. The built-in classifiers'
 * runs are kept after the first sweep, so a second try runs only the reader's points. Both CSVs
 * download with the bytes `losslab sweep --out/--scoreboard` writes for the same file.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { CodeField, useCodeMistake } from '../builder/CodeField';
import { CLASSIFIER_TEMPLATES } from '../builder/codeTemplates';
import { TemplateBar } from '../builder/TemplateBar';
import { downloadText } from '../lib/download';
import { pageCatalog, titleOf } from '../scenario/catalog';
import { codeFields } from '../sim/customFields';
import { SweepModel, type ScoreboardBoard } from '../sim/pageCore';
import { useSweep } from '../sim/useSweep';
import {
  builtinResults,
  challengeFile,
  challengeSweepJson,
  columnWords,
  CUSTOM,
  ordinal,
  SCORE_WORDS,
} from './challenge';
import type { ChallengeSpec } from './lessonModel';

const storageKey = (lesson: string, id: string) => `losslab.challenge.${lesson}.${id}`;

function storedCode(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storeCode(key: string, code: string | null): void {
  try {
    if (code === null) localStorage.removeItem(key);
    else localStorage.setItem(key, code);
  } catch {
    /* private mode: the code lives as long as the page */
  }
}

/** "point 80 replication 2: your classifier (…): TypeError … (line 3)" → the part after the run's name. */
function plainError(e: string): string {
  return e.replace(/^point \d+ replication \d+: /, '').replace(/^point \d+ replication \d+ \(seed \d+\): /, '');
}

export function ChallengeBlock({ lessonId, challenge }: { lessonId: string; challenge: ChallengeSpec }) {
  const file = useMemo(() => challengeFile(challenge.sweep), [challenge.sweep]);
  const key = storageKey(lessonId, challenge.id);
  const [code, setCode] = useState<string | null>(() => storedCode(key));
  const sweep = useSweep();
  const kept = useRef<Map<number, Float64Array> | null>(null);
  const [ranWithCode, setRanWithCode] = useState(false);
  const records = useMemo(() => {
    const f = codeFields();
    return { ack: f.ack, loss: f.loss, window: f.window };
  }, []);
  const mistake = useCodeMistake(code);

  useEffect(() => storeCode(key, code), [key, code]);

  const run = sweep.run;
  const done = run?.state === 'done';
  // Keep the built-in classifiers' runs once a sweep has finished them all.
  useEffect(() => {
    if (!run || !done || kept.current) return;
    const r = run.results;
    const builtin = builtinResults(r.model.plan, (pos) => (r.complete(pos) ? r.flat(pos) : null));
    const expected = r.model.plan.points.filter((p) => p.values[0] !== CUSTOM).length;
    if (builtin.size === expected) kept.current = builtin;
  }, [run, done]);

  const outcome = useMemo((): { csv: string; board: ScoreboardBoard } | { error: string } | null => {
    if (!run || !done) return null;
    if (run.errors.length > 0) return { error: plainError(run.errors[0]) };
    const r = run.results;
    try {
      return r.model.scoreboard(r.points.map((_, pos) => r.flat(pos)));
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [run, done]);

  if (typeof file === 'string')
    return (
      <p className="run-error" role="alert">
        This challenge cannot run: {file}.
      </p>
    );

  const start = () => {
    const withCode = code !== null && code.trim() !== '' && !mistake;
    setRanWithCode(withCode);
    sweep.start(new SweepModel(challengeSweepJson(file, withCode ? code : null)), kept.current ?? undefined);
  };
  const running = run?.state === 'running';
  const catalog = pageCatalog();
  const nameOf = (v: unknown) =>
    v === CUSTOM ? 'Your classifier' : titleOf(catalog, 'classifiers', typeof v === 'string' ? v : String(v));
  const board = outcome && 'board' in outcome ? outcome.board : null;
  // Points per ranked value: the conditions each cell averages.
  const points = run?.results.points ?? [];
  const conditions = points.filter((p) => p.values[0] === points[0]?.values[0]).length;
  const yourRank = board ? board.lines.findIndex((l) => l.value === CUSTOM) + 1 : 0;

  return (
    <section className="challenge" aria-labelledby={`challenge-${challenge.id}`} data-testid="challenge">
      <h3 id={`challenge-${challenge.id}`}>{challenge.title}</h3>
      <TemplateBar
        title="Your classifier"
        what="classifier"
        templates={CLASSIFIER_TEMPLATES}
        hasCode={code !== null}
        onPick={setCode}
        onRemove={() => setCode(null)}
        className="challenge-bar"
      />
      {code !== null && (
        <CodeField
          value={code}
          onChange={setCode}
          label="Your classifier, JavaScript defining class Classifier"
          records={records}
          mistake={mistake}
        />
      )}
      <div className="challenge-bar">
        <button type="button" onClick={start} disabled={running}>
          {code !== null && !mistake ? 'Run the challenge with your classifier' : 'Run the challenge'}
        </button>
        {running && (
          <button type="button" onClick={sweep.cancel}>
            Stop
          </button>
        )}
        {run && (
          <span
            className="progress-text"
            data-testid="challenge-progress"
            data-state={run.state}
            data-done={run.done}
            data-total={run.total}
          >
            {running
              ? `${run.done} of ${run.total} runs`
              : run.state === 'cancelled'
                ? 'Stopped.'
                : `${run.total} runs in ${(((run.finishedWall ?? 0) - run.startedWall) / 1000).toFixed(1)} s`}
          </span>
        )}
      </div>
      {outcome && 'error' in outcome && (
        <div className="run-error" role="alert">
          <p>
            {ranWithCode ? 'Your classifier stopped the challenge: ' : 'The challenge did not finish: '}
            {outcome.error}
          </p>
          <p>The scoreboard needs every run; fix the code and run the challenge again.</p>
        </div>
      )}
      {board && outcome && 'csv' in outcome && (
        <>
          {ranWithCode && yourRank > 0 && (
            <p className="challenge-rank" data-testid="challenge-rank">
              Your classifier ranks {ordinal(yourRank)} of {board.lines.length}.
            </p>
          )}
          <div className="challenge-scroll">
            <table
              className="challenge-board"
              data-testid="challenge-board"
              aria-describedby={`challenge-${challenge.id}-note`}
            >
              <caption className="sr-only">The challenge’s scoreboard, best score first</caption>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Classifier</th>
                  <th scope="col">{SCORE_WORDS.label}</th>
                  {board.columns.map((c) => (
                    <th scope="col" key={c}>
                      {columnWords(c).label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {board.lines.map((l, i) => (
                  <tr key={String(l.value)} className={l.value === CUSTOM ? 'challenge-yours' : undefined}>
                    <td>{i + 1}</td>
                    <th scope="row">{nameOf(l.value)}</th>
                    <td>{l.score === null ? '—' : SCORE_WORDS.show(l.score)}</td>
                    {l.cells.map((x, k) => (
                      <td key={board.columns[k]}>{x === null ? '—' : columnWords(board.columns[k]).show(x)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="challenge-note" id={`challenge-${challenge.id}-note`}>
            Ranked by the score. Each cell is the mean over {conditions} conditions of that condition’s mean over{' '}
            {run?.results.replications ?? 0} runs.
          </p>
          <div className="challenge-bar">
            <button
              type="button"
              onClick={() => downloadText(`${challenge.sweep}-scoreboard.csv`, outcome.csv, 'text/csv')}
            >
              Download the scoreboard (CSV)
            </button>
            <button
              type="button"
              onClick={() => run && downloadText(`${challenge.sweep}.csv`, run.results.csv(), 'text/csv')}
            >
              Download every condition’s results (CSV)
            </button>
          </div>
        </>
      )}
    </section>
  );
}
