// The server under fuzz and what it promises. Its tools have awkward names, one handler fails on purpose (the
// documented 500) and one hangs until the time limit (the documented 504); every other call echoes its arguments,
// so a mixed-up or altered answer is caught, not only a crash.
import type { ToolCallHandler, Tool, ToolConsoleOptions } from '../../server/index.js';

export const THROWING_TOOL = 'fail/throws';
export const HANGING_TOOL = 'slow.hang';
export const MAX_BODY_BYTES = 8 * 1024;
/** Validation has a smaller limit of its own. */
export const MAX_VALIDATE_BODY_BYTES = 4 * 1024;
export const CALL_TIMEOUT_MS = 250;
export const ALLOWED_ORIGIN = 'http://allowed.example';
/** A request carrying this header is refused by the auth hook (it returns without calling next()). */
export const DENY_HEADER = 'x-fuzz-deny';

const objectSchema = {
  type: 'object',
  properties: { city: { type: 'string', maxLength: 20 }, n: { type: 'integer' } },
};

export const TOOL_NAMES = [
  'echo',
  THROWING_TOOL,
  HANGING_TOOL,
  'ünïcødé ☃ 名前',
  '../..',
  'a b',
  'nul\u0000name',
  '%2F',
  'emoji 🎉/x.y',
  'x'.repeat(300),
  '<img src=x onerror=alert(1)>',
];

export const fuzzTools: Tool[] = [
  ...TOOL_NAMES.map((name) => ({ name, description: `The tool ${name}`, inputSchema: objectSchema })),
  // A schema that does not compile: validation answers one `schema` error, never a 5xx.
  { name: 'bad-schema', description: 'Broken schema', inputSchema: { type: 12 } as never },
  {
    name: 'draft-2020',
    description: 'Newer draft',
    inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['a'] },
  },
];

export const fuzzHandleCall: ToolCallHandler = async (name, args, _req, ctx) => {
  if (name === THROWING_TOOL) throw new Error('deliberate failure');
  if (name === HANGING_TOOL) {
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    return [[{ type: 'text', text: 'too late' }], false];
  }
  return [[{ type: 'text', text: JSON.stringify(args) }], false, 'trace-' + name.length];
};

export const fuzzOptions: Partial<ToolConsoleOptions> = {
  tools: fuzzTools,
  handleCall: fuzzHandleCall,
  allowExecute: true,
  maxBodyBytes: MAX_BODY_BYTES,
  maxValidateBodyBytes: MAX_VALIDATE_BODY_BYTES,
  callTimeoutMs: CALL_TIMEOUT_MS,
  corsOrigins: [ALLOWED_ORIGIN],
  authHook: (req, next) => {
    // next(err) denies at once; a hook that only skips next() would be waited for until callTimeoutMs.
    next(req.headers[DENY_HEADER] === undefined ? undefined : new Error('denied by the fuzz header'));
  },
};
