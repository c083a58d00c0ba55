// `:export fills ...` on the `:` line: the ask goes to the program as typed, the notice follows its pages
// and then says where the file went, or why there is none.

import { describe, expect, it } from 'vitest';
import type { ExportAsk, ExportWritten } from '../../domain/export-kinds.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { editCommandLine, runCommandLine } from './flow.js';

function setup(exportHistory: TerminalServices['exportHistory']) {
  const store = createTerminalStore();
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, ...(exportHistory ? { exportHistory } : {}) };
  const actions = createTerminalActions(store, program);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, actions);
  };
  return { store, run };
}

const notice = (store: ReturnType<typeof createTerminalStore>) => store.getState().notice;

describe(':export', () => {
  it('export-line-says-where-the-file-went: the ask as typed, progress in the notice, then the file name before its directory (80 columns keep the name)', async () => {
    const asks: ExportAsk[] = [];
    let finish: (w: ExportWritten) => void = () => {};
    const t = setup((ask, onProgress) => {
      asks.push(ask);
      onProgress('page 3, 300 records read');
      return new Promise((resolve) => (finish = resolve));
    });
    t.run('export fills from 2026-11-01 to 2026-11-30 json');
    expect(asks).toEqual([{ kind: 'fills', format: 'json', from: '2026-11-01', to: '2026-11-30' }]);
    expect(t.store.getState().tradingUi.commandLine).toBeNull();
    expect(notice(t.store)).toMatch(/^export fills: (page 3, 300 records read|reading the history…)$/);
    finish({ path: '/home/u/.config/perpl/exports/fills-20261128-093000.json', rows: 1000 });
    await Promise.resolve();
    await Promise.resolve();
    expect(notice(t.store)).toBe('export fills: 1000 rows written to fills-20261128-093000.json in /home/u/.config/perpl/exports');
  });

  it('export-line-failure-is-said-not-silent', async () => {
    const t = setup(() => Promise.reject(new Error('stopped at page 4 of fills (3 pages and 300 records read); nothing was written')));
    t.run('export fills');
    await new Promise((r) => setTimeout(r, 0));
    expect(notice(t.store)).toBe('export fills failed: stopped at page 4 of fills (3 pages and 300 records read); nothing was written');
  });

  it('export-line-without-a-key-is-refused', () => {
    const t = setup(() => null);
    t.run('export orders');
    expect(notice(t.store)).toBe('export orders refused: no API key: the history is read over signed REST');
  });

  it('export-line-bad-words-keep-the-line-and-say-the-usage', () => {
    const t = setup(() => null);
    t.run('export fils');
    expect(t.store.getState().tradingUi.commandError).toMatch(/export: say what \(export fills\|trades\|funding\|orders\|account/);
    expect(t.store.getState().tradingUi.commandLine).toBe('export fils');
  });
});
