import { expect } from '@open-wc/testing';
import { ToolApi } from '../../elements/api.js';
import { OUTPUT_CHECK_HEADER } from '../../protocol/index.js';
import { stubFetch } from './fetch-stub.js';

const RESULT = { content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } };

/** Calls `add` against a backend that answers with `headers`. */
async function callWith(headers: Record<string, string>, status = 200) {
  stubFetch(
    () => new Response(JSON.stringify(RESULT), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
  );
  return new ToolApi('/api/tools').call('add', { a: 1, b: 2 });
}

describe('ToolApi.call and the output-schema check', () => {
  it('should put the server’s check on the outcome, matching or not', async () => {
    expect((await callWith({ [OUTPUT_CHECK_HEADER]: '{"valid":true}' })).outputCheck).to.deep.equal({ valid: true });
    const mismatch = {
      valid: false,
      errors: [{ path: '/sum', message: 'must be string', keyword: 'type' }],
      truncated: true,
    };
    const outcome = await callWith({ [OUTPUT_CHECK_HEADER]: JSON.stringify(mismatch) }, 500);
    expect(outcome.outputCheck).to.deep.equal(mismatch);
    expect(outcome.result).to.deep.equal(RESULT);
  });

  it('should leave the check out when there is none, or it does not parse', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { [OUTPUT_CHECK_HEADER]: 'not json' },
      { [OUTPUT_CHECK_HEADER]: '{"valid":"yes"}' },
      { [OUTPUT_CHECK_HEADER]: '{"valid":false}' },
      { [OUTPUT_CHECK_HEADER]: 'null' },
    ]) {
      const outcome = await callWith(headers);
      expect(outcome).not.to.have.property('outputCheck');
      expect(outcome.result).to.deep.equal(RESULT);
    }
  });
});
