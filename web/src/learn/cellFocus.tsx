/**
 * Which results-table cell the reader is pointing at from the prose: a number in the text links
 * to its cell (`[about 13 s](#cell:ld/ld-5/completion)`); hovering or focusing the number lights
 * the cell up, clicking it also scrolls the cell into view. The lesson page provides the state;
 * elsewhere (projector, print) the number is plain text.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { prefersReducedMotion } from '../lib/motion';

export interface CellFocus {
  /** `figure/row/col` lit up, or null. */
  focused: string | null;
  focus(key: string | null): void;
}

const Context = createContext<CellFocus | null>(null);

export function CellFocusProvider({ children }: { children: ReactNode }) {
  const [focused, focus] = useState<string | null>(null);
  const value = useMemo(() => ({ focused, focus }), [focused]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useCellFocus(): CellFocus | null {
  return useContext(Context);
}

/** A prose number linked to table cell `target` (`figure/row/col`). */
export function CellLink({ target, children }: { target: string; children?: ReactNode }) {
  const ctx = useCellFocus();
  if (!ctx) return <>{children}</>;
  const show = () => ctx.focus(target);
  const hide = () => ctx.focus(null);
  return (
    <button
      type="button"
      className={`cell-link${ctx.focused === target ? ' lit' : ''}`}
      data-cell-link={target}
      title="Show this number in the figure's results table"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onClick={() => {
        show();
        document
          .querySelector(`[data-cell="${CSS.escape(target)}"]`)
          ?.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      }}
    >
      {children}
    </button>
  );
}
