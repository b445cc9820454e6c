// Preloaded (`-r`) into every test process of a Stryker run, before Stryker's own hook. The CLI tests run
// dist/server/cli.js in a child process, where Stryker sees no coverage, so the mutants of cli.ts would count as
// untested. This hook passes itself on to child processes (NODE_OPTIONS); each child that runs instrumented code
// reports, on exit, which mutants of the CLI's own code (cli.js and the modules in cli/ beside it) it reached, and
// the test process adds those to its own coverage before Stryker's hook writes it. Some of that code runs nowhere
// else (the sandbox listener, the front door). Only the CLI's mutants are passed on: the rest of the server, which
// the CLI runs too, is tested in-process by faster tests, and the slow CLI tests should not run for its mutants.
// With CHILD_MUTANTS=server, every server module's are: for a run over code whose real tests are the CLI's (the
// bridge's OAuth login, which only a CLI with a browser-facing callback exercises end to end).
'use strict';
const { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

const FOLDER = 'TOOL_CONSOLE_CHILD_COVERAGE';
const namespace = process.env.STRYKER_NAMESPACE || '__stryker__';

function ownCoverage() {
  const stryker = (globalThis[namespace] ??= {});
  return (stryker.mutantCoverage ??= { static: {}, perTest: {} });
}

/** The mutant ids planted in a file: the instrumenter marks each covered spot with `stryCov_<id>("1", "2", ...)`. */
function mutantIdsIn(file, ids) {
  for (const call of readFileSync(file, 'utf8').matchAll(/stryCov_\w+\(([^)]*)\)/g)) {
    for (const id of call[1].matchAll(/"([^"]+)"/g)) ids.add(id[1]);
  }
  return ids;
}

/** The compiled modules below `folder` (none when it does not exist). */
function modulesIn(folder, recursive) {
  try {
    return readdirSync(folder, { recursive })
      .filter((name) => name.endsWith('.js'))
      .map((name) => join(folder, name));
  } catch {
    return [];
  }
}

/**
 * The mutant ids a child passes on: those of its main module and, when that is dist/server/cli.js, of the modules in
 * cli/ beside it (or, with CHILD_MUTANTS=server, of every module in dist/server).
 */
function cliMutantIds(main) {
  const ids = mutantIdsIn(main, new Set());
  const modules =
    process.env.CHILD_MUTANTS === 'server' ? modulesIn(dirname(main), true) : modulesIn(join(dirname(main), 'cli'));
  for (const file of modules) mutantIdsIn(file, ids);
  return ids;
}

if (process.env[FOLDER] === undefined) {
  // The test process.
  const folder = mkdtempSync(join(tmpdir(), 'stryker-child-coverage-'));
  process.env[FOLDER] = folder;
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(__filename)}`.trim();
  process.on('exit', () => {
    const coverage = ownCoverage().static;
    for (const file of readdirSync(folder)) {
      for (const [id, hits] of Object.entries(JSON.parse(readFileSync(join(folder, file), 'utf8')))) {
        coverage[id] = (coverage[id] ?? 0) + hits;
      }
    }
    rmSync(folder, { recursive: true, force: true });
  });
} else {
  // A child: the CLI (or an MCP server the CLI started, which has no mutants and writes nothing).
  process.on('exit', () => {
    const reached = globalThis[namespace]?.mutantCoverage?.static;
    if (!reached || !process.argv[1]) return;
    const planted = cliMutantIds(process.argv[1]);
    const mine = Object.fromEntries(Object.entries(reached).filter(([id]) => planted.has(id)));
    if (Object.keys(mine).length) writeFileSync(join(process.env[FOLDER], `${process.pid}.json`), JSON.stringify(mine));
  });
}
