/**
 * The button that enters and leaves presentation mode (see `presentation.ts`), with the keys
 * named in its tooltip.
 */
import { playKeyHint } from './presentation';

export function PresentButton({ presenting, onChange }: { presenting: boolean; onChange(on: boolean): void }) {
  return (
    <button
      type="button"
      title={presenting ? 'Leave presentation mode (Esc)' : `Present: large type, charts only. Keys: ${playKeyHint()}`}
      onClick={() => onChange(!presenting)}
    >
      {presenting ? 'Leave presentation' : 'Present'}
    </button>
  );
}
