// The browser side of the web-test-runner mutation runner (wtr-runner.mjs): what each test page is given before its
// own scripts run, and what is read back from it when its test file has finished.
//
// Stryker's instrumented code looks for `globalThis.__stryker__`: `activeMutant` (the mutant switched on), `hitLimit`
// and `hitCount` (it throws past the limit, which ends an endless loop), and `mutantCoverage`, where it counts every
// mutant it passes: under `static` while no `currentTestId` is set, else under `perTest[currentTestId]`.

/** The one key a page records its tests' coverage under: a page runs one test file, the runner knows which. */
export const PAGE_TEST_ID = 'page';

/**
 * Runs in the page before any of its scripts (so before the first instrumented module).
 * Module-level code (imports, class definitions, `describe` bodies) runs while nothing is set, so it counts as
 * static, which the project's `ignoreStatic` leaves out, as it does for the node tests. The test framework assigns
 * `window.mocha` and calls `mocha.run()` once the test file is loaded: from then on everything counts for the file.
 */
function preparePage(activeMutant, hitLimit, bail, testId) {
  const ns = (globalThis.__stryker__ = { mutantCoverage: { static: {}, perTest: {} } });
  if (activeMutant !== undefined && activeMutant !== null) ns.activeMutant = activeMutant;
  if (typeof hitLimit === 'number') {
    ns.hitLimit = hitLimit;
    ns.hitCount = 0;
  }
  let mocha;
  Object.defineProperty(globalThis, 'mocha', {
    configurable: true,
    get: () => mocha,
    set(value) {
      mocha = value;
      if (!value || value.__strykerHooked) return;
      value.__strykerHooked = true;
      const run = value.run;
      value.run = function (...args) {
        ns.currentTestId = testId;
        // Bailing: the first failing test ends the file, which is all a mutant run needs to know.
        if (bail) this.bail(true);
        return run.apply(this, args);
      };
    },
  });
}

/**
 * Wraps web-test-runner's Chrome launcher so that every test file gets a new page prepared for the current mutant,
 * the page's coverage is read before the launcher leaves it, and the browser outlives the end of each run (the
 * scheduler stops it when all sessions are done, which in a mutation run is after every mutant).
 * @param {import('@web/test-runner-chrome').ChromeLauncher} launcher
 * @param {() => {activeMutant?: string, hitLimit?: number, bail: boolean}} pageState read as each page opens
 */
export function instrumentLauncher(launcher, pageState) {
  if (typeof launcher.createPageFn !== 'function' || !Array.isArray(launcher.inactivePages)) {
    throw new Error('The mutation runner needs @web/test-runner-chrome 0.18 (createPageFn, inactivePages).');
  }
  const createPage = launcher.createPageFn;
  const stopSession = launcher.stopSession.bind(launcher);
  const stopBrowser = launcher.stop.bind(launcher);
  /** @type {Map<string, {coverage?: object, hitCount?: number}>} by session id */
  const pageResults = new Map();

  launcher.createPageFn = async (args) => {
    const page = await createPage(args);
    const { activeMutant, hitLimit, bail } = pageState();
    await page.evaluateOnNewDocument(preparePage, activeMutant ?? null, hitLimit ?? null, bail, PAGE_TEST_ID);
    return page;
  };

  launcher.stopSession = async (sessionId) => {
    const page = launcher.getPage(sessionId);
    try {
      pageResults.set(
        sessionId,
        await page.evaluate(() => {
          const ns = globalThis.__stryker__;
          return ns ? { coverage: ns.mutantCoverage, hitCount: ns.hitCount } : {};
        }),
      );
    } catch (error) {
      // The page navigated away or crashed: its coverage is lost, which the dry run reports as an error.
      pageResults.set(sessionId, { error: String(error) });
    }
    const result = await stopSession(sessionId);
    // A used page is not reused: the next file needs a page prepared for the mutant active then.
    const used = launcher.inactivePages.pop();
    await used?.puppeteerPage.close().catch(() => {});
    return result;
  };

  // web-test-runner stops the browser when a run has no sessions left; the mutation runner stops it at the end.
  launcher.stop = async () => {};

  return {
    pageResults,
    async stopBrowser() {
      const browser = launcher.browser;
      await Promise.race([stopBrowser(), new Promise((done) => setTimeout(done, 5_000))]).catch(() => {});
      // A page stuck in an endless loop can keep close() waiting: the process goes either way.
      browser?.process()?.kill('SIGKILL');
    },
  };
}
