// Where a collection file is wrong (protocol/collections.ts `parseCollection`), one mistake at a time: each problem
// the CLI prints and the page's import shows, with its place in the file, for every field of the file, of a call, of
// an expectation and of a server. A person fixes the file from these lines alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProblem, parseCollection } from '../../protocol/index.js';

/** The problems of a file, as the CLI prints them. */
function problemsOf(file: unknown): string[] {
  const parsed = parseCollection(JSON.stringify(file));
  return parsed.ok ? [] : parsed.problems.map(formatProblem);
}

const call = { name: 'a', tool: 't', arguments: {} };
/** A file of one call with `fields` added to (or replacing those of) the call. */
const withCall = (fields: Record<string, unknown>) => ({ version: 1, calls: [{ ...call, ...fields }] });
const withExpectation = (expectation: unknown) => withCall({ expect: [expectation] });
const withServer = (server: unknown) => ({ version: 1, server, calls: [] });

describe('collection file problems', () => {
  it('should refuse a file that is not an object with one problem that says what a file is', () => {
    for (const file of [[], 'calls', 1, null]) {
      assert.deepEqual(problemsOf(file), ['a collection is a JSON object with "version": 1 and "calls"'], String(file));
    }
  });

  it('should name unknown fields of the file and a name that is not text, and allow $schema', () => {
    assert.deepEqual(problemsOf({ $schema: './collection.schema.json', version: 1, name: 'smoke', calls: [] }), []);
    assert.deepEqual(problemsOf({ version: 1, name: 7, calls: [], servers: {} }), [
      'servers: unknown field (expected one of version, name, server, calls, $schema)',
      'name: must be a string',
    ]);
  });

  it('should say what a call is when an entry is not one, and not count its name twice', () => {
    assert.deepEqual(problemsOf({ version: 1, calls: [5, 5] }), [
      'calls/0: a call is an object with "name", "tool" and "arguments"',
      'calls/1: a call is an object with "name", "tool" and "arguments"',
    ]);
    const unnamed = { ...call, name: 1 };
    assert.deepEqual(problemsOf({ version: 1, calls: [unnamed, unnamed] }), [
      'calls/0/name: must be a non-empty string',
      'calls/1/name: must be a non-empty string',
    ]);
  });

  it('should name the wrong field of a call', () => {
    assert.deepEqual(problemsOf(withCall({ name: '' })), ['calls/0/name: must be a non-empty string']);
    assert.deepEqual(problemsOf(withCall({ tool: 5 })), ['calls/0/tool: must be a non-empty string']);
    assert.deepEqual(problemsOf(withCall({ tool: 'get ${env.TOOL}' })), [
      'calls/0/tool: variables (${env.NAME}) are filled only in arguments and header values',
    ]);
    assert.deepEqual(problemsOf(withCall({ expect: { isError: false } })), [
      'calls/0/expect: must be an array of expectations',
    ]);
  });

  it('should report at most the first 20 problems', () => {
    const calls = Array.from({ length: 25 }, () => 'not a call');
    const problems = problemsOf({ version: 1, calls });
    assert.equal(problems.length, 20);
    assert.equal(problems[19], 'calls/19: a call is an object with "name", "tool" and "arguments"');
  });
});

describe('expectation problems', () => {
  it('should say what an expectation is when it is none', () => {
    assert.deepEqual(problemsOf(withExpectation('no-error')), ['calls/0/expect/0: an expectation is an object']);
    assert.deepEqual(problemsOf(withExpectation({ equals: 5 })), [
      'calls/0/expect/0: an expectation has "pointer" with "equals" or "matches", or "outputSchema": true, or "isError": false',
    ]);
  });

  it('should take outputSchema only as true, alone', () => {
    assert.deepEqual(problemsOf(withExpectation({ outputSchema: true })), []);
    assert.deepEqual(problemsOf(withExpectation({ outputSchema: 'yes', pointer: '/a' })), [
      'calls/0/expect/0/pointer: unknown field (expected one of outputSchema)',
      'calls/0/expect/0/outputSchema: must be true',
    ]);
  });

  it('should take isError only as false, alone', () => {
    assert.deepEqual(problemsOf(withExpectation({ isError: false, equals: 1 })), [
      'calls/0/expect/0/equals: unknown field (expected one of isError)',
    ]);
  });

  it('should name a pointer that is not text, both equals and matches, and a pattern that is not text', () => {
    assert.deepEqual(problemsOf(withExpectation({ pointer: 3, equals: 3 })), [
      'calls/0/expect/0/pointer: must be a string',
    ]);
    assert.deepEqual(problemsOf(withExpectation({ pointer: '/a', equals: 1, matches: '1' })), [
      'calls/0/expect/0: give either "equals" or "matches"',
    ]);
    assert.deepEqual(problemsOf(withExpectation({ pointer: '', matches: 5 })), [
      'calls/0/expect/0/matches: must be a string (a regular expression)',
    ]);
  });

  it('should read a pattern as the CLI and the page run it, with Unicode rules', () => {
    // `{` alone is a literal without the u flag and an error with it: the check must use the flag the run uses.
    assert.match(problemsOf(withExpectation({ pointer: '/a', matches: 'a{' }))[0]!, /^calls\/0\/expect\/0\/matches: /);
    assert.deepEqual(problemsOf(withExpectation({ pointer: '/a', matches: '^\\p{Lu}' })), []);
  });
});

describe('server problems', () => {
  it('should say what a server is when it is none, or has neither stdio nor url', () => {
    assert.deepEqual(problemsOf(withServer('npx srv')), [
      'server: a server is {"stdio": "<command>"} or {"url": "...", "headers"?: {...}}',
    ]);
    assert.deepEqual(problemsOf(withServer({ command: 'srv' })), ['server: a server has "stdio" or "url"']);
  });

  it('should take a stdio command only as non-blank text, alone', () => {
    assert.deepEqual(problemsOf(withServer({ stdio: 'npx srv' })), []);
    assert.deepEqual(problemsOf(withServer({ stdio: '  ' })), ['server/stdio: must be a command']);
    assert.deepEqual(problemsOf(withServer({ stdio: ['npx', 'srv'] })), ['server/stdio: must be a command']);
    assert.deepEqual(problemsOf(withServer({ stdio: 'srv', url: 'https://x/' })), [
      'server/url: unknown field (expected one of stdio)',
    ]);
  });

  it('should take an http: or https: URL in any case, without variables', () => {
    for (const url of ['http://127.0.0.1:3000/mcp', 'HTTPS://mcp.example/mcp']) {
      assert.deepEqual(problemsOf(withServer({ url })), [], url);
    }
    for (const url of ['see https://mcp.example/', 'mcp.example', 5, ['https://mcp.example/']]) {
      assert.deepEqual(
        problemsOf(withServer({ url })),
        ['server/url: must be an http:// or https:// URL'],
        String(url),
      );
    }
    assert.deepEqual(problemsOf(withServer({ url: 'https://${env.HOST}/mcp' })), [
      'server/url: variables (${env.NAME}) are filled only in arguments and header values',
    ]);
  });

  it('should take headers only as an object of text values, and name the one that is not', () => {
    assert.deepEqual(problemsOf(withServer({ url: 'https://x/', headers: { A: '1', 'X-Key': '${env.KEY}' } })), []);
    assert.deepEqual(problemsOf(withServer({ url: 'https://x/', headers: ['A: 1'] })), [
      'server/headers: must be an object of header names to values',
    ]);
    assert.deepEqual(problemsOf(withServer({ url: 'https://x/', headers: { A: '1', B: 2 } })), [
      'server/headers/B: must be a string',
    ]);
    assert.deepEqual(problemsOf(withServer({ url: 'https://x/', token: 'x' })), [
      'server/token: unknown field (expected one of url, headers)',
    ]);
  });
});
