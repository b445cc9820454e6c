// The plan the CLI makes from its flags, and the one-line message for each mistake. The CLI itself runs these
// through cli.ts (test/cli/cli-demo.test.ts checks the exit codes); here every rule is checked in-process.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { isLoopback, parseCli, usage } from '../../server/cli/args.js';
import { serve, usageError } from './parse-cli.js';
import { NO_OAUTH } from './servers-plan.js';

describe('CLI flags: serving', () => {
  it('takes the OAuth flags for --url, the token store as an absolute path', () => {
    const url = ['--url', 'http://127.0.0.1:9/mcp'];
    assert.deepEqual(serve(url).oauth, NO_OAUTH);
    assert.deepEqual(
      serve([...url, '--client-id', 'id', '--client-secret', 'secret', '--scope', 'a b', '--token-store', 't.json'])
        .oauth,
      { ...NO_OAUTH, clientId: 'id', clientSecret: 'secret', scope: 'a b', tokenStore: resolve('t.json') },
    );
    assert.equal(serve([...url, '--open']).oauth.open, true);
    assert.equal(
      serve([...url, '--client-id', 'i', '--client-secret', 's', '--client-credentials']).oauth.clientCredentials,
      true,
    );
    assert.equal(
      serve([...url, '--client-metadata-url', 'https://example.com/client.json']).oauth.clientMetadataUrl,
      'https://example.com/client.json',
    );
    const withKey = serve([...url, '--client-id', 'i', '--client-assertion-key', 'k.pem', '--client-credentials']);
    assert.deepEqual(withKey.oauth, {
      ...NO_OAUTH,
      clientId: 'i',
      clientAssertionKey: resolve('k.pem'),
      clientCredentials: true,
    });
  });

  it('serves the demo tools on 127.0.0.1:8000 with execution on when given no flags', () => {
    assert.deepEqual(serve([]), {
      kind: 'serve',
      target: undefined,
      servers: undefined,
      eager: false,
      configFound: false,
      host: '127.0.0.1',
      port: 8000,
      title: undefined,
      prefix: undefined,
      allowExecute: true,
      maxBodyBytes: undefined,
      allowedHosts: [],
      timeoutMs: undefined,
      totalTimeoutMs: undefined,
      connectTimeoutMs: undefined,
      logLevel: 'info',
      roots: [],
      oauth: NO_OAUTH,
      sandbox: { port: 0, origin: undefined },
    });
  });

  it('passes host, port, title and prefix through', () => {
    const plan = serve(['--host', '::1', '--port', '0', '--title', 'My tools', '--prefix', '/explorer']);
    assert.deepEqual(
      { ...plan, target: undefined },
      {
        kind: 'serve',
        target: undefined,
        servers: undefined,
        eager: false,
        configFound: false,
        host: '::1',
        port: 0,
        title: 'My tools',
        prefix: '/explorer',
        allowExecute: true,
        maxBodyBytes: undefined,
        allowedHosts: [],
        timeoutMs: undefined,
        totalTimeoutMs: undefined,
        connectTimeoutMs: undefined,
        logLevel: 'info',
        roots: [],
        oauth: NO_OAUTH,
        sandbox: { port: 0, origin: undefined },
      },
    );
    assert.equal(serve(['--port', '65535']).port, 65535);
  });

  it('takes --max-body as the call body limit in bytes', () => {
    assert.equal(serve(['--max-body', '1']).maxBodyBytes, 1);
    assert.equal(serve(['--max-body=5242880']).maxBodyBytes, 5 * 1024 * 1024);
    assert.equal(serve(['--max-body', String(Number.MAX_SAFE_INTEGER)]).maxBodyBytes, Number.MAX_SAFE_INTEGER);
  });

  it('takes --timeout, --total-timeout and --log-level, and leaves their defaults to the console', () => {
    const defaults = serve([]);
    assert.equal(defaults.timeoutMs, undefined);
    assert.equal(defaults.totalTimeoutMs, undefined);
    assert.equal(defaults.logLevel, 'info');
    const set = serve(['--timeout', '0', '--total-timeout=1200000', '--log-level', 'debug']);
    assert.equal(set.timeoutMs, 0);
    assert.equal(set.totalTimeoutMs, 1_200_000);
    assert.equal(set.logLevel, 'debug');
  });

  it('takes every --root as an absolute directory, and offers none without one', () => {
    assert.deepEqual(serve(['--root', '.', '--root', '/tmp']).roots, [process.cwd(), '/tmp']);
    assert.deepEqual(serve([]).roots, []);
  });

  it('keeps the demo tools from running off loopback unless --allow-execute says so', () => {
    assert.equal(serve(['--host', '0.0.0.0']).allowExecute, false);
    assert.equal(serve(['--host', '0.0.0.0', '--allow-execute']).allowExecute, true);
    assert.equal(serve(['--host', 'localhost']).allowExecute, true);
  });

  it('keeps execution off in front of an MCP server unless --allow-execute says so', () => {
    assert.equal(serve(['--stdio', 'node server.js']).allowExecute, false);
    assert.equal(serve(['--stdio', 'node server.js', '--allow-execute']).allowExecute, true);
    assert.equal(serve(['--url', 'http://127.0.0.1:3001/mcp']).allowExecute, false);
  });

  it('answers help and version before looking at anything else', () => {
    assert.deepEqual(parseCli(['--help']), { kind: 'help' });
    assert.deepEqual(parseCli(['-h', '--port', 'nonsense']), { kind: 'help' });
    assert.deepEqual(parseCli(['--version']), { kind: 'version' });
    assert.deepEqual(parseCli(['-v', '--stdio', 'x', '--url', 'http://x/']), { kind: 'version' });
  });
});

describe('CLI flags: the MCP server to front', () => {
  it('splits --stdio into a command and its arguments, and passes the whole environment on', () => {
    const { target } = serve(['--stdio', `node 'my server.js' --name "x y"`]);
    assert.ok(target && 'stdio' in target);
    assert.equal(target.stdio.command, 'node');
    assert.deepEqual(target.stdio.args, ['my server.js', '--name', 'x y']);
    const inherited = Object.entries(process.env).filter((entry) => entry[1] !== undefined);
    assert.deepEqual(target.stdio.env, Object.fromEntries(inherited));
  });

  it('takes --url with every --header, names and values trimmed, colons in values kept', () => {
    const { target } = serve([
      '--url',
      'https://mcp.example/mcp?x=1',
      '--header',
      'Authorization: Bearer a:b:c',
      '--header',
      '  X-Trace-Id :  42  ',
      '--header',
      'X-Empty:',
    ]);
    assert.ok(target && 'url' in target);
    assert.ok(target.url instanceof URL);
    assert.equal(String(target.url), 'https://mcp.example/mcp?x=1');
    assert.deepEqual(target.headers, { Authorization: 'Bearer a:b:c', 'X-Trace-Id': '42', 'X-Empty': '' });
    const plain = serve(['--url', 'http://127.0.0.1:3001/mcp']).target;
    assert.deepEqual(plain && 'url' in plain ? plain.headers : undefined, {});
  });
});

describe('CLI flags: mistakes', () => {
  const mistakes: [string[], string][] = [
    [['--nope'], "Unknown option '--nope'"],
    [['--port'], "Option '--port <value>' argument missing"],
    [['extra'], "Unexpected argument 'extra'"],
    [['--port', 'abc'], '--port must be a number from 0 to 65535, got "abc"'],
    [['--port', '65536'], '--port must be a number from 0 to 65535, got "65536"'],
    [['--port', '-1'], "Option '--port' argument is ambiguous"],
    [['--port=-1'], '--port must be a number from 0 to 65535, got "-1"'],
    [['--port', '80.5'], '--port must be a number from 0 to 65535, got "80.5"'],
    [['--port', ' 80'], '--port must be a number from 0 to 65535, got " 80"'],
    [['--port', '80 '], '--port must be a number from 0 to 65535, got "80 "'],
    [['--port', ''], '--port must be a number from 0 to 65535, got ""'],
    [['--max-body', '0'], '--max-body must be a positive whole number of bytes, got "0"'],
    [['--max-body', '1.5'], '--max-body must be a positive whole number of bytes, got "1.5"'],
    [['--max-body', '1e6'], '--max-body must be a positive whole number of bytes, got "1e6"'],
    [['--max-body', '1MB'], '--max-body must be a positive whole number of bytes, got "1MB"'],
    [['--max-body='], '--max-body must be a positive whole number of bytes, got ""'],
    [['--max-body=-5'], '--max-body must be a positive whole number of bytes, got "-5"'],
    [['--max-body', '9007199254740992'], '--max-body must be a positive whole number of bytes, got "9007199254740992"'],
    [['--max-body'], "Option '--max-body <value>' argument missing"],
    [['--timeout', '5s'], '--timeout must be a whole number of milliseconds (0 for none), got "5s"'],
    [['--timeout=-1'], '--timeout must be a whole number of milliseconds (0 for none), got "-1"'],
    [['--root', '/no/such/dir'], '--root must be a directory, got "/no/such/dir"'],
    [['--total-timeout', '1.5'], '--total-timeout must be a whole number of milliseconds (0 for none), got "1.5"'],
    [
      ['--log-level', 'verbose'],
      '--log-level must be one of debug, info, notice, warning, error, critical, alert, emergency, got "verbose"',
    ],
    [['--stdio', 'x', '--url', 'http://127.0.0.1:9/'], 'use --stdio or --url, not both'],
    [['--header', 'X-A: b'], '--header only applies to --url'],
    [['--stdio', 'x', '--header', 'X-A: b'], '--header only applies to --url'],
    [['--nope.x'], "Unknown option '--nope.x'"],
    [['--client-id', 'x'], '--client-id only applies to --url'],
    [['--stdio', 'x', '--open'], '--open only applies to --url'],
    [['--token-store', 't.json'], '--token-store only applies to --url'],
    [['--url', 'http://h/', '--client-secret', 's'], '--client-secret needs --client-id'],
    [
      ['--url', 'http://h/', '--client-credentials'],
      '--client-credentials needs --client-id and --client-secret or --client-assertion-key',
    ],
    [
      ['--url', 'http://h/', '--client-id', 'i', '--client-credentials'],
      '--client-credentials needs --client-id and --client-secret or --client-assertion-key',
    ],
    [['--url', 'http://h/', '--client-assertion-key', 'k.pem'], '--client-assertion-key needs --client-id'],
    [
      ['--url', 'http://h/', '--client-id', 'i', '--client-secret', 's', '--client-assertion-key', 'k.pem'],
      'use --client-secret or --client-assertion-key, not both',
    ],
    [['--stdio', 'x', '--client-assertion-key', 'k.pem'], '--client-assertion-key only applies to --url'],
    [
      ['--url', 'http://h/', '--client-metadata-url', 'http://example.com/client.json'],
      '--client-metadata-url must be an https URL with a path, got "http://example.com/client.json"',
    ],
    [
      ['--url', 'http://h/', '--client-metadata-url', 'https://example.com/'],
      '--client-metadata-url must be an https URL with a path, got "https://example.com/"',
    ],
    [
      ['--url', 'http://h/', '--client-id', 'i', '--client-metadata-url', 'https://example.com/c.json'],
      'use --client-id or --client-metadata-url, not both',
    ],
    [['--client-metadata-url', 'https://example.com/c.json'], '--client-metadata-url only applies to --url'],
    [
      ['--url', 'http://h/', '--client-id', 'i', '--client-secret', 's', '--client-credentials', '--open'],
      '--open has nothing to open with --client-credentials',
    ],
    [['--url', 'http://h/', '--header', 'no colon'], '--header must look like "Name: value", got "no colon"'],
    [['--url', 'http://h/', '--header', 'X-Token'], '--header must look like "Name: value", got "X-Token"'],
    [['--url', 'http://h/', '--header', ': value'], '--header must look like "Name: value", got ": value"'],
    [['--url', 'http://h/', '--header', 'Bad Name: v'], '--header must look like "Name: value", got "Bad Name: v"'],
    [['--url', 'http://h/', '--header', 'Bad\u00e9: v'], '--header must look like "Name: value", got "Bad\u00e9: v"'],
    [['--url', 'not a url'], '--url must be an http(s) URL, got "not a url"'],
    [['--url', 'ftp://127.0.0.1/'], '--url must be an http(s) URL, got "ftp://127.0.0.1/"'],
    [['--url', 'file:///etc/passwd'], '--url must be an http(s) URL, got "file:///etc/passwd"'],
    [['--stdio', ''], '--stdio needs a command, e.g. --stdio "npx -y @modelcontextprotocol/server-everything"'],
    [['--stdio', '   '], '--stdio needs a command, e.g. --stdio "npx -y @modelcontextprotocol/server-everything"'],
    [['--stdio', 'node "unterminated'], '--stdio: unterminated " quote in "node \\"unterminated"'],
  ];
  for (const [args, message] of mistakes) {
    it(`rejects ${JSON.stringify(args)} with "${message}"`, () => {
      assert.equal(usageError(args), message);
    });
  }

  it('accepts every character RFC 9110 allows in a header name', () => {
    const name = "!#$%&'*+.^_`|~09AZaz-";
    const { target } = serve(['--url', 'http://h/', '--header', `${name}: v`]);
    assert.deepEqual(target && 'url' in target ? target.headers : undefined, { [name]: 'v' });
  });
});

describe('the usage text', () => {
  it('explains every flag', () => {
    for (const flag of [
      '--stdio "<command>"',
      '--url <url>',
      '--header "Name: value"',
      '--allow-execute',
      '--host <host>',
      '--port <port>',
      '--title <text>',
      '--prefix <path>',
      '--max-body <bytes>',
      '--client-id <id>',
      '--client-secret <s>',
      '--client-assertion-key <file>',
      '--client-credentials',
      '--client-metadata-url <https url>',
      '--scope "<scopes>"',
      '--token-store <file>',
      '--open',
      '-h, --help',
      '-v, --version',
    ]) {
      assert.ok(usage.includes(`  ${flag}`), flag);
    }
    assert.ok(usage.startsWith('Usage: tool-console [options]\n'));
  });
});

describe('isLoopback', () => {
  it('knows the loopback names and the whole 127/8 block', () => {
    for (const host of ['localhost', '::1', '127.0.0.1', '127.1.2.3', '127.255.255.255'])
      assert.equal(isLoopback(host), true, host);
  });

  it('refuses everything else, lookalikes included', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '10.0.0.1',
      'example.com',
      '127.0.0',
      '127.0.0.1.example.com',
      'x127.0.0.1',
      '127.0.0.1234',
    ]) {
      assert.equal(isLoopback(host), false, host);
    }
  });
});
