/**
 * A file picker: a real button (reached with Tab, pressed with Enter or Space, its words read by
 * screen readers, with the line beside it as its description) that opens the system's file
 * chooser, and hands over the one file chosen. The browser's own file input stays out of sight
 * and out of the accessibility tree (`hidden`): people meet only the button. The input is reset
 * after each choice, so choosing the same file again (after editing it) opens it again.
 *
 * Used by the builder's "Upload JSON" (`builder/ScenarioFile.tsx`) and the Sweep view's "Open
 * sweep file…" (`sweep/SweepPage.tsx`).
 */
import { useId, useRef, type ReactNode } from 'react';

export interface FilePickerProps {
  /** The button's words (`Upload JSON`, `Open sweep file…`). */
  label: string;
  /** What the file input takes (`.json,application/json`). */
  accept: string;
  /** Called with the file chosen. */
  onFile(file: File): void;
  /**
   * The file input's own name: what automated tests hand a file to (`Scenario file to upload`);
   * people never meet it. Default: the button's words without a trailing ellipsis.
   */
  inputLabel?: string;
  /** A line beside the button saying what file it takes; read as the button's description. */
  description?: ReactNode;
  className?: string;
}

export function FilePicker({ label, accept, onFile, inputLabel, description, className }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const descId = useId();
  return (
    <span className={`file-picker${className ? ` ${className}` : ''}`}>
      <button type="button" aria-describedby={description ? descId : undefined} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel ?? label.replace(/…$/, '')}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
      {description && (
        <span id={descId} className="muted">
          {description}
        </span>
      )}
    </span>
  );
}
