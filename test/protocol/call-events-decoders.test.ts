// The page's decoders of a streamed call's and a watched list's events (protocol/call-events.ts), field by field, and
// the exact text of the list events that carry nothing: what the page makes of an event whose data is not what the
// map says (a proxy's, an older console's), so a progress bar or a task line never shows a value of the wrong type.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeCallEvent, decodeToolsEvent, encodeToolsEvent } from '../../protocol/index.js';

describe('call events, read by the page', () => {
  it('should read a progress without its total and message, and drop them when they are of the wrong type', () => {
    assert.deepEqual(decodeCallEvent.progress({ progress: 0 }), { progress: 0 });
    assert.deepEqual(decodeCallEvent.progress({ progress: 2, total: '10', message: 3 }), { progress: 2 });
    assert.deepEqual(decodeCallEvent.progress({ progress: 2, total: Number.POSITIVE_INFINITY, message: null }), {
      progress: 2,
    });
    assert.equal(decodeCallEvent.progress([2]), undefined);
  });

  it('should refuse a task without a text status, and drop a status message that is not text', () => {
    assert.equal(decodeCallEvent.task({ taskId: 't-1' }), undefined);
    assert.equal(decodeCallEvent.task({ taskId: 't-1', status: 3 }), undefined);
    assert.equal(decodeCallEvent.task('t-1'), undefined);
    assert.deepEqual(decodeCallEvent.task({ taskId: 't-1', status: 'failed', statusMessage: { text: 'x' } }), {
      taskId: 't-1',
      status: 'failed',
    });
  });

  it('should read a log without a logger, and drop a logger that is not text', () => {
    assert.deepEqual(decodeCallEvent.log({ level: 'error', logger: 5, data: 'disk full' }), {
      level: 'error',
      data: 'disk full',
    });
    assert.equal(decodeCallEvent.log('error'), undefined);
  });

  it('should read any result event, a 200 without an integer status, and leave out a check that is not one', () => {
    const result = { content: [] };
    assert.deepEqual(decodeCallEvent.result({ status: 404, result, outputCheck: { valid: 'yes' } }), {
      status: 404,
      result,
    });
    assert.deepEqual(decodeCallEvent.result({ status: 201.5, result, outputCheck: { valid: true } }), {
      status: 200,
      result,
      outputCheck: { valid: true },
    });
    assert.deepEqual(decodeCallEvent.result('done'), { status: 200, result: undefined });
  });
});

describe('watched list events', () => {
  it('should send the change events that carry nothing as an empty object', () => {
    assert.equal(encodeToolsEvent['resources-changed'](), '{}');
    assert.equal(encodeToolsEvent['prompts-changed'](), '{}');
    assert.deepEqual(decodeToolsEvent['resources-changed'](), {});
    assert.deepEqual(decodeToolsEvent['prompts-changed'](), {});
  });

  it("should send and read a subscribed resource's update by its URI, and skip one without a text URI", () => {
    const text = encodeToolsEvent['resource-updated']({ uri: 'file:///notes.md' });
    assert.equal(text, '{"uri":"file:///notes.md"}');
    assert.deepEqual(decodeToolsEvent['resource-updated'](JSON.parse(text)), { uri: 'file:///notes.md' });
    assert.deepEqual(decodeToolsEvent['resource-updated']({ uri: 'file:///a', extra: 1 }), { uri: 'file:///a' });
    for (const data of [undefined, 'file:///a', { uri: 5 }, { url: 'file:///a' }]) {
      assert.equal(decodeToolsEvent['resource-updated'](data), undefined, JSON.stringify(data));
    }
  });

  it('should refuse a tools-changed event that is not an object', () => {
    assert.equal(decodeToolsEvent['tools-changed']('"abc"'), undefined);
  });
});
