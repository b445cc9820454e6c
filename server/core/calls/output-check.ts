// The server's check of a call result against its tool's `outputSchema`, sent beside the plain answer in the
// `Tool-Output-Check` header: the page cannot afford a JSON Schema validator, and the `CallToolResult` body stays
// exactly what the tool returned. Only successful results of tools that declare an outputSchema are checked.
import type { CallResult, Logger, OutputCheck, ValidationFailure } from '../../types.js';
import { OUTPUT_CHECK_HEADER } from '../../../protocol/index.js';
import type { ReplyHeaders } from '../http/reply.js';
import type { ArgumentValidator } from './validation.js';

/** A header carries a few mismatches to fix, not a report: at most this many errors. */
export const MAX_OUTPUT_ERRORS = 10;
/** Clients refuse answers whose headers grow past their limits (node's own client: 16 KiB in all); stay well below. */
export const MAX_OUTPUT_CHECK_CHARS = 4096;
/** A path or message longer than this is cut (a few hundred characters still say where and what). */
const MAX_FIELD_CHARS = 300;

const NO_STRUCTURED_CONTENT: OutputCheck = {
  valid: false,
  errors: [
    {
      path: '',
      keyword: 'required',
      message: 'The result has no structuredContent, though the tool declares an outputSchema.',
    },
  ],
};

/** The verdict on one result: its structuredContent against the schema. */
export function checkOutput(validator: ArgumentValidator, outputSchema: unknown, result: CallResult): OutputCheck {
  if (result.structuredContent === undefined) return NO_STRUCTURED_CONTENT;
  return validator.checkOutput(outputSchema, result.structuredContent, MAX_OUTPUT_ERRORS);
}

/** JSON in ASCII: header values cannot carry other characters, and `\uXXXX` escapes read back as the same text. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function shortened(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}...` : text;
}

/**
 * The header value for a verdict: ASCII JSON of at most MAX_OUTPUT_CHECK_CHARS characters. Long paths and messages
 * (an enum of a thousand values, a key of a kilobyte) are cut, and errors dropped from the end (`truncated` set) until
 * it fits.
 */
export function outputCheckHeaderValue(check: OutputCheck): string {
  if (check.valid) return '{"valid":true}';
  const errors: ValidationFailure[] = check.errors.map((error) => ({
    path: shortened(error.path),
    message: shortened(error.message),
    keyword: shortened(error.keyword),
  }));
  let truncated = check.truncated;
  let text = asciiJson({ valid: false, errors, ...(truncated ? { truncated } : {}) });
  while (text.length > MAX_OUTPUT_CHECK_CHARS && errors.length > 1) {
    errors.pop();
    truncated = true;
    text = asciiJson({ valid: false, errors, truncated });
  }
  return text;
}

/** Adds the check's header to a successful result's answer; undefined leaves the answer as it is. */
export type OutputChecker = (result: CallResult) => ReplyHeaders | undefined;

/**
 * The checker for a tool with an `outputSchema`. It never throws: a check that fails unexpectedly is logged and the
 * answer goes out without the header, since the tool's result matters more than the verdict on it.
 */
export function outputChecker(
  validator: ArgumentValidator,
  outputSchema: unknown,
  name: string,
  logger: Logger,
): OutputChecker {
  return (result) => {
    try {
      return { [OUTPUT_CHECK_HEADER]: outputCheckHeaderValue(checkOutput(validator, outputSchema, result)) };
    } catch (error) {
      logger.error(`tool-console: the result of ${JSON.stringify(name)} could not be checked:`, error);
      return undefined;
    }
  };
}
