// Where the focus goes when a form will not send: to the first place that shows a problem.

/** Focuses a place that shows a problem: the control itself, the first control of a group, or the error list. */
export function focusProblem(place: HTMLElement): void {
  // A control holds no other control, so only a group or the error list finds one inside itself.
  const target = place.querySelector<HTMLElement>('input, select, textarea, button') ?? place;
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}
