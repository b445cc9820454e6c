// Types for the plain-JavaScript mutation runner, for its test (test/mutation/wtr-runner.test.ts).
import type { Logger } from '@stryker-mutator/api/logging';
import type { TestRunner } from '@stryker-mutator/api/test-runner';

export declare class WebTestRunner implements TestRunner {
  constructor(logger: Logger, options: { wtr?: { configFile?: string; files?: string[] } });
  capabilities(): { reloadEnvironment: boolean };
  dryRun: TestRunner['dryRun'];
  mutantRun: TestRunner['mutantRun'];
  dispose(): Promise<void>;
}
