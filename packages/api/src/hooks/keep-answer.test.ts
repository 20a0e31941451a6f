import { describe, expect, it } from 'vitest';
import { nextRequest, takeAnswer } from './keep-answer';

let keys = 0;
/** A data key no other test uses. */
function freshKey() {
  keys += 1;
  return ['keep-answer test', keys];
}

describe('takeAnswer', () => {
  it('takes answers that arrive in the order they were asked for', () => {
    const key = freshKey();
    const first = nextRequest();
    const second = nextRequest();
    expect(takeAnswer(key, first)).toBe(true);
    expect(takeAnswer(key, second)).toBe(true);
  });

  it('refuses an answer that arrives after the answer to a later request', () => {
    const key = freshKey();
    const older = nextRequest();
    const newer = nextRequest();
    expect(takeAnswer(key, newer)).toBe(true);
    expect(takeAnswer(key, older)).toBe(false);
  });

  it('keeps each data key apart', () => {
    const one = freshKey();
    const other = freshKey();
    const older = nextRequest();
    const newer = nextRequest();
    expect(takeAnswer(one, newer)).toBe(true);
    expect(takeAnswer(other, older)).toBe(true);
  });
});
