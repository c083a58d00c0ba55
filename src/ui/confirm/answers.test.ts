// The confirm knows no flow: each asking context registers its kind's answer when it loads. The keymap's
// registries load every context that can ask, so each kind a question can carry has its answer there.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from '../keys/keymap.js';
import { confirmAnswerOf, type ConfirmKind } from './answers.js';

/** Every kind of ConfirmAction (an added kind fails to compile here until it is listed). */
const KINDS = { 'send-order': true, amend: true, panic: true, quit: true, command: true, tab: true, scale: true, twap: true, trail: true, chase: true, 'cancel-scale': true, 'cancel-orders': true } satisfies Record<ConfirmKind, true>;

describe('every question has its answer', () => {
  it('y-never-does-nothing: each kind a question carries is answered by the context that asks it', () => {
    expect(DEFAULT_BINDINGS.length).toBeGreaterThan(0);
    const missing = (Object.keys(KINDS) as ConfirmKind[]).filter((kind) => confirmAnswerOf(kind) === undefined);
    expect(missing).toEqual([]);
  });
});
