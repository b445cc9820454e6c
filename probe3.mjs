import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
const client = new Client({ name: 'probe', version: '1' }, {
  capabilities: { elicitation: { form: { applyDefaults: true }, url: {} }, sampling: {}, roots: {} },
  versionNegotiation: { mode: 'auto' },
});
client.onerror = (e) => console.log('onerror', e.message);
client.setRequestHandler('elicitation/create', async (req, ctx) => {
  console.log('elicit', JSON.stringify(req.params), 'signal?', !!ctx.mcpReq.signal);
  if (req.params.mode === 'url') return { action: 'accept' };
  return { action: 'accept', content: {} };
});
client.setRequestHandler('sampling/createMessage', async (req, ctx) => {
  console.log('sample', JSON.stringify(req.params));
  return { role: 'assistant', content: { type: 'text', text: 'hi there' }, model: 'user' };
});
client.setRequestHandler('roots/list', async () => ({ roots: [] }));
client.setNotificationHandler('notifications/tools/list_changed', () => console.log('LIST CHANGED'));
const t = new StdioClientTransport({ command: 'node', args: [process.argv[2]], stderr: 'pipe' });
t.stderr.on('data', (d) => process.stdout.write('[stderr] ' + d));
await client.connect(t, { timeout: 10000 });
console.log('era', client.getProtocolEra(), client.getNegotiatedProtocolVersion(), client.getServerVersion(), JSON.stringify(client.getServerCapabilities()), client.getInstructions());
console.log((await client.listTools()).tools.map((x) => x.name));
for (const name of ['ask-form', 'ask-url', 'ask-model', 'ask-twice']) {
  try { console.log(name, JSON.stringify(await client.request({ method: 'tools/call', params: { name, arguments: {} } }))); }
  catch (e) { console.log(name, 'ERR', e.constructor.name, e.code, e.message); }
}
console.log(JSON.stringify(await client.request({ method: 'tools/call', params: { name: 'count', arguments: {} } }, { onprogress: (p) => console.log('progress', JSON.stringify(p)) })));
try { await client.listen({ toolsListChanged: true }); } catch (e) { console.log('listen ERR', e.message); }
console.log(JSON.stringify(await client.request({ method: 'tools/call', params: { name: 'add-tool', arguments: {} } })));
await new Promise((r) => setTimeout(r, 300));
console.log((await client.listTools()).tools.map((x) => x.name));
try { await client.setLoggingLevel('info'); console.log('setLevel ok'); } catch (e) { console.log('setLevel ERR', e.message); }
await client.close();
