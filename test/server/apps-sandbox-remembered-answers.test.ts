// The memory behind the sandbox host check (server/core/sandbox/remembered-answers.ts): each argument's answer is
// worked out once while remembered, and an asker with ever new arguments fills only so many places before all are
// forgotten at once. What the function is asked is what a caller of the memory can see.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rememberedAnswers } from '../../server/core/sandbox/remembered-answers.js';

/** A memory of two places over a function that records what it is asked. */
function twoPlaces() {
  const asked: (string | undefined)[] = [];
  const answer = rememberedAnswers((key: string | undefined) => {
    asked.push(key);
    return `answer to ${key}`;
  }, 2);
  return { answer, asked };
}

describe('remembered answers', () => {
  it('should work out each answer once while there is room, undefined among the arguments', () => {
    const { answer, asked } = twoPlaces();
    assert.equal(answer('a'), 'answer to a');
    assert.equal(answer(undefined), 'answer to undefined');
    assert.equal(answer('a'), 'answer to a');
    assert.equal(answer(undefined), 'answer to undefined');
    assert.deepEqual(asked, ['a', undefined]);
  });

  it('should forget everything when a new argument comes with every place taken, and start over with it', () => {
    const { answer, asked } = twoPlaces();
    for (const key of ['a', 'b', 'c', 'c', 'a', 'c', 'b']) assert.equal(answer(key), `answer to ${key}`);
    // a, b fill the places; c clears them and is kept; a is asked again and kept beside c; b clears them once more.
    assert.deepEqual(asked, ['a', 'b', 'c', 'a', 'b']);
  });
});
