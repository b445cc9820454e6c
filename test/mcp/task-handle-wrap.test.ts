// A 2026-07-28 server's task handle (`resultType: "task"`) as the SDK is handed it (an empty complete result carrying
// the handle) and as the bridge reads it back; every other response passes unchanged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JSONRPCResponse } from '@modelcontextprotocol/client';
import { taskHandleOf, wrapTaskHandle } from '../../server/mcp/task-handle.js';

const handle = { taskId: 't1', status: 'working', pollIntervalMs: 50 };

describe('task handles in tools/call answers', () => {
  it('should hand on a task handle as an empty complete result that carries it', () => {
    const response = { jsonrpc: '2.0', id: 4, result: { resultType: 'task', ...handle } } as JSONRPCResponse;
    const wrapped = wrapTaskHandle(response);
    assert.equal(wrapped.id, 4);
    assert.equal(wrapped.jsonrpc, '2.0');
    const result = (wrapped as { result: Record<string, unknown> }).result;
    assert.equal(result.resultType, 'complete');
    assert.deepEqual(result.content, []);
    assert.deepEqual(taskHandleOf(result), handle);
  });

  it('should pass other results and errors unchanged', () => {
    const complete = { jsonrpc: '2.0', id: 1, result: { content: [], resultType: 'complete' } } as JSONRPCResponse;
    assert.equal(wrapTaskHandle(complete), complete);
    const plain = { jsonrpc: '2.0', id: 2, result: { content: [] } } as JSONRPCResponse;
    assert.equal(wrapTaskHandle(plain), plain);
    const error = { jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'no' } } as unknown as JSONRPCResponse;
    assert.equal(wrapTaskHandle(error), error);
  });

  it('should find no handle in a result without one, or with one that names no task', () => {
    assert.equal(taskHandleOf({ content: [] } as never), undefined);
    assert.equal(taskHandleOf({ _meta: {} }), undefined);
    const numbered = wrapTaskHandle({ jsonrpc: '2.0', id: 5, result: { resultType: 'task', taskId: 7 } } as never);
    assert.equal(taskHandleOf((numbered as { result: Record<string, unknown> }).result), undefined);
  });
});
