/**
 * A long builder list shown a window at a time: the first `step` rows, then "Show
 * more" adds `step` rows at a time, so 1000 flows or 2000 links do not put every row's fields in
 * the page at once. A row holding a validator problem is always shown (its field must exist for
 * the problem to appear at it).
 */
import { Fragment, type ReactNode, useState } from 'react';

export interface WindowedListProps<T> {
  items: readonly T[];
  /** Rows added per "Show more". */
  step: number;
  /** Accessible name of the list ("Flows"). */
  label: string;
  /** Plural noun for the button ("flows"). */
  noun: string;
  className?: string;
  /** True for rows that must stay visible (e.g. they hold a problem). */
  pinned?(index: number): boolean;
  render(item: T, index: number): ReactNode;
  /** False when `render` returns the `<li>` itself. */
  wrap?: boolean;
}

export function WindowedList<T>({
  items,
  step,
  label,
  noun,
  className,
  pinned,
  render,
  wrap = true,
}: WindowedListProps<T>) {
  const [shown, setShown] = useState(step);
  const hidden = Math.max(0, items.length - shown);
  return (
    <>
      <ol className={className} aria-label={label}>
        {items.map((item, i) =>
          i < shown || pinned?.(i) ? (
            wrap ? (
              <li key={i}>{render(item, i)}</li>
            ) : (
              <Fragment key={i}>{render(item, i)}</Fragment>
            )
          ) : null,
        )}
      </ol>
      {hidden > 0 && (
        <p className="window-more">
          <span>
            Showing {Math.min(shown, items.length)} of {items.length} {noun}.
          </span>{' '}
          <button type="button" onClick={() => setShown((s) => s + step)}>
            Show {Math.min(step, hidden)} more
          </button>
        </p>
      )}
    </>
  );
}
