// The doctor's diagnosis of a connection that fails, for the doctor's tests: the sentence a person reads must be the
// McpConnectionError's message (what the CLI prints and a 502 answers), and a diagnosis must come with it.
import assert from 'node:assert/strict';
import { connectMcp, McpConnectionError, type McpTarget } from '../../server/mcp/index.js';
import type { Diagnosis } from '../../server/mcp/doctor/diagnosis.js';

/** The diagnosis of connecting to `target` (within 2 s unless `options` say otherwise), checked to be the message. */
export async function diagnose(target: McpTarget, options?: Parameters<typeof connectMcp>[1]): Promise<Diagnosis> {
  const error = await connectMcp(target, { connectTimeoutMs: 2_000, ...options }).then(
    async (bridge) => {
      await bridge.close();
      assert.fail('connected');
    },
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof McpConnectionError, `an McpConnectionError, got ${String(error)}`);
  const diagnosis = (error as McpConnectionError & { diagnosis?: Diagnosis }).diagnosis;
  assert.ok(diagnosis, `a diagnosis for: ${error.message}`);
  assert.equal(error.message, diagnosis.sentence);
  return diagnosis;
}
