/**
 * The `?` dialog: which keys drive the lab. Opened by `?` anywhere outside a text field
 * (keys.ts); the list is the run's own PLAY_KEYS (run/presentation.ts).
 */
import { useCallback, useState } from 'react';
import { Dialog } from '../controls/Dialog';
import { PLAY_KEYS } from '../run/presentation';
import { useHelpKey } from './keys';

export function KeysHelp() {
  const [open, setOpen] = useState(false);
  useHelpKey(useCallback(() => setOpen(true), []));
  return (
    <Dialog title="Keyboard keys" open={open} onClose={() => setOpen(false)}>
      <p>On the Lab and Compare pages, when the cursor is not in a field:</p>
      <dl className="keys-help">
        {PLAY_KEYS.map((k) => (
          <div key={k.key}>
            <dt>
              <kbd>{k.key}</kbd>
            </dt>
            <dd>
              {k.does[0].toUpperCase() + k.does.slice(1)}
              {k.presentingOnly ? ' presentation mode' : ' the simulation'}
            </dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>?</kbd>
          </dt>
          <dd>Show this list</dd>
        </div>
      </dl>
    </Dialog>
  );
}
