// --open hands the URL to the system's opener: `open` on macOS, `start` through cmd on Windows (its `&` escaped, since
// cmd would split the command there), xdg-open elsewhere. Fake openers on PATH record what they were given through a
// FIFO, which the test reads as soon as they write; a failure to start one, or its failure, is reported.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { openInBrowser } from '../../server/cli/open-browser.js';

const URL_WITH_QUERY = 'https://auth.example/authorize?a=1&b=2';

const saved = { path: process.env.PATH, platform: Object.getOwnPropertyDescriptor(process, 'platform')! };

/** A folder on PATH alone with a fake `command` that writes its arguments (one a line) to a FIFO, then exits `code`. */
function fakeOpener(command: string, code: number): { heard: Promise<string[]> } {
  const folder = mkdtempSync(join(tmpdir(), 'tool-console-opener-'));
  const fifo = join(folder, 'heard');
  execFileSync('mkfifo', [fifo]);
  const script = join(folder, command);
  writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > '${fifo}'\nexit ${code}\n`);
  chmodSync(script, 0o755);
  process.env.PATH = `${folder}:/bin:/usr/bin`;
  return { heard: readFile(fifo, 'utf8').then((text) => text.split('\n').slice(0, -1)) };
}

function onPlatform(platform: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { ...saved.platform, value: platform });
}

/** The first failure reported. */
function failure(): { onFailure: (reason: string) => void; reported: Promise<string> } {
  let onFailure!: (reason: string) => void;
  const reported = new Promise<string>((resolve) => (onFailure = resolve));
  return { onFailure, reported };
}

describe('openInBrowser', () => {
  afterEach(() => {
    process.env.PATH = saved.path;
    Object.defineProperty(process, 'platform', saved.platform);
  });

  it('runs xdg-open with the URL on Linux, and reports its failure with its exit code', async () => {
    onPlatform('linux');
    const opener = fakeOpener('xdg-open', 3);
    const { onFailure, reported } = failure();
    openInBrowser(URL_WITH_QUERY, onFailure);
    assert.deepEqual(await opener.heard, [URL_WITH_QUERY]);
    assert.equal(await reported, 'xdg-open exited with 3');
  });

  it('runs open with the URL on macOS', async () => {
    onPlatform('darwin');
    const opener = fakeOpener('open', 4);
    const { onFailure, reported } = failure();
    openInBrowser(URL_WITH_QUERY, onFailure);
    assert.deepEqual(await opener.heard, [URL_WITH_QUERY]);
    assert.equal(await reported, 'open exited with 4');
  });

  it('runs start through cmd on Windows, with an empty title and every & escaped', async () => {
    onPlatform('win32');
    const opener = fakeOpener('cmd', 5);
    const { onFailure, reported } = failure();
    openInBrowser('https://auth.example/?a=1&b=2&c=3', onFailure);
    assert.deepEqual(await opener.heard, ['/c', 'start', '""', 'https://auth.example/?a=1^&b=2^&c=3']);
    assert.equal(await reported, 'cmd exited with 5');
  });

  it('reports an opener that is not installed', async () => {
    onPlatform('linux');
    process.env.PATH = mkdtempSync(join(tmpdir(), 'tool-console-no-opener-'));
    const { onFailure, reported } = failure();
    openInBrowser(URL_WITH_QUERY, onFailure);
    assert.equal(await reported, 'xdg-open: spawn xdg-open ENOENT');
  });
});
