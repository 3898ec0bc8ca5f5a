/**
 * A button that a run's progress turns off and on while it may hold the keyboard focus — Run
 * while a run goes on, Pause once it ends, Reset once pressed: it is marked `aria-disabled`
 * instead of `disabled`, so it keeps the focus, and a click or Enter does nothing while it is
 * unavailable. A `disabled` button drops the focus to the start of the page the moment it turns
 * off: a screen reader's user who pressed Run heard the run start and was then nowhere (heard
 * with Orca; docs/accessibility.md, "Screen reader"). Screen readers say such a button is
 * unavailable; controls.css draws it as a disabled one.
 */
export function keepsFocus(
  unavailable: boolean,
  onClick: () => void,
): { 'aria-disabled': boolean; onClick: () => void } {
  return {
    'aria-disabled': unavailable,
    onClick: () => {
      if (!unavailable) onClick();
    },
  };
}
