// The key thread in the real app (issue 35, PERPL_KEY_THREAD): the keys are read on the key thread (here
// from a FIFO, as from a terminal), the trading socket is its own, and the review's `y` sends the armed
// order from there. Against the local exchange: a lone `y` sends the order once (from the key thread,
// the review closes, nothing is sent again), a `y` inside a paste or in one read with another key never
// fires, and leaving the review withdraws the staged order with nothing sent. What was sent is read from
// the journal's `sent` lines (staging writes a request line before anything is sent).

import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_FAULT_KEY } from '../../src/app/key-thread.js';
import { Journal } from '../../src/client/trading/journal.js';
import { ScopeMask } from '../../src/protocol/enums.js';
import { newOrderLocks } from '../../src/state/trading-locks.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { cliEntry } from '../helpers/cli-entry.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { runAppInTerminal, type RunningApp } from '../helpers/terminal-app.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

let home: string;
let sim: RunningSim;
let entry: string;
/** A second account of the exchange ([accounts.hedge]; [accounts.main] is the demo key's). */
let hedgeAccountId: number;
const open: { app: RunningApp; keysFd: number }[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'perpl-key-thread-screen-'));
  entry = cliEntry(home);
  sim = await startSim({ like: 'classic', port: 0, home, quiet: true, blockMs: 100, seed: 35, flowStepsPerSec: 10 });
  // A second account with a trading key of its own, both named in the config (as in account-switch.test.ts).
  const wallet = sim.control.createWallet({ orderForwarding: true });
  hedgeAccountId = wallet.accountId!;
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
  const hedgeKey = join(home, 'hedge-key.json');
  const keyJson = { api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: sim.chainId, scope_mask: ScopeMask.ReadTrade, expires_at: 0, rest: sim.rest, ws: sim.ws };
  writeFileSync(hedgeKey, `${JSON.stringify(keyJson)}\n`, { mode: 0o600 });
  const config = ['[accounts.main]', `keyFile = "${sim.demoKeyFile}"`, 'network = "local"', '', '[accounts.hedge]', `keyFile = "${hedgeKey}"`, 'network = "local"'];
  writeFileSync(join(home, 'config.toml'), `${config.join('\n')}\n`);
}, TEST_MS);

afterAll(async () => {
  for (const { app, keysFd } of open.splice(0)) {
    await app.close();
    closeSync(keysFd);
  }
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Journal records of kind `k` (every account's journal under the home, or account `accountId`'s alone). */
function journal(k: string, accountId?: number): number {
  return journalRecords(accountId).filter((r) => r.k === k).length;
}

function journalRecords(accountId?: number): ReturnType<typeof Journal.read> {
  const dir = join(home, 'journal');
  if (!existsSync(dir)) return [];
  const files = execFileSync('ls', [dir]).toString().split('\n').filter((n) => (accountId === undefined ? n.endsWith('.ndjson') : n === `local-${accountId}.ndjson`));
  return files.flatMap((n) => Journal.read(join(dir, n)));
}

/** The app with the key thread reading a FIFO; `keys` writes one read of the keyboard. */
async function appWithKeyThread(cols: number, rows: number, name: string, o: { account?: string } = {}) {
  const fifo = join(home, `keys-${name}`);
  execFileSync('mkfifo', [fifo]);
  // Read-write: opening the writer does not wait for the key thread to open its end.
  const keysFd = openSync(fifo, 'r+');
  const app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, cols, rows, 'BTC', {
    ...(o.account !== undefined ? { account: o.account } : { keyFile: sim.demoKeyFile }), home, appLog: true, keyThreadEntry: entry, keyThreadKeysPath: fifo,
  });
  open.push({ app, keysFd });
  const close = async (): Promise<void> => {
    open.splice(open.findIndex((o) => o.app === app), 1);
    await app.close();
    closeSync(keysFd);
  };
  const state = () => app.app.store.getState();
  await eventually(() => state().trading.account !== null && state().trading.lockReason === null, EXCHANGE_MS, 'trading unlocked');
  await app.vt.waitFor('spread ', EXCHANGE_MS);
  /** One write of the keyboard (writes not yet read may reach the app in one read, as from a terminal). */
  const keys = (raw: string): void => void writeSync(keysFd, raw);
  /** b, a size, Enter: the review open and its order staged (request line on disk) for the key thread. */
  const review = async (): Promise<void> => {
    const staged = journal('request');
    keys('b');
    await app.vt.waitFor('Order entry', UI_MS);
    keys('0.01');
    keys(KEYS.enter);
    await app.vt.waitFor('y/Enter send', UI_MS);
    await eventually(() => journal('request') > staged, UI_MS, 'the order staged');
  };
  const firedLines = () => (readFileSync(join(home, 'logs', 'perpl.log'), 'utf8').match(/left on its key/g) ?? []).length;
  return { app, state, keys, review, firedLines, close };
}

describe('the key thread confirms the review (200x50)', () => {
  it('key-thread-y-sends-once, paste-y-never-fires, escape-withdraws-with-nothing-sent', async () => {
    const t = await appWithKeyThread(200, 50, 'wide');

    // A lone y: sent once, by the key thread; the review closes.
    await t.review();
    const sentBefore = journal('sent');
    t.keys('y');
    await eventually(() => t.state().tradingUi.entry === null, UI_MS, 'the review closed');
    await eventually(() => journal('sent') === sentBefore + 1, UI_MS, 'the order sent');
    // The app log (flushed in a moment) says the key thread sent it.
    await eventually(() => t.firedLines() === 1, UI_MS, 'the key thread named as the sender');

    // A y inside a paste: pasted text, never the confirm. The sentinel: `?` after it opens the review's keys.
    await t.review();
    const afterFirst = journal('sent');
    t.keys(`${PASTE_START}y${PASTE_END}`);
    t.keys('?');
    await t.app.vt.waitFor('the keys of the review', UI_MS);
    expect(journal('sent')).toBe(afterFirst);
    t.keys(KEYS.escape);
    await t.app.vt.waitFor('y/Enter send', UI_MS);

    // Esc leaves the review: the staged order is withdrawn (resolved), nothing is sent, and a y typed
    // into the form after it is text, never a confirm.
    const resolved = journal('resolved');
    t.keys(KEYS.escape);
    await eventually(() => journal('resolved') > resolved, UI_MS, 'the staged order withdrawn');
    t.keys('y');
    await t.app.vt.waitFor(/size "[0-9.]*y" is not/, UI_MS);
    expect(journal('sent')).toBe(afterFirst);
    await t.close(); // the log is whole once the app quit
    expect(t.firedLines()).toBe(1);
  }, TEST_MS);
});

describe('the key thread and a dropped connection (200x50)', () => {
  it('connection-dropped-while-armed-sends-nothing, review-y-after-reconnect-sends-or-says-why: each y while down says why and none sends; once orders are live nothing says "cannot send" and y sends once', async () => {
    const t = await appWithKeyThread(200, 50, 'dropped');
    await t.review();
    const sentBefore = journal('sent');
    /** The footer: the last row of the frame (it is rows - 1 tall), where a refused key is said. */
    const footer = () => t.app.vt.lines().at(-2) ?? '';
    sim.control.dropConnections(1006);
    await eventually(() => t.state().trading.lockReason !== null, EXCHANGE_MS, 'trading locked by the drop');
    // y while the link is down: refused on the screen (the sentinel), nothing sent on the old arm.
    t.keys('y');
    await t.app.vt.waitFor(() => footer().includes('cannot send'), UI_MS);
    expect(journal('sent')).toBe(sentBefore);
    // Another y: the footer changes (said again "(×2)", or a new reason; sent, should both sockets be back by
    // then). Stop 41: the same words again left it as it was, and the key read as ignored.
    const said = footer();
    t.keys('y');
    await t.app.vt.waitFor(() => footer() !== said, UI_MS);
    // Both sockets back (each on its own backoff; the market data resyncs after): the refusal went with its
    // lock, since "cannot send: ... disconnected" would now say the opposite of the truth.
    await eventually(() => newOrderLocks(t.state()).length === 0, EXCHANGE_MS, 'orders live again');
    await t.app.vt.waitFor(() => !footer().includes('cannot send'), UI_MS);
    // Still in the review (the usual case): the old arm never fired on the new connection; y sends it now.
    if (t.state().tradingUi.entry !== null) {
      expect(journal('sent')).toBe(sentBefore);
      t.keys('y');
    }
    await eventually(() => t.state().tradingUi.entry === null, UI_MS, 'the review closed');
    await eventually(() => journal('sent') === sentBefore + 1, UI_MS, 'the order sent');
    await t.close();
    expect(journal('sent')).toBe(sentBefore + 1);
  }, TEST_MS);
});

describe('the key thread fails (200x50)', () => {
  it('key-thread-crash-leaves-keys-working: the screen reads the keys, trading reconnects from it, the armed order never fires', async () => {
    // The worker copies the environment when it starts: only this app's key thread throws on the fault key.
    process.env.PERPL_TEST_KEY_THREAD_FAULT = 'throw';
    const t = await appWithKeyThread(200, 50, 'crash').finally(() => delete process.env.PERPL_TEST_KEY_THREAD_FAULT);
    await t.review();
    const sentBefore = journal('sent');
    const resolved = journal('resolved');
    t.keys(TEST_FAULT_KEY);
    await t.app.vt.waitFor('the key thread stopped', UI_MS);
    // Keys reach the screen from this thread now: Esc leaves the review (the staged order withdrawn, never sent)...
    t.keys(KEYS.escape);
    await eventually(() => journal('resolved') > resolved, UI_MS, 'the staged order withdrawn');
    // ...and a y typed into the form is text (the sentinel on screen).
    t.keys('y');
    await t.app.vt.waitFor(/size "[0-9.]*y" is not/, UI_MS);
    expect(journal('sent')).toBe(sentBefore);
    // An order still goes out, on a socket of the screen thread's (the key thread's one closed with it): once.
    await eventually(() => t.state().trading.lockReason === null, EXCHANGE_MS, 'trading live again');
    t.keys(KEYS.backspace);
    t.keys(KEYS.enter);
    await t.app.vt.waitFor('y/Enter send', UI_MS);
    t.keys('y');
    await eventually(() => journal('sent') === sentBefore + 1, UI_MS, 'the order sent');
    await t.close();
    expect(readFileSync(join(home, 'logs', 'perpl.log'), 'utf8')).toMatch(/key thread failed: .*test fault.*keys read on the screen thread/);
  }, TEST_MS);
});

describe('a read-only run (80x24)', () => {
  it('read-only-run-starts-no-key-thread: no key and no accounts: the keys are read on the screen thread, no worker started', async () => {
    const readOnlyHome = mkdtempSync(join(tmpdir(), 'perpl-key-thread-read-only-'));
    const app = await runAppInTerminal({ rest: sim.rest, ws: sim.ws, chainId: sim.chainId }, 80, 24, 'BTC', { home: readOnlyHome, appLog: true, keyThreadEntry: entry });
    try {
      await app.vt.waitFor('spread ', EXCHANGE_MS);
      // Keys typed on the app's own stdin reach the screen (no thread took the keyboard): the help opens.
      app.vt.press('?');
      await app.vt.waitFor('Help: ', UI_MS);
    } finally {
      await app.close();
    }
    const log = readFileSync(join(readOnlyHome, 'logs', 'perpl.log'), 'utf8');
    rmSync(readOnlyHome, { recursive: true, force: true });
    expect(log).toContain('key thread: off (nothing to trade with at start');
    expect(log).not.toContain('key thread: on');
  }, TEST_MS);
});

describe('the key thread confirms the review (80x24)', () => {
  it('y-with-another-key-in-one-read-sends-once-from-the-screen-thread', async () => {
    const t = await appWithKeyThread(80, 24, 'narrow');
    const fired = t.firedLines(); // the earlier apps', each quit (log flushed)
    await t.review();
    const sentBefore = journal('sent');
    // y and ? in one read: never fired by the key thread; the screen thread reads y (sends the staged order) then ?.
    t.keys('y?');
    await eventually(() => t.state().tradingUi.entry === null, UI_MS, 'the review closed');
    await eventually(() => journal('sent') === sentBefore + 1, UI_MS, 'the order sent');
    await t.close();
    expect(t.firedLines()).toBe(fired);
  }, TEST_MS);

  it('account-switch-with-key-thread: the old account\'s armed order never fires, a y after the switch is text, the new account\'s order leaves on its own connection', async () => {
    const t = await appWithKeyThread(80, 24, 'switch', { account: 'main' });
    const mainId = t.state().trading.account!.accountId;
    await t.review();
    const mainSent = journal('sent', mainId);
    const resolved = journal('resolved', mainId);
    const fired = t.firedLines();
    // The switch with main's order staged and armed: no key opens `:` in a review today, so the service
    // `:account` calls is called here; what the key thread holds must not outlive it either way.
    expect(await t.app.app.services.switchAccount!('hedge')).toEqual({ ok: true, text: 'account hedge' });
    await eventually(() => journal('resolved', mainId) > resolved, UI_MS, 'main\'s staged order withdrawn');
    await eventually(() => t.state().trading.account?.accountId === hedgeAccountId && t.state().trading.lockReason === null, EXCHANGE_MS, 'trading on hedge');
    // The review went back to the form: a y is text there (the sentinel), never main's order.
    t.keys('y');
    await t.app.vt.waitFor(/size "[0-9.]*y" is not/, UI_MS);
    expect(journal('sent', mainId)).toBe(mainSent);
    // The keys keep working: reviewed again, staged for hedge, and the key thread sends it on hedge's connection.
    t.keys(KEYS.backspace);
    t.keys(KEYS.enter);
    await t.app.vt.waitFor('y/Enter send', UI_MS);
    await eventually(() => journal('request', hedgeAccountId) === 1, UI_MS, 'the order staged for hedge');
    t.keys('y');
    await eventually(() => journal('sent', hedgeAccountId) === 1, UI_MS, 'hedge\'s order sent');
    // Accepted: signed for hedge, it went out on hedge's socket (main's key could not place it).
    await eventually(() => journalRecords(hedgeAccountId).some((r) => r.k === 'ack' && r.code === 0), EXCHANGE_MS, 'hedge\'s order acknowledged');
    await t.close();
    expect(t.firedLines()).toBe(fired + 1);
    expect(journal('sent', mainId)).toBe(mainSent);
  }, TEST_MS);
});
