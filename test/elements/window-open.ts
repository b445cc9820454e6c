// window.open stood in for, so a test can see what the page asked to open without a tab opening.

/** Runs `body` with every window.open call recorded (its arguments) and nothing opened; window.open is put back after. */
export async function recordingOpens(body: (opened: unknown[][]) => Promise<void>): Promise<void> {
  const opened: unknown[][] = [];
  const realOpen = window.open;
  window.open = (...args: unknown[]) => {
    opened.push(args);
    return null;
  };
  try {
    await body(opened);
  } finally {
    window.open = realOpen;
  }
}
