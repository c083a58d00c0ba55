// The store-writer rule of eslint.config.js, run through ESLint itself: a write of the store outside
// src/state/ fails `npm run lint`; the same write inside state/ (a named reducer) passes.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'store-writer rule';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The store-writer messages ESLint gives `code` as the file `filePath`, one line number each. */
async function storeWriterLines(code: string, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.message.startsWith(RULE)).map((m) => m.line);
}

const WRITES = [
  "import type { TerminalStore } from '../../state/store.js';",
  'export function writes(store: TerminalStore): void {',
  "  store.setState({ notice: 'x' });", // 3
  '  const { setState } = store;', // 4
  "  setState({ notice: 'y' });",
  "  (store.getState() as { notice: string | null }).notice = 'z';",
  "  store.getState().workspace.watchlist.push({ symbol: 'BTC', mark: null, priceDecimals: 0 });", // 7
  '  store.getState().tabs.selected.orders = 3;', // 8
  '}',
].join('\n');

describe('the store-writer rule', () => {
  it('store-written-outside-state-fails-lint', async () => {
    // Line 6 writes through a cast (a TSAsExpression in the chain): out of the rule's reach, said in the report.
    expect(await storeWriterLines(WRITES, 'src/ui/chart/written-outside-state.ts')).toEqual([3, 4, 7, 8]);
    expect(await storeWriterLines(WRITES.replaceAll('../../state/', '../state/'), 'src/app/written-outside-state.ts')).toEqual([3, 4, 7, 8]);
  });

  it('store-written-by-a-state-reducer-passes-lint', async () => {
    expect(await storeWriterLines(WRITES.replaceAll('../../state/', './'), 'src/state/written-inside-state.ts')).toEqual([]);
  });

  it('a-class-own-setState-is-not-the-store', async () => {
    const socket = ['export class Socket {', '  private state = 0;', '  open(): void {', '    this.setState(1);', '  }', '  private setState(state: number): void {', '    this.state = state;', '  }', '}'].join('\n');
    const reads = ["import type { TerminalStore } from '../../state/store.js';", 'export const sorted = (store: TerminalStore) => store.getState().markets.slice().sort();'].join('\n');
    expect(await storeWriterLines(socket, 'src/transport/ws/socket-like.ts')).toEqual([]);
    expect(await storeWriterLines(reads, 'src/ui/chart/reads-state.ts')).toEqual([]);
  });

  it('generic-patcher-imported-outside-state-fails-lint: the ui calls a named reducer, never the slice patcher', async () => {
    const patches = ["import { patchUi } from '../../state/trading-actions.js';", "export const arm = patchUi;"].join('\n');
    expect(await storeWriterLines(patches, 'src/ui/panic/patches.ts')).toEqual([1]);
    expect(await storeWriterLines(patches.replace('../../state/', './'), 'src/state/patches.ts')).toEqual([]);
  });
});

/** Messages of the screen's import rule (eslint.config.js SCREEN_RULES) for `code` as `filePath`. */
async function screenRuleLines(code: string, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.line);
}

describe('the screen rules', () => {
  it('context-importing-the-dispatcher-fails-lint: a context never reaches up into the plumbing that calls it', async () => {
    const code = ["import { dispatchKey } from '../keys/dispatch.js';", "import type { Keymap } from '../keys/keymap.js';", 'export const k = dispatchKey; export type K = Keymap;'].join('\n');
    expect(await screenRuleLines(code, 'src/ui/book/reaches-up.ts')).toEqual([1]);
    expect(await screenRuleLines(code, 'src/ui/shell/mounts.ts')).toEqual([]);
  });

  it('shared-format-importing-a-context-fails-lint: format/ and actions/ sit under every context', async () => {
    const code = ["import { BOOK_BINDINGS } from '../book/bindings.js';", "import { store } from '../../state/store.js';", 'export const b = [BOOK_BINDINGS, store];'].join('\n');
    expect(await screenRuleLines(code, 'src/ui/format/reaches-sideways.ts')).toEqual([1]);
    expect(await screenRuleLines(code, 'src/ui/actions/reaches-sideways.ts')).toEqual([1]);
  });
});
