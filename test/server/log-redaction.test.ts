// The request's credential never reaches the log, whatever its length or characters and wherever a careless auth hook
// puts it in its denial reason: a plain string, an Error's message, stack or own fields, an Error's cause, a nested
// object or array, a cyclic object. (util.inspect truncates strings past 10,000 characters and escapes backslashes,
// quotes and control characters, so finding the token in the formatted text is not enough.)
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

/** A piece of the token that appears nowhere else: finding any of them in the log means the token leaked. */
const tell = () => `t${randomBytes(8).toString('hex')}`;

interface Token {
  label: string;
  value: string;
  tells: string[];
}

function token(label: string, special: string, filler = ''): Token {
  const tells = [tell(), tell(), tell()];
  return { label, value: `${tells[0]}${special}${tells[1]}${filler}${tells[2]}`, tells };
}

// Header values are latin1 on the wire: a client that sends UTF-8 bytes reaches the hook as one character per byte,
// and bytes 0x80-0x9f are among those inspect escapes. A value cannot hold a newline; a tab is the control character
// it can hold.
const TOKENS: Token[] = [
  token('of 12,000 characters', '-', 'x'.repeat(12_000)),
  token('with backslashes', '\\a\\\\b\\n\\'),
  token('with quotes', `'"\`'"`),
  token('with a tab', 'a\tb'),
  token('with UTF-8 bytes (€ 名 🎉)', Buffer.from('€名🎉ü', 'utf8').toString('latin1')),
  token(
    'long, with every kind of character',
    `\\'"\`\t${Buffer.from('€', 'utf8').toString('latin1')}`,
    '\\"'.repeat(6_000),
  ),
];

/**
 * At most 300 characters of `text` around `at`, for a failure message. Never the whole line: a log line here runs to
 * 25,000 characters of quotes and backslashes, and with a few dozen failures of that size in `actual` and in the
 * message, node 20's spec reporter spent minutes at full CPU printing them (a redaction that did nothing hung the run
 * instead of failing it).
 */
function excerpt(text: string, at: number): string {
  const start = Math.max(0, at - 150);
  return `${start > 0 ? '…' : ''}${JSON.stringify(text.slice(start, start + 300))}${start + 300 < text.length ? '…' : ''}`;
}

/** Denial reasons a hook might throw, each naming the credential it refused and a visible note. */
const REASONS: Record<string, (authorization: string, credential: string) => unknown> = {
  'a string': (authorization) => `note-string: refused ${authorization}\nsecond line`,
  'an Error': (authorization, credential) =>
    Object.assign(new Error(`note-error: invalid token ${credential}`), { header: authorization, code: 'E_TOKEN' }),
  'a nested object': (authorization, credential) => ({
    note: 'note-object',
    request: { headers: { authorization }, tokens: [credential, [credential]] },
    [credential]: 'the credential as a key',
  }),
  'an Error with a cause': (authorization, credential) =>
    new Error('note-cause: denied', {
      cause: new Error(`upstream refused ${credential}`, { cause: { header: authorization, list: [credential] } }),
    }),
  'a cyclic object': (_authorization, credential) => {
    const reason: Record<string, unknown> = { note: 'note-cycle', credential };
    reason.self = reason;
    return reason;
  },
};

describe('the auth hook denial reason in the log', () => {
  let app: RunningConsole;

  before(async () => {
    app = await startConsole({
      allowExecute: true,
      authHook: (req) => {
        const authorization = req.headers.authorization!;
        throw REASONS[req.headers['x-reason'] as string]!(authorization, authorization.slice('Bearer '.length));
      },
    });
  });
  after(() => app.close());

  for (const { label, value, tells } of TOKENS) {
    for (const [shape, reason] of Object.entries(REASONS)) {
      it(`never contains a token ${label} when the reason is ${shape}, yet says why`, async () => {
        const before = app.logger.lines.length;
        const answer = await app.request('POST', callPath('get_weather'), {
          body: '{"city":"Oslo"}',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${value}`,
            'X-Reason': shape,
          },
        });
        assert.equal(answer.status, 401);
        assert.equal(answer.text, '{"error":"Unauthorized"}');
        const logged = app.logger.lines.slice(before);
        assert.deepEqual(
          logged.map((line) => line.level),
          ['warn'],
        );
        const text = logged[0]!.text;
        assert.ok(/note-[a-z]+/.test(text), `the reason is not logged for the host: ${excerpt(text, 0)}`);
        assert.ok(text.includes('[redacted]'), `nothing was blanked out: ${excerpt(text, 0)}`);
        for (const piece of tells) {
          const at = text.indexOf(piece);
          assert.ok(at === -1, `the token leaked (${piece}): ${excerpt(text, at)}`);
        }
      });
    }
  }

  it('keeps what the reason says around the token', async () => {
    const { value } = TOKENS[1]!;
    const before = app.logger.lines.length;
    await app.request('POST', callPath('get_weather'), {
      body: '{}',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${value}`,
        'X-Reason': 'an Error with a cause',
      },
    });
    const text = app.logger.lines[before]!.text;
    for (const said of ['note-cause: denied', 'upstream refused [redacted]', '[cause]']) {
      assert.ok(text.includes(said), `the log does not say ${said}: ${excerpt(text, 0)}`);
    }
  });
});
