// Stryker's build step, run inside its sandbox (`.stryker-tmp/sandbox-*` in the project) after the mutants are
// planted: links the project's node_modules in (Stryker links only a real directory, and a git worktree's
// node_modules is often a symlink) and compiles the mutated sources and the tests to dist/ with tsc. The page is
// not rebuilt here: `npm run mutation` builds it once from the unmutated elements and Stryker copies dist/page in.
// `--link-only` (the element run, test/mutation/elements.config.mjs) only links: web-test-runner compiles the mutated
// elements itself as it serves them, and those tests need neither dist/ nor tsc.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const linkOnly = process.argv.includes('--link-only');
if (!linkOnly && !existsSync('dist/page/index.html')) {
  console.error(
    'tool-console: dist/page is missing in the sandbox; run `npm run mutation`, which builds the page first.',
  );
  process.exit(1);
}

// The sandbox sits inside the project, so node's lookup through the parent folders finds the project's packages.
const typescript = dirname(realpathSync(createRequire(resolve('package.json')).resolve('typescript/package.json')));
if (!existsSync('node_modules')) symlinkSync(dirname(typescript), 'node_modules', 'dir');

if (linkOnly) process.exit(0);

const tsc = spawnSync(process.execPath, [join(typescript, 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
  stdio: 'inherit',
});
process.exit(tsc.status ?? 1);
