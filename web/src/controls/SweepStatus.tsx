/**
 * The rows under a sweep's run bar, shared by the Sweep view and a paper's figure: the share link
 * (after "Copy link"), the progress bar with its words, and the runs that failed. `useCopyLink`
 * puts a page's address in the location bar and on the clipboard, and keeps it to show. A screen
 * reader is told when a sweep starts, finishes or is cancelled — not each run, which would be a
 * stream of numbers (the progress bar has them for whoever goes to read it).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Announce } from './Announce';

export function useCopyLink(): { link: string | null; copy(hash: string, url: string): Promise<void> } {
  const [link, setLink] = useState<string | null>(null);
  const copy = useCallback(async (hash: string, url: string) => {
    history.replaceState(null, '', hash);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* shown for copying by hand */
    }
  }, []);
  return { link, copy };
}

export interface SweepStatusProps {
  /** Prefix of the element ids and test ids (`sweep` → `sweep-link`, `sweep-progress`). */
  id: string;
  link: string | null;
  /** What the progress bar measures, for screen readers (`Sweep progress`). */
  progressLabel: string;
  /** No progress row before the first run. */
  progress: { done: number; total: number; state: string; text: ReactNode } | null;
  errors: readonly string[];
}

/** What a screen reader is told of a sweep's course ('' before the first). */
function sweepNews(progressLabel: string, progress: SweepStatusProps['progress']): string {
  if (!progress) return '';
  const runs = `${progress.total} run${progress.total === 1 ? '' : 's'}`;
  if (progress.state === 'running') return `${progressLabel}: started, ${runs}.`;
  if (progress.state === 'cancelled') return `${progressLabel}: cancelled after ${progress.done} of ${runs}.`;
  if (progress.state === 'done') return `${progressLabel}: finished, ${progress.done} of ${runs}.`;
  return '';
}

export function SweepStatus({ id, link, progressLabel, progress, errors }: SweepStatusProps) {
  return (
    <>
      <Announce text={sweepNews(progressLabel, progress)} />
      {link && (
        <div className="share-link">
          <label htmlFor={`${id}-link`}>Share link</label>
          <input id={`${id}-link`} readOnly value={link} data-testid="share-link" />
        </div>
      )}
      {progress && (
        <div className="progress-row">
          <progress aria-label={progressLabel} max={1} value={progress.done / Math.max(1, progress.total)} />
          <span
            className="progress-text"
            data-testid={`${id}-progress`}
            data-done={progress.done}
            data-total={progress.total}
            data-state={progress.state}
          >
            {progress.text}
          </span>
        </div>
      )}
      {errors.length > 0 && (
        <div role="alert" className="run-error">
          <ul>
            {errors.slice(0, 10).map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
