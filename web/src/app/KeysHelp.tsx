/**
 * The `?` dialog: which keys drive the lab, and the switch that turns the single-key shortcuts off
 * (session/singleKeys.ts). Opened by `?` anywhere outside a text field, or by the "Keyboard keys"
 * button at the foot of every page (keys.ts); the list is the run's own PLAY_KEYS
 * (run/presentation.ts).
 */
import { useCallback, useState } from 'react';
import { Dialog } from '../controls/Dialog';
import { PLAY_KEYS } from '../run/presentation';
import { setSingleKeys, singleKeysOn } from '../session/singleKeys';
import { useHelpKey } from './keys';

export function KeysHelp() {
  const [open, setOpen] = useState(false);
  const [single, setSingle] = useState(singleKeysOn);
  useHelpKey(
    useCallback(() => {
      setSingle(singleKeysOn());
      setOpen(true);
    }, []),
  );
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
      <label className="field-check">
        <input
          type="checkbox"
          checked={single}
          aria-describedby="single-keys-desc"
          onChange={(e) => {
            setSingle(e.target.checked);
            setSingleKeys(e.target.checked);
          }}
        />
        Single-key shortcuts: Space, →, R and ?
      </label>
      <p className="field-desc" id="single-keys-desc">
        Turned off, these keys do nothing, so a stray key or a spoken word cannot run or reset the simulation. Esc still
        leaves presentation mode, and a chart you have moved to keeps its own keys. This list is also under the Keyboard
        keys button at the foot of every page. Kept on this device.
      </p>
    </Dialog>
  );
}
