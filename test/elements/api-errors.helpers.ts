// What the API clients' tests ask of a failure: the ApiError a promise rejected with, and its fields in one compare.
import { expect } from '@open-wc/testing';
import { ApiError } from '../../elements/api.js';

/** What a promise rejected with, or a failure when it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`resolved with ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).to.be.instanceOf(ApiError);
  return outcome.error as ApiError;
}

/** An ApiError, named so, with this status, message and body. */
export function expectApiError(error: ApiError, status: number, message: string, body: unknown): void {
  expect({ name: error.name, status: error.status, message: error.message, body: error.body }).to.deep.equal({
    name: 'ApiError',
    status,
    message,
    body,
  });
}
