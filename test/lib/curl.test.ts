import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ToolApi } from '../../elements/api.js';
import { curlCommand, shellQuote } from '../../elements/tool-result/curl.js';
import { createServer } from '../../server/index.js';
import { close, listen } from '../support/listen.js';

/** What a real POSIX shell makes of a command line: each word on its own line, via printf. */
function shellWords(line: string): string[] {
  const output = execFileSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8', env: { TOKEN: 'tok' } });
  return output.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  it('should survive quotes, dollars, backticks, backslashes and newlines in a real shell', () => {
    const nasty = `it's $(touch /tmp/pwned) \`id\` \\ "q" \n $HOME '; rm -rf / #`;
    assert.deepEqual(shellWords(shellQuote(nasty)), [nasty]);
  });

  it('should quote the empty string as one word', () => {
    assert.deepEqual(shellWords(`${shellQuote('')} x`), ['', 'x']);
  });
});

describe('curlCommand', () => {
  const request = {
    url: 'http://127.0.0.1:8000/tools/a%2Fb%27c/call',
    method: 'POST' as const,
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
    body: JSON.stringify({ text: "O'Reilly $(id)" }),
  };

  it('should hide the token behind $TOKEN unless asked', () => {
    const command = curlCommand(request);
    assert.ok(!command.includes('s3cret'));
    assert.ok(command.includes('"Authorization: Bearer $TOKEN"'));
    assert.ok(curlCommand(request, { revealToken: true }).includes(`'Authorization: Bearer s3cret'`));
  });

  it('should give the shell exactly the URL, headers and body of the request', () => {
    const words = shellWords(
      curlCommand(request)
        .replace(/^curl /, '')
        .replace(/ \\\n {2}/g, ' '),
    );
    assert.deepEqual(words, [
      '-X',
      'POST',
      request.url,
      '-H',
      'Content-Type: application/json',
      '-H',
      'Authorization: Bearer tok',
      '--data-raw',
      request.body,
    ]);
  });

  it('should keep every header but a live-stream Accept: another Accept, and a stream type under another name', () => {
    const words = shellWords(
      curlCommand({
        ...request,
        headers: { Accept: 'application/json', 'X-Wanted': 'text/event-stream', 'X-Caller': 'app' },
      })
        .replace(/^curl /, '')
        .replace(/ \\\n {2}/g, ' '),
    );
    assert.deepEqual(words.slice(3, -2), [
      '-H',
      'Accept: application/json',
      '-H',
      'X-Wanted: text/event-stream',
      '-H',
      'X-Caller: app',
    ]);
  });

  it('should leave out Authorization when there is no token', () => {
    const command = curlCommand({ ...request, headers: { 'Content-Type': 'application/json' } });
    assert.ok(!/Authorization/.test(command));
  });
});

describe('the cURL command of a call the page made', () => {
  const server = createServer({
    tools: [{ name: 'echo', description: 'Says it back', inputSchema: { type: 'object' } }],
    handleCall: async (_name: string, args: Record<string, unknown>) => [
      [{ type: 'text', text: String(args.text) }],
      false,
    ],
    allowExecute: true,
    logger: { info() {}, warn() {}, error() {} },
  } as never);
  let tools = '';

  before(async () => {
    tools = `http://127.0.0.1:${await listen(server)}/tools`;
  });
  after(() => close(server));

  it('should get the plain JSON answer from a real server, not the live event stream the page reads', async () => {
    // The page asks for a live answer (Accept: text/event-stream); a person pasting the command wants the JSON.
    const request = new ToolApi(tools, tools).callRequest('echo', { text: "it's" });
    const { stdout } = await promisify(execFile)('sh', ['-c', `${curlCommand(request)} --silent --max-time 5`]);
    assert.deepEqual(JSON.parse(stdout), { content: [{ type: 'text', text: "it's" }], isError: false });
  });

  it('should get the plain JSON answer too when the Accept lists the event stream after another type', async () => {
    // The server streams for any Accept that lists text/event-stream, wherever it stands in the list.
    for (const accept of ['application/json, text/event-stream', ' text/event-stream']) {
      const request = new ToolApi(tools, tools).callRequest('echo', { text: accept });
      const command = curlCommand({ ...request, headers: { ...request.headers, Accept: accept } });
      const { stdout } = await promisify(execFile)('sh', ['-c', `${command} --silent --max-time 5`]);
      assert.deepEqual(JSON.parse(stdout), { content: [{ type: 'text', text: accept }], isError: false });
    }
  });
});
