// What a prompt getter's failure answers (the same holds for every host action: resource reads, completions,
// subscriptions): the status it carries when a client may see it (an integer from 400 to 599), else 502; the message
// of whatever was thrown; an unreachable server's diagnosis; and a log line for every failure but the host's own 4xx.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BadGatewayError } from '../../server/core/http/http-error.js';
import { startConsole, type RunningConsole } from './helpers.js';

const failing = (status: unknown) => Object.assign(new Error('the getter failed'), { status });

/** What the getter throws, by the prompt argument `case`. */
const thrown: Record<string, () => unknown> = {
  '400': () => failing(400),
  '404': () => failing(404),
  '499': () => failing(499),
  '500': () => failing(500),
  '599': () => failing(599),
  '399': () => failing(399),
  '600': () => failing(600),
  'not-an-integer': () => failing(404.5),
  'a-string': () => failing('404'),
  null: () => null,
  'unreachable-server': () => new BadGatewayError('The MCP server could not be reached.', { diagnosis: 'ENOENT npx' }),
  'diagnosis-not-ours': () => Object.assign(new Error('not ours'), { status: 503, fields: { diagnosis: 'hidden' } }),
};

describe("a host action's failure", () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      prompts: [{ name: 'p' }],
      getPrompt: (_name, args) => {
        throw thrown[args.case!]!();
      },
    });
  });
  after(() => app.close());

  async function failure(which: string) {
    const before = app.logger.lines.length;
    const answer = await app.request('POST', '/prompts/p/get', {
      body: JSON.stringify({ arguments: { case: which } }),
    });
    const logged = app.logger.lines.slice(before).map((line) => `${line.level}: ${line.text.split('\n')[0]}`);
    return { status: answer.status, body: answer.json, logged };
  }

  it("answers the host's own status from 400 to 499, and logs nothing", async () => {
    for (const status of [400, 404, 499]) {
      assert.deepEqual(await failure(String(status)), { status, body: { error: 'the getter failed' }, logged: [] });
    }
  });

  it('answers its own status from 500 to 599, and logs it', async () => {
    for (const status of [500, 599]) {
      assert.deepEqual(await failure(String(status)), {
        status,
        body: { error: 'the getter failed' },
        logged: ['warn: tool-console: getting prompt "p" failed: Error: the getter failed'],
      });
    }
  });

  it('answers 502 for any other status, or none, and logs it', async () => {
    for (const which of ['399', '600', 'not-an-integer', 'a-string']) {
      assert.deepEqual(
        await failure(which),
        {
          status: 502,
          body: { error: 'the getter failed' },
          logged: ['warn: tool-console: getting prompt "p" failed: Error: the getter failed'],
        },
        which,
      );
    }
    assert.deepEqual(await failure('null'), {
      status: 502,
      body: { error: 'null' },
      logged: ['warn: tool-console: getting prompt "p" failed: null'],
    });
  });

  it("passes on an unreachable server's diagnosis, and only the console's own", async () => {
    const unreachable = await failure('unreachable-server');
    assert.deepEqual(
      [unreachable.status, unreachable.body],
      [502, { error: 'The MCP server could not be reached.', diagnosis: 'ENOENT npx' }],
    );
    const other = await failure('diagnosis-not-ours');
    assert.deepEqual([other.status, other.body], [503, { error: 'not ours' }]);
  });
});
