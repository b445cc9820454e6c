// Header reading shared by the adapters: node's repeated headers joined as Fetch joins them, and whether a client
// asked for an event stream.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptsEventStream, nodeHeader, type ConsoleRequest } from '../../server/core/http/console-request.js';

function withAccept(accept: string | undefined): ConsoleRequest {
  return { header: (name: string) => (name === 'accept' ? accept : undefined) } as ConsoleRequest;
}

describe('console request headers', () => {
  it('joins a repeated node header with a comma and a space, and passes single ones through', () => {
    assert.equal(nodeHeader({ 'x-a': ['one', 'two'] }, 'x-a'), 'one, two');
    assert.equal(nodeHeader({ 'x-a': 'one' }, 'x-a'), 'one');
    assert.equal(nodeHeader({}, 'x-a'), undefined);
  });

  it('tells an event-stream request from one that wants a single answer', () => {
    assert.equal(acceptsEventStream(withAccept('text/event-stream')), true);
    assert.equal(acceptsEventStream(withAccept('application/json, text/event-stream;q=0.9')), true);
    assert.equal(acceptsEventStream(withAccept('application/json')), false);
    assert.equal(acceptsEventStream(withAccept(undefined)), false);
  });
});
