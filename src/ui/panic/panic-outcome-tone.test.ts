// A panic that goes through is not an error: neither the toast that says it left nor the summary carries the
// error tone (the bar's ✗), so the line never starts with the error glyph; a panic that fails still does.

import { describe, expect, it } from 'vitest';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import type { CommandOutcome, TradingCommands } from '../../domain/trading/commands.js';
import { createTerminalStore } from '../../state/store.js';
import { createTerminalActions } from '../actions/terminal-actions.js';

function setup(outcome: CommandOutcome) {
  const store = createTerminalStore();
  const trading = {
    locks: () => [],
    note: () => {},
    panic: () => ({ rqs: () => [1, 2], outcome: Promise.resolve(outcome) }),
  } as unknown as TradingCommands;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => trading };
  return { store, actions: createTerminalActions(store, program, () => 1_000) };
}

describe('panic outcome tone', () => {
  it('successful-panic-not-marked-as-error', async () => {
    const t = setup({ ok: true, message: '', results: [{ kind: 'definitive', rq: 1, message: 'done' }, { kind: 'definitive', rq: 2, message: 'done' }] });
    await t.actions.panic();
    const toasts = t.store.getState().tradingUi.toasts;
    expect(toasts.map((x) => x.text)).toEqual(['PANIC: cancelling 0 orders, closing 0 positions', 'panic: 2/2 requests done']);
    expect(toasts.map((x) => x.tone)).not.toContain('bad');
    expect(toasts.at(-1)?.tone).toBe('good');
  });

  it('a failed panic keeps the error tone', async () => {
    const t = setup({ ok: false, message: 'rq 2 failed', results: [{ kind: 'definitive', rq: 1, message: 'done' }, { kind: 'failed', rq: 2, message: 'rq 2 failed' }] });
    await t.actions.panic();
    expect(t.store.getState().tradingUi.toasts.at(-1)).toMatchObject({ text: 'panic: 1/2 requests done; rq 2 failed', tone: 'bad' });
  });
});
