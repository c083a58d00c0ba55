import { describe, expect, it } from 'vitest';
import { ArmState, ArmWord } from '../transport/ws/arm-word.js';
import { warmArmedPath } from './key-thread-warm.js';

describe('warmArmedPath', () => {
  it('first-order-runs-cold-code: the confirm key is read armed and the staged frame fired, all the way to the send', () => {
    expect(warmArmedPath()).toBe('{"warm-up":"never sent"}');
  });

  it('touches no word but its own: an order armed on the live word stays armed, unfired', () => {
    const live = new ArmWord();
    live.arm(1);
    warmArmedPath();
    expect(live.peek()).toEqual({ id: 1, state: ArmState.armed });
  });
});
