// The config files people already have, as Claude Desktop, Cursor and VS Code write them, read into targets; the
// placeholders filled in or refused; every mistake one line naming the file and the place in it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadServersConfig, parseServersConfig } from '../../server/cli/config/load-config.js';
import { UsageError } from '../../server/cli/usage-error.js';

const ENV = { PATH: '/usr/bin', GITHUB_TOKEN: 'ghp_secret_from_env', EMPTY: '' };

// Claude Desktop's claude_desktop_config.json, as its "Edit Config" button opens it.
const claudeDesktop = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"]
    },
    "github": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "\${env:GITHUB_TOKEN}" }
    }
  }
}`;

// Cursor's ~/.cursor/mcp.json: a local command and a remote server with headers.
const cursor = `{
  "mcpServers": {
    "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {} },
    "remote": {
      "url": "https://mcp.example.com/mcp",
      "headers": { "Authorization": "Bearer \${env:GITHUB_TOKEN}" }
    }
  }
}`;

// VS Code's .vscode/mcp.json: JSON with comments, a type on each server, and inputs VS Code prompts for.
const vscode = `{
  // Inputs are prompted on first server start, then stored securely by VS Code.
  "inputs": [
    { "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true }
  ],
  "servers": {
    "fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch", "--note=a // b /* c */"], "cwd": "\${workspaceFolder}/tools" },
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/",
      "headers": { "X-Token": "\${env:GITHUB_TOKEN}" }, /* trailing commas are fine in VS Code */
    },
    "legacy": { "type": "sse", "url": "http://127.0.0.1:3001/sse" },
  },
}`;

function mistake(text: string, file = 'mcp.json', env: NodeJS.ProcessEnv = ENV): string {
  try {
    parseServersConfig(text, file, env);
  } catch (error) {
    assert.ok(error instanceof UsageError, `a UsageError, got ${String(error)}`);
    assert.doesNotMatch(error.message, /\n/);
    return error.message;
  }
  assert.fail(`${text} was accepted`);
}

describe('config files', () => {
  it("reads Claude Desktop's mcpServers: command, args, env from the environment on top of the CLI's", () => {
    const config = parseServersConfig(claudeDesktop, '/home/me/claude_desktop_config.json', ENV);
    assert.equal(config.file, '/home/me/claude_desktop_config.json');
    assert.deepEqual(
      config.servers.map((server) => server.name),
      ['filesystem', 'github'],
    );
    assert.deepEqual(config.servers[0]!.target, {
      stdio: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'], env: ENV },
    });
    const github = config.servers[1]!.target;
    assert.ok('stdio' in github);
    assert.equal(github.stdio.command, 'docker');
    assert.deepEqual(github.stdio.env, { ...ENV, GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret_from_env' });
  });

  it("reads Cursor's mcpServers with url and headers", () => {
    const { servers } = parseServersConfig(cursor, 'mcp.json', ENV);
    assert.deepEqual(servers[0]!.target, {
      stdio: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: ENV },
    });
    const remote = servers[1]!.target;
    assert.ok('url' in remote);
    assert.equal(String(remote.url), 'https://mcp.example.com/mcp');
    assert.deepEqual(remote.headers, { Authorization: 'Bearer ghp_secret_from_env' });
  });

  it('leaves out a server marked "disabled": true (Cline, Windsurf), unchecked, as those apps do', () => {
    const text = JSON.stringify({
      mcpServers: {
        off: { command: 'npx', args: ['${env:UNSET_IN_THIS_TEST}'], disabled: true },
        on: { command: 'npx', disabled: false },
      },
    });
    assert.deepEqual(
      parseServersConfig(text, 'mcp.json', ENV).servers.map((server) => server.name),
      ['on'],
    );
  });

  it("reads VS Code's servers with type, comments, trailing commas, and ${workspaceFolder} as the project", () => {
    const project = mkdtempSync(join(tmpdir(), 'tool-console-project-'));
    const { servers } = parseServersConfig(vscode, join(project, '.vscode', 'mcp.json'), ENV);
    assert.deepEqual(
      servers.map((server) => server.name),
      ['fetch', 'github', 'legacy'],
    );
    assert.deepEqual(servers[0]!.target, {
      stdio: {
        command: 'uvx',
        args: ['mcp-server-fetch', '--note=a // b /* c */'],
        env: ENV,
        cwd: join(project, 'tools'),
      },
    });
    const github = servers[1]!.target;
    assert.ok('url' in github);
    assert.equal(String(github.url), 'https://api.githubcopilot.com/mcp/');
    assert.deepEqual(github.headers, { 'X-Token': 'ghp_secret_from_env' });
    const legacy = servers[2]!.target;
    assert.ok('url' in legacy);
    assert.equal(String(legacy.url), 'http://127.0.0.1:3001/sse');
  });

  it("fills Claude Code's ${NAME} and ${NAME:-default}, ${userHome}, and a relative cwd from the file's folder", () => {
    const text = JSON.stringify({
      mcpServers: {
        local: {
          command: '${userHome}/bin/server',
          args: ['--token=${GITHUB_TOKEN}', '--mode=${MODE:-fast}', '--empty=${EMPTY:-fallback}'],
          cwd: 'data',
        },
      },
    });
    const [local] = parseServersConfig(text, '/srv/project/.mcp.json', ENV).servers;
    assert.deepEqual(local!.target, {
      stdio: {
        command: `${homedir()}/bin/server`,
        args: ['--token=ghp_secret_from_env', '--mode=fast', '--empty=fallback'],
        env: ENV,
        cwd: '/srv/project/data',
      },
    });
  });

  it('reads the file from disk, and says so when it cannot', () => {
    const folder = mkdtempSync(join(tmpdir(), 'tool-console-config-'));
    mkdirSync(join(folder, 'sub'));
    writeFileSync(join(folder, 'mcp.json'), cursor);
    assert.equal(loadServersConfig(join(folder, 'mcp.json'), ENV).servers.length, 2);
    assert.throws(() => loadServersConfig(join(folder, 'nope.json'), ENV), {
      name: 'UsageError',
      message: `cannot read the config file ${join(folder, 'nope.json')}: no such file`,
    });
    assert.throws(() => loadServersConfig(join(folder, 'sub'), ENV), {
      message: `cannot read the config file ${join(folder, 'sub')}: a folder, not a file`,
    });
  });
});

describe('config file placeholders that cannot be filled in', () => {
  it('names the server, the field and the variable an unset ${env:NAME} needs', () => {
    const text = '{"mcpServers": {"github": {"command": "gh-mcp", "args": ["serve", "--token=${env:GH_PAT}"]}}}';
    assert.equal(
      mistake(text),
      'mcp.json: mcpServers.github.args[1]: ${env:GH_PAT} needs the environment variable GH_PAT, which is not set',
    );
    assert.equal(
      mistake('{"mcpServers": {"a": {"url": "https://h/mcp", "headers": {"X-Key": "${NOPE}"}}}}'),
      'mcp.json: mcpServers.a.headers.X-Key: ${NOPE} needs the environment variable NOPE, which is not set',
    );
  });

  it('refuses ${input:...} with what it was for and the way round it', () => {
    const text = `{
      "inputs": [{"type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key"}],
      "servers": {"perplexity": {"type": "stdio", "command": "npx", "env": {"PERPLEXITY_API_KEY": "\${input:perplexity-key}"}}}
    }`;
    assert.equal(
      mistake(text, '.vscode/mcp.json'),
      '.vscode/mcp.json: servers.perplexity.env.PERPLEXITY_API_KEY: ${input:perplexity-key} (Perplexity API Key) is ' +
        'asked for by VS Code when it starts the server, and tool-console cannot ask: put the value in an environment ' +
        'variable and write ${env:NAME} here instead',
    );
  });

  it('refuses a placeholder it does not know', () => {
    assert.equal(
      mistake('{"servers": {"x": {"command": "run", "args": ["${command:pickFile}"]}}}'),
      'mcp.json: servers.x.args[0]: ${command:pickFile} is not a placeholder tool-console can fill in (it knows ' +
        '${env:NAME}, ${NAME}, ${NAME:-default}, ${workspaceFolder}, ${userHome})',
    );
  });
});

describe('config file mistakes', () => {
  const cases: [string, string][] = [
    ['', 'mcp.json: not JSON: expected a value (line 1, column 1)'],
    ['{"mcpServers": {"a": {"command": tru}}}', 'mcp.json: not JSON: something that is not JSON (line 1, column 34)'],
    ['{"mcpServers": {} /* never closed', 'mcp.json: not JSON: a comment that is never closed (line 1, column 19)'],
    ['{"mcpServers": {}}\n{}', 'mcp.json: not JSON: expected the end of the file after the value (line 2, column 1)'],
    ['{"mcpServers": {\n  "a": {"command": "x",}\n  "b": 1\n}}', 'mcp.json: not JSON: '],
    ['[]', 'mcp.json: must hold a JSON object'],
    [
      '{"servers_": {}}',
      'mcp.json: has no "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) naming MCP servers',
    ],
    ['{"mcpServers": {}, "servers": {}}', 'mcp.json: has both "mcpServers" and "servers": keep the one your app reads'],
    ['{"mcpServers": []}', 'mcp.json: mcpServers: must be an object of servers by name'],
    ['{"servers": {}}', 'mcp.json: servers: names no servers'],
    [
      '{"mcpServers": {"a": {"command": "x", "disabled": true}}}',
      'mcp.json: mcpServers: names no servers that are not "disabled"',
    ],
    [
      '{"mcpServers": {"a": {"command": "x", "disabled": "yes"}}}',
      'mcp.json: mcpServers.a.disabled: must be true or false, got a string',
    ],
    [
      '{"mcpServers": {"a": "npx x"}}',
      'mcp.json: mcpServers.a: must be an object with "command" (a program to start) or "url" (a server to connect to)',
    ],
    [
      '{"mcpServers": {"a": {}}}',
      'mcp.json: mcpServers.a: needs "command" (a program to start) or "url" (a server to connect to)',
    ],
    [
      '{"mcpServers": {"a": {"command": "x", "url": "http://h/"}}}',
      'mcp.json: mcpServers.a: has both "command" and "url": a server is started or connected to, not both',
    ],
    ['{"mcpServers": {"a": {"command": 5}}}', 'mcp.json: mcpServers.a.command: must be a string, got the number 5'],
    ['{"mcpServers": {"a": {"command": " "}}}', 'mcp.json: mcpServers.a.command: must name a program'],
    [
      '{"mcpServers": {"a": {"command": "x", "args": "-y pkg"}}}',
      'mcp.json: mcpServers.a.args: must be a list of strings, got a string',
    ],
    [
      '{"mcpServers": {"a": {"command": "x", "args": ["-y", 3]}}}',
      'mcp.json: mcpServers.a.args[1]: must be a string, got the number 3',
    ],
    [
      '{"mcpServers": {"a": {"command": "x", "env": ["A=1"]}}}',
      'mcp.json: mcpServers.a.env: must be an object of names and strings, got a list',
    ],
    [
      '{"mcpServers": {"a": {"command": "x", "env": {"PORT": 80}}}}',
      'mcp.json: mcpServers.a.env.PORT: must be a string, got the number 80',
    ],
    [
      '{"mcpServers": {"a": {"command": "x", "headers": {}}}}',
      'mcp.json: mcpServers.a.headers: only applies to a server with a "url"',
    ],
    [
      '{"mcpServers": {"a": {"url": "http://h/", "args": []}}}',
      'mcp.json: mcpServers.a.args: only applies to a server with a "command"',
    ],
    [
      '{"mcpServers": {"a": {"url": "ftp://h/"}}}',
      'mcp.json: mcpServers.a.url: must be an http(s) URL, got "ftp://h/"',
    ],
    [
      '{"mcpServers": {"a": {"url": "not a url"}}}',
      'mcp.json: mcpServers.a.url: must be an http(s) URL, got "not a url"',
    ],
    [
      '{"mcpServers": {"a": {"url": "http://h/", "headers": {"Bad Name": "v"}}}}',
      'mcp.json: mcpServers.a.headers["Bad Name"]: is not a valid HTTP header name',
    ],
    [
      '{"mcpServers": {"a": {"url": "http://h/", "headers": {"X": null}}}}',
      'mcp.json: mcpServers.a.headers.X: must be a string, got null',
    ],
    [
      '{"servers": {"a": {"type": "stdio", "url": "http://h/"}}}',
      'mcp.json: servers.a: is of type "stdio" but has no "command"',
    ],
    ['{"servers": {"a": {"type": "http", "command": "x"}}}', 'mcp.json: servers.a: is of type "http" but has no "url"'],
    [
      '{"servers": {"a": {"type": "websocket", "url": "ws://h/"}}}',
      'mcp.json: servers.a.type: must be "stdio", "http" or "sse", got "websocket"',
    ],
    [
      '{"servers": {"a": {"type": "stdio", "command": "x", "envFile": "${workspaceFolder}/.env"}}}',
      'mcp.json: servers.a.envFile: is not supported: put the variables in "env" (${env:NAME} takes one from the environment)',
    ],
    ['{"servers": {"a": {"command": "x"}}, "inputs": {}}', 'mcp.json: inputs: must be a list'],
    [
      '{"servers": {"my server": {"command": 1}}}',
      'mcp.json: servers["my server"].command: must be a string, got the number 1',
    ],
    ['{"servers": {"": {"command": "x"}}}', 'mcp.json: servers[""]: a server needs a name'],
  ];
  for (const [text, message] of cases) {
    it(`says "${message}"`, () => {
      const said = mistake(text);
      if (message.endsWith(': ')) assert.ok(said.startsWith(message), said);
      else assert.equal(said, message);
    });
  }

  const syntaxErrors: [string, string][] = [
    ['{"a" 1}', "expected ':' after a property name (line 1, column 6)"],
    ['{"a": 1 "b": 2}', "expected ',' between values (line 1, column 9)"],
    ['{"a": 1', "expected '}' to close an object (line 1, column 8)"],
    ['[1', "expected ']' to close a list (line 1, column 3)"],
    ['{"a": "x', 'a string that is never closed (line 1, column 7)'],
    ['{"a": 1e}', 'a number cut short (line 1, column 7)'],
    ['{"a": "\\u12"}', 'a malformed \\u escape (line 1, column 7)'],
    ['{"a": "\\q"}', 'a malformed escape in a string (line 1, column 7)'],
    ['{"a": "x\u0001"}', 'a control character in a string (line 1, column 7)'],
  ];
  for (const [text, problem] of syntaxErrors) {
    it(`says "${problem}" of ${JSON.stringify(text)}`, () => {
      assert.equal(mistake(text), `mcp.json: not JSON: ${problem}`);
    });
  }

  it('says where a syntax error is (line and column) and never quotes the file, whose strings may be secrets', () => {
    const said = mistake('{\n  "mcpServers": {\n    "a": {"env": {"TOKEN": "ghp_abc"} oops}\n  }\n}');
    assert.match(said, /^mcp\.json: not JSON: .*\(line 3, column \d+\)$/);
    assert.doesNotMatch(said, /ghp_abc|oops/);
  });
});
