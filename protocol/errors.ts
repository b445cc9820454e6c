// The body of every answer that is neither a result nor a validation: `{"error": "..."}`, and for an answer to a
// question that does not match its schema, the field errors beside it.
import { isPlainObject } from './is-plain-object.js';
import type { ValidationFailure } from './calls.js';

/** What a 4xx or 5xx answer says (its message is shown only below 500; above, a generic one). */
export interface ErrorBody {
  error: string;
}

/** The 400 answer to a question whose content does not match the requested schema (the question stays open). */
export interface AnswerRejected extends ErrorBody {
  errors: ValidationFailure[];
  truncated?: true;
}

/** The message of an error body, or undefined when `body` is not one (a proxy's page, an empty answer). */
export function errorMessageOf(body: unknown): string | undefined {
  return isPlainObject(body) && typeof body.error === 'string' ? body.error : undefined;
}

/** The field errors of a 400 answer to a question, each `{path, message, keyword}`; others are dropped. */
export function answerErrors(body: unknown): ValidationFailure[] {
  // Stryker disable next-line ArrayDeclaration: the filter below drops whatever a stand-in list holds (no object)
  const errors = isPlainObject(body) && Array.isArray(body.errors) ? body.errors : [];
  return errors
    .filter(
      (error): error is ValidationFailure =>
        isPlainObject(error) && typeof error.path === 'string' && typeof error.message === 'string',
    )
    .map(({ path, message, keyword }) => ({ path, message, keyword: typeof keyword === 'string' ? keyword : '' }));
}
