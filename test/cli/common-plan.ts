// The flags every scripted command shares, as the parser gives them with none set: the in-process command tests
// start from it and change only what a test is about.
import type { CommonPlan } from '../../server/cli/commands/one-shot-args.js';

export function commonPlan(more: Partial<CommonPlan> = {}): CommonPlan {
  return {
    target: undefined,
    tokenStore: undefined,
    clientId: undefined,
    clientSecret: undefined,
    json: false,
    timeoutMs: 10_000,
    connectTimeoutMs: 10_000,
    answers: [],
    ...more,
  };
}
