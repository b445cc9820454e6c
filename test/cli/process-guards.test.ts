// The CLI's process guards: the SDK's credential-retry warning is dropped and every other warning still printed, and
// an exception or rejection nobody handled becomes the one line `fail` prints. Each guard is given its own target here,
// so the test process's console and handlers stay as they are.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { dropCredentialRetryWarnings, failOnEscapes } from '../../server/cli/process-guards.js';

const RETRY_WARNING = '[mcp-sdk] OAuth "invalid_client" — discarding the client credentials and retrying';

/** A console whose warn keeps what reached it, with the filter installed. */
function filteredConsole(): { warn: (...args: unknown[]) => void; printed: unknown[][] } {
  const printed: unknown[][] = [];
  const target = { warn: (...args: unknown[]) => void printed.push(args) };
  dropCredentialRetryWarnings(target);
  return { warn: target.warn, printed };
}

describe('the credential-retry warning filter', () => {
  it("drops the SDK's warning for each OAuth error code, whatever follows it", () => {
    const { warn, printed } = filteredConsole();
    warn(RETRY_WARNING);
    warn('[mcp-sdk] OAuth "invalid_grant" — discarding the tokens', { detail: 1 });
    assert.deepEqual(printed, []);
  });

  it('prints every other warning, with all its arguments', () => {
    const { warn, printed } = filteredConsole();
    const shapes = [
      ['(node) a warning of its own', 42],
      ['[mcp-sdk] OAuth "Invalid_Client" — not an error code the SDK writes'],
      ['[mcp-sdk] OAuth "invalid_client" - a plain hyphen, not the SDK’s dash'],
      [`prefix ${RETRY_WARNING}`],
      // Only a string message is read: an array whose text would match is something else.
      [[RETRY_WARNING]],
    ];
    for (const args of shapes) warn(...args);
    assert.deepEqual(printed, shapes);
  });
});

describe('the safety net for what escapes', () => {
  function failures(): { target: EventEmitter; lines: string[] } {
    const target = new EventEmitter();
    const lines: string[] = [];
    failOnEscapes((message) => lines.push(message), target);
    return { target, lines };
  }

  it('ends an uncaught exception with its message, not its stack', () => {
    const { target, lines } = failures();
    target.emit('uncaughtException', new Error('the socket went away'));
    assert.deepEqual(lines, ['the socket went away']);
  });

  it('ends an unhandled rejection with its message, or with the value it was rejected with', () => {
    const { target, lines } = failures();
    target.emit('unhandledRejection', new TypeError('not a function'));
    target.emit('unhandledRejection', 'a string thrown as is');
    target.emit('unhandledRejection', 404);
    assert.deepEqual(lines, ['not a function', 'a string thrown as is', '404']);
  });
});
