// Reaching a tool UI from an end-to-end test: the console puts the sandbox proxy (an iframe on the sandbox origin) in
// the page, and the proxy puts the app in an inner `about:srcdoc` frame. Playwright sees every frame, whatever its
// origin, so a test can read and drive the app as the person in front of it would.
import type { Frame, Page } from 'playwright-core';

/** The app's frame (the srcdoc child of the sandbox proxy), once the app document shows `ready` (a selector). */
export async function appFrame(page: Page, ready: string): Promise<Frame> {
  for (;;) {
    const frame = page.frames().find((candidate) => isAppFrame(candidate));
    if (
      frame &&
      (await frame
        .locator(ready)
        .count()
        .catch(() => 0)) > 0
    )
      return frame;
    await page.waitForEvent('framenavigated', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(50);
  }
}

function isAppFrame(frame: Frame): boolean {
  const proxy = frame.parentFrame();
  return frame.url() === 'about:srcdoc' && proxy !== null && new URL(proxy.url()).pathname.endsWith('/sandbox');
}

/** The sandbox proxy's frame: the app's parent. */
export function proxyFrame(page: Page): Frame | undefined {
  return page.frames().find((frame) => frame.url() !== 'about:srcdoc' && frame.url().includes('/sandbox'));
}

/**
 * Resolves once `check(arg)`, run in the frame, is true. Polls with `evaluate`: an app frame's CSP has no
 * 'unsafe-eval', which Playwright's own waitForFunction needs there.
 */
export async function untilInFrame(
  frame: Frame,
  check: (arg: string | null) => boolean,
  arg: string | null,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await frame.evaluate(check, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting in the app's frame for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
