// The parts of the console loaded after the first look: each defines its elements when first needed, so the page (or
// the CDN file) opens with the list alone.

/**
 * Defines `<tool-form>` and `<tool-question>`, loading them once, when the first tool is opened: the form machinery is
 * the largest part of the elements, and the first load (of the page, or of the CDN file) needs only the list.
 * (`elements/index.ts` includes them as usual, for bundlers.)
 */
export const loadToolForm = () => import('../tool-form-and-question.js');

/** Defines `<tool-result>`, loaded with the first call: there is no result to show before one. */
export const loadToolResult = () => import('../tool-result/tool-result.js');

/** Defines `<saved-calls>` (Save call, the collection, copy as command), on its own, when the first tool is opened. */
export const loadSavedCalls = () => import('../saved-calls/saved-calls.js');

/** Runs `work` when the browser has nothing better to do (soon, where it cannot tell). */
export const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work);
