// The client the official MCP conformance suite drives (`conformance client --command "node <this file>"`): the suite
// starts a test server for one scenario, runs this with the server's URL as the last argument and the scenario's name
// in MCP_CONFORMANCE_SCENARIO (credentials, when it has any, in MCP_CONFORMANCE_CONTEXT), and judges what reached its
// server. What it tests is tool-console itself: this starts the built CLI with `--url`, plays the user's browser
// through any OAuth authorization the CLI prints, and then uses the console's HTTP API as the page would (list the
// tools, call each one with a live stream, answer the questions a call asks).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  authorizationUrl,
  authorizeAsUser,
  consoleUrl,
  startCli,
  type OAuthCli,
} from '../fixtures/oauth/oauth-setup.js';
import { EventReader } from '../support/event-stream.js';
import { sampleArguments } from './sample-arguments.js';

/** What the suite may pass in MCP_CONFORMANCE_CONTEXT: a client registered beforehand, with a secret or a key. */
interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
}

/**
 * The https URL the suite's authorization server expects as a URL-based client_id (auth/basic-cimd). Passed to every
 * login without a pre-registered client, as a user with a hosted metadata document would: the SDK uses it only where
 * the authorization server advertises `client_id_metadata_document_supported`, and registers dynamically elsewhere.
 * Without it the console registers dynamically there too, every check passes, and the suite's WARNING (the spec's
 * clients SHOULD use a metadata document where one is supported, 2025-11-25 authorization, "Client Registration
 * Approaches") fails the run: the console cannot host a document itself, so the user's flag is the right input.
 */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

const serverUrl = process.argv.at(-1)!;
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext;
const scratch = mkdtempSync(join(tmpdir(), 'tool-console-conformance-'));

/** The CLI's flags for this scenario: the same ones a user would type for a server of its kind. */
function cliArgs(): string[] {
  const args = ['--url', serverUrl, '--allow-execute'];
  if (context.client_id !== undefined) args.push('--client-id', context.client_id);
  if (context.client_secret !== undefined) args.push('--client-secret', context.client_secret);
  if (context.private_key_pem !== undefined) {
    const key = join(scratch, 'client-key.pem');
    writeFileSync(key, context.private_key_pem);
    chmodSync(key, 0o600);
    args.push('--client-assertion-key', key);
  }
  if (scenario.startsWith('auth/client-credentials-')) args.push('--client-credentials');
  else if (context.client_id === undefined) args.push('--client-metadata-url', CLIENT_METADATA_URL);
  return args;
}

/** Opens every authorization URL the CLI prints, as the user's browser, for as long as it runs. */
async function authorizeEach(cli: OAuthCli): Promise<void> {
  for (let index = 0; ; index++) {
    const url = await authorizationUrl(cli, index);
    const answer = await authorizeAsUser(url);
    console.log(`authorization ${index + 1}: the console's callback answered ${answer.status}`);
  }
}

/** Calls one tool through the console as the page does (streamed), accepting each question with its defaults. */
async function callTool(base: string, name: string, inputSchema: unknown): Promise<void> {
  const response = await fetch(`${base}tools/${encodeURIComponent(name)}/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(sampleArguments(inputSchema)),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    console.log(`${name}: ${response.status} ${await response.text()}`);
    return;
  }
  const reader = new EventReader(response.body!);
  for (let event = await reader.next(); event; event = await reader.next()) {
    if (event.event === 'request') {
      // The page shows the form filled with the schema's defaults; a user who submits it unchanged sends no
      // content of their own, and the bridge fills in the defaults (SEP-1034).
      const { id } = event.data as { id: string };
      const answer = await fetch(`${base}tools/${encodeURIComponent(name)}/requests/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'accept', content: {} }),
      });
      console.log(`${name}: question ${id} answered, ${answer.status}`);
    } else if (event.event === 'result') {
      console.log(`${name}: ${JSON.stringify(event.data)}`);
    }
  }
}

async function main(): Promise<number> {
  const cli = startCli(cliArgs());
  void authorizeEach(cli).catch(() => {}); // ends when the CLI does
  try {
    const base = await consoleUrl(cli);
    const tools = (await (await fetch(`${base}tools`)).json()) as { name: string }[];
    for (const { name } of tools) {
      const detail = (await (await fetch(`${base}tools/${encodeURIComponent(name)}`)).json()) as {
        inputSchema: unknown;
      };
      await callTool(base, name, detail.inputSchema);
    }
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await cli.stop();
    process.stderr.write(cli.output.stderr);
    rmSync(scratch, { recursive: true, force: true });
  }
}

process.exit(await main());
