import { expect, waitUntil } from '@open-wc/testing';
import type { SavedCalls } from '../../elements/saved-calls/saved-calls.js';
import { ECHO, api, backend, choose, collectionFile, mount, press, root, row } from './saved-calls.helpers.js';

const shown = (saved: SavedCalls) => root(saved).querySelector('[part=command]')?.textContent;
const label = (saved: SavedCalls) => root(saved).querySelector('figcaption')?.textContent;

/** Presses `button` (in `within`) and waits for a command that differs from the one shown before. */
async function command(saved: SavedCalls, button: string, within?: ParentNode): Promise<string> {
  const before = `${label(saved)}|${shown(saved)}`;
  await press(saved, button, within);
  await waitUntil(() => `${label(saved)}|${shown(saved)}` !== before, `${button} shows a command`);
  return shown(saved)!;
}

describe('<saved-calls> calls as commands', () => {
  let clipboard: string[];
  let writeText: PropertyDescriptor | undefined;
  beforeEach(() => {
    localStorage.clear();
    clipboard = [];
    writeText = Object.getOwnPropertyDescriptor(navigator.clipboard, 'writeText');
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: async (text: string) => void clipboard.push(text),
    });
  });
  afterEach(() => {
    localStorage.clear();
    if (writeText) Object.defineProperty(navigator.clipboard, 'writeText', writeText);
    else delete (navigator.clipboard as { writeText?: unknown }).writeText;
  });

  it('should copy the current call, naming a Streamable HTTP server by --url, and say it copied', async () => {
    backend({ transport: 'streamable-http', target: 'https://mcp.example/mcp' });
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({ text: 'x' }) });
    const text = await command(saved, 'Copy as command');
    expect(text).to.equal(`tool-console call echo --args '{"text":"x"}' --url https://mcp.example/mcp`);
    await waitUntil(() => clipboard.length === 1, 'the clipboard is written');
    expect(clipboard).to.deep.equal([text]);
    expect(label(saved)).to.equal('The current call as a command (copied)');
  });

  it('should show the command uncopied when the clipboard refuses, naming a stdio server by --stdio', async () => {
    backend({ transport: 'stdio', target: 'npx srv' });
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')),
    });
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({}) });
    expect(await command(saved, 'Copy as command')).to.equal(`tool-console call echo --args '{}' --stdio 'npx srv'`);
    expect(label(saved)).to.equal('The current call as a command');
  });

  it('should name no server for a backend that fronts none it can say (no /server, an SSE one)', async () => {
    for (const server of [404, { transport: 'sse', target: 'https://old.example/sse' }]) {
      backend(server);
      const saved = await mount({ api: api(), tool: ECHO });
      expect(await command(saved, 'Copy as command'), JSON.stringify(server)).to.equal(
        `tool-console call echo --args '{}'`,
      );
    }
  });

  it('should copy empty arguments when the form holds something other than an object', async () => {
    backend(404);
    for (const args of [[1], null, 'text']) {
      const saved = await mount({ api: api(), tool: ECHO, formArguments: () => args });
      expect(await command(saved, 'Copy as command'), JSON.stringify(args)).to.equal(
        `tool-console call echo --args '{}'`,
      );
    }
  });

  it('should give a saved call without expectations as a command with none, labelled by its name', async () => {
    backend(404);
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({ n: 1 }) });
    await press(saved, 'Save call');
    root(saved).querySelector<HTMLInputElement>('form.save input[name=no-error]')!.click();
    await saved.updateComplete;
    await press(saved, 'Save', root(saved).querySelector('form.save')!);
    expect(await command(saved, 'Command', row(saved, 'echo'))).to.equal(`tool-console call echo --args '{"n":1}'`);
    expect(label(saved)).to.equal('“echo” as a command (copied)');
  });

  it("should prefer a call's own server, then the file's, to the backend's", async () => {
    backend({ transport: 'stdio', target: 'npx backend' });
    const saved = await mount({ api: api(), tool: ECHO });
    await choose(
      saved,
      collectionFile(
        'servers.json',
        [
          { name: 'own', tool: 'echo', arguments: {}, server: { url: 'https://own.example/mcp' } },
          { name: 'shared', tool: 'echo', arguments: {} },
        ],
        { server: { stdio: 'npx shared' } },
      ),
    );
    expect(await command(saved, 'Command', row(saved, 'own'))).to.equal(
      `tool-console call echo --args '{}' --url https://own.example/mcp`,
    );
    expect(await command(saved, 'Command', row(saved, 'shared'))).to.equal(
      `tool-console call echo --args '{}' --stdio 'npx shared'`,
    );
  });
});
