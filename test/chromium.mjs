// Where the browser for every browser test (web-test-runner, playwright-core, the page benchmark) comes from.
// No test tool downloads its own browser here: we drive the system's Chromium.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Flags for a headless Chromium on a closed network, possibly as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The Chromium to run: `CHROME_PATH` if set, else the first one installed. Throws with how to install one. */
export function chromiumPath() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points at ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (Debian: `apt-get install -y chromium`) ' +
        'or set CHROME_PATH to a Chrome or Chromium binary.',
    );
  }
  return found;
}
