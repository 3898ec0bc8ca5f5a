/**
 * "Export CSV" of the lab and Compare: runs the export and, when it fails, says why under the
 * run bar instead of failing silently — e.g. a series file too big for the browser (every sample
 * goes in the file, however few the page keeps; sim-core `budget::series_export_refusal`).
 */
import { useState, type ReactNode } from 'react';
import './run.css';

/** A command the message names (`losslab run --series`): kept on one line and marked as code. */
const COMMAND = /(losslab [a-z]+(?: --[a-z-]+)*)/;

/** The message with its commands as unbreakable code (a narrow screen broke one at its hyphen). */
function withCommands(text: string): ReactNode[] {
  return text.split(COMMAND).map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="command">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

export function ExportCsvButton({ disabled, exportCsv }: { disabled: boolean; exportCsv: () => Promise<void> }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await exportCsv();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="present-hide" disabled={disabled || busy} onClick={() => void run()}>
        Export CSV
      </button>
      {problem && (
        <p role="alert" className="run-error export-problem">
          <strong>The CSV was not exported:</strong> {withCommands(problem)}
        </p>
      )}
    </>
  );
}
