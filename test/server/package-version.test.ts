// The version the package reports (`tool-console --version`, the client info MCP servers see): its package.json's,
// read two folders above the compiled module, and 0.0.0 when that file is missing, unreadable or has no string version.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageVersion } from '../../server/package-version.js';

const compiledModule = fileURLToPath(new URL('../../server/package-version.js', import.meta.url));
const folders: string[] = [];

// The copy is an .mjs file, so node loads it as a module without reading the package.json under test itself.
/** packageVersion() of a copy of the compiled module placed as in a package whose package.json holds `manifest`. */
async function versionBeside(manifest: string | undefined): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'tool-console-version-'));
  folders.push(root);
  const moduleFolder = join(root, 'dist', 'server');
  mkdirSync(moduleFolder, { recursive: true });
  copyFileSync(compiledModule, join(moduleFolder, 'package-version.mjs'));
  if (manifest !== undefined) writeFileSync(join(root, 'package.json'), manifest);
  const copy = (await import(pathToFileURL(join(moduleFolder, 'package-version.mjs')).href)) as {
    packageVersion(): string;
  };
  return copy.packageVersion();
}

describe('packageVersion', () => {
  after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it("is this package's version", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    assert.equal(packageVersion(), manifest.version);
  });

  it('is read from the package.json two folders above the module', async () => {
    assert.equal(await versionBeside('{"name":"x","version":"9.8.7"}'), '9.8.7');
  });

  for (const [label, manifest] of [
    ['a version that is not a string', '{"version":987}'],
    ['no version', '{"name":"x"}'],
    ['a package.json that is not JSON', 'version: 1.2.3'],
    ['no package.json', undefined],
  ] as const) {
    it(`is 0.0.0 for ${label}`, async () => {
      assert.equal(await versionBeside(manifest), '0.0.0');
    });
  }
});
