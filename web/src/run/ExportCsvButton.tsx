/**
 * "Export CSV" of the lab and Compare: runs the export and, when it fails, says why under the
 * run bar instead of failing silently — e.g. a series file too big for the browser (every sample
 * goes in the file, however few the page keeps; sim-core `budget::series_export_refusal`, issue 15).
 */
import { useState } from 'react';
import './run.css';

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
          <strong>The CSV was not exported:</strong> {problem}
        </p>
      )}
    </>
  );
}
