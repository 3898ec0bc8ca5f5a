/**
 * "Load a trace file…" for a link direction's capacity (`rate_trace`) or its loss events
 * (`loss_trace`), docs/traces.md. The file is read in the page by the simulator's own trace reader
 * (wasm `traceFromFile`, the reader the command line uses for a `file` a scenario names), so a file
 * the command line takes loads here too, and a bad one is refused with the same file-and-line
 * message. A trace a share link left out by name (too big for a link) is named with what to do.
 */
import { useState } from 'react';
import { FilePicker } from '../controls/FilePicker';
import { ProblemList } from '../controls/ProblemList';
import { formatBytes } from '../lib/numberFormat';
import { maxInputBytes, traceFromFile } from '../sim/pageCore';
import type { RateTraceJson } from '../scenario/types';
import { splitProblem } from '../sim/protocol';
import { problemsAt, useBuilder } from './BuilderContext';

const WORDS = {
  rate: {
    load: 'Load a capacity trace…',
    replace: 'Load another trace…',
    input: 'Capacity trace file',
    takes: 'Mahimahi (.mahi: one delivery time in ms per line) or CSV of time_s,rate_bps',
    needs: 'capacity trace',
  },
  loss: {
    load: 'Load loss events…',
    replace: 'Load other events…',
    input: 'Loss event file',
    takes: 'CSV with a time_ms or time_s column, or a packet log with a lost column',
    needs: 'loss-event file',
  },
} as const;

export type TraceFileFieldProps = {
  /** JSON path whose problems this field shows (`…rate_trace`, `…errors.file`). */
  path: string;
  labelPrefix: string;
  /** A trace from a file is in the scenario. */
  loaded: boolean;
  /** The file a share link left out, which the scenario needs. */
  missing?: string;
} & ({ what: 'rate'; onLoad(trace: RateTraceJson): void } | { what: 'loss'; onLoad(ms: number[], name: string): void });

export function TraceFileField(props: TraceFileFieldProps) {
  const { what, path, labelPrefix, loaded, missing } = props;
  const words = WORDS[what];
  const b = useBuilder();
  // The validator's word on a `file` (read by the command line) is the sentence below, in the
  // page's terms; its other problems (a trace's bad entry) are listed as they are.
  const problems = problemsAt(b.problems, path).filter((x) => !/\.file$/.test(splitProblem(x).path));
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File) => {
    const max = maxInputBytes();
    if (file.size > max) {
      setProblem(`${file.name} is ${formatBytes(file.size)}; a trace file may hold at most ${formatBytes(max)}.`);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setProblem(`${file.name} could not be read.`);
      return;
    }
    try {
      if (props.what === 'rate') props.onLoad(traceFromFile('rate', file.name, text));
      else props.onLoad(traceFromFile('loss', file.name, text), file.name);
      setProblem(null);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className={`trace-file${missing !== undefined || problems.length ? ' field-invalid' : ''}`} data-path={path}>
      {missing !== undefined && (
        <p className="trace-missing" data-testid={`trace-missing-${what}`}>
          This scenario needs the {words.needs} “{missing}”, which was too big to travel in its link. Load that file
          here to run it.
        </p>
      )}
      <FilePicker
        label={loaded ? words.replace : words.load}
        accept={what === 'rate' ? '.mahi,.csv,.txt,text/plain,text/csv' : '.csv,.txt,text/plain,text/csv'}
        inputLabel={`${labelPrefix}${words.input}`}
        description={words.takes}
        onFile={(f) => void onFile(f)}
      />
      {problems.length > 0 && <ProblemList problems={problems} />}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
