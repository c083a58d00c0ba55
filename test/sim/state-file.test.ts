// `perpl sim --state FILE`: the demo account's open order and position survive a restart of the
// exchange (before: every restart began a fresh demo account); a bad state file stops the start with
// the reason and is left exactly as it was.

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderRequestFrame } from '../../src/protocol/frames.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
import { requireRoot } from '../helpers/ci.js';
import { eventually } from '../helpers/terminal.js';

const home = mkdtempSync(join(tmpdir(), 'perpl-state-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const BTC = 1;
const start = (stateFile: string) => startSim({ port: 0, home, quiet: true, blockMs: 50, flowStepsPerSec: 20, markets: ['BTC'], stateFile, stateSaveMs: 60_000 });

function demoAccount(sim: RunningSim): number {
  const id = sim.control.engine.accountsOf(sim.demoOperator.profile)[0];
  if (id === undefined) throw new Error('no demo account');
  return id;
}

let sn = 0;
function send(sim: RunningSim, acc: number, fields: Partial<OrderRequestFrame>): void {
  const req: OrderRequestFrame = { mt: 22, sn: ++sn, mkt: BTC, acc, t: 1, s: 0, fl: 0, lv: 1000, lb: 0, rq: 0, ...fields };
  const res = sim.control.engine.admit(sim.demoOperator.profile, req, sim.control.headBlock());
  expect(res.code).toBe(0);
}

describe('perpl sim --state', () => {
  it('state-file-keeps-order-and-position-across-restart', async () => {
    const file = join(home, 'paper.json');
    const first = await start(file);
    let acc = demoAccount(first);
    const engine = first.control.engine;
    await eventually(() => engine.book(BTC, 1).ask.length > 0 && engine.book(BTC, 1).bid.length > 0, 10_000, 'a two-sided book');
    const ask = engine.book(BTC, 1).ask[0]!.p as number;
    const bid = engine.book(BTC, 1).bid[0]!.p as number;
    send(first, acc, { rq: 1, t: 1, p: ask + 5_000, s: 100 }); // crosses: a long of 0.001 BTC
    send(first, acc, { rq: 2, t: 1, p: Math.floor(bid * 0.8), s: 200 }); // rests far below
    await eventually(() => engine.openPositions(acc).length === 1 && engine.openOrders(acc).length === 1, 10_000, 'a position and a resting order');
    const position = engine.openPositions(acc)[0]!;
    const order = engine.openOrders(acc)[0]!;
    const balance = engine.ledger(acc).balance;
    await first.stop();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = await start(file);
    try {
      acc = demoAccount(second);
      const again = second.control.engine;
      expect(again.openPositions(acc)).toHaveLength(1);
      expect(again.openPositions(acc)[0]).toMatchObject({ pid: position.pid, s: position.s, sd: position.sd, c: position.c });
      expect(again.openOrders(acc).map((o) => [o.oid, o.p, o.os])).toEqual([[order.oid, order.p, order.os]]);
      expect(again.ledger(acc).balance).toBe(balance);
      // The demo key file names the same account's exchange again, and the money still adds up.
      const supply = again.moneySupply();
      expect(supply.total).toBe(supply.deposits);
    } finally {
      await second.stop();
    }
  });

  it('bad-state-file-refused-and-kept: a broken file stops the start with the reason and is not overwritten', async () => {
    const broken = join(home, 'broken.json');
    writeFileSync(broken, '{ "v": 1, "saved_at": 1, oops');
    await expect(start(broken)).rejects.toThrow(/--state: .*broken\.json is not valid JSON/);
    expect(readFileSync(broken, 'utf8')).toBe('{ "v": 1, "saved_at": 1, oops');

    const wrong = join(home, 'wrong.json');
    const text = JSON.stringify({ v: 1, saved_at: 1, oracles: {}, wallet_key: `0x${'1'.repeat(64)}`, demo: { v: 1, address: `0x${'a'.repeat(40)}`, fw: true, ft: 0, lfr: 0, balance: '100', locked: '0', executed: [], positions: [], orders: [{ price: 'cheap' }] } });
    writeFileSync(wrong, text);
    await expect(start(wrong)).rejects.toThrow(/account\.orders\[0\]: unknown field "price"|account\.orders\[0\]\.\w+: must be/);
    expect(readFileSync(wrong, 'utf8')).toBe(text);
  });

  it('state-fifo-hung-the-start: a FIFO at the path is refused at once, not waited on', () => {
    const fifo = join(home, 'fifo.json');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    // In a child process: an open that blocks on the FIFO would block this worker for good.
    const script = `import { readStateFile } from ${JSON.stringify(new URL('../../src/sim/server/state-file.ts', import.meta.url).href)};
      try { readStateFile(${JSON.stringify(fifo)}); process.stdout.write('read'); } catch (e) { process.stdout.write(e.message); }`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000, encoding: 'utf8' });
    expect(out.split('\n')[0]).toBe(`--state: ${fifo} is a FIFO, not a regular file`);
  });

  it('state-planted-by-another-user-loaded: a state file another user owns is refused and left as it is (root: it plants the file)', async (ctx) => {
    requireRoot(ctx);
    const file = join(home, 'planted.json');
    await (await start(file)).stop();
    const text = readFileSync(file, 'utf8');
    chownSync(file, 65_534, 65_534);
    await expect(start(file)).rejects.toThrow(`--state: ${file} belongs to uid 65534, not to this user (${process.getuid!()})`);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).uid).toBe(65_534);
  });

  it('state-writable-by-others-loaded: a state file others may write is refused and left as it is', async () => {
    const file = join(home, 'shared.json');
    await (await start(file)).stop();
    const text = readFileSync(file, 'utf8');
    chmodSync(file, 0o666);
    await expect(start(file)).rejects.toThrow(`--state: ${file} has mode 0666: other users may write to it`);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).mode & 0o777).toBe(0o666);
  });

  it('state-temp-file-planted-written-into: a file planted at the old temp name is never written, the state goes to a fresh 0600 file (root: it plants the file)', async (ctx) => {
    requireRoot(ctx);
    const file = join(home, 'fresh.json');
    const planted = `${file}.${process.pid}.tmp`;
    writeFileSync(planted, 'planted');
    chmodSync(planted, 0o666);
    chownSync(planted, 65_534, 65_534);
    await (await start(file)).stop();
    expect(readFileSync(planted, 'utf8')).toBe('planted');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(file).uid).toBe(process.getuid!());
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ v: 1 });
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('state-wallet-key-of-another-wallet-loaded: a wallet_key that does not own the saved account is refused', async () => {
    const file = join(home, 'swapped.json');
    await (await start(file)).stop();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { wallet_key: string };
    writeFileSync(file, JSON.stringify({ ...saved, wallet_key: `0x${'11'.repeat(32)}` }));
    await expect(start(file)).rejects.toThrow(`--state: ${file}: wallet_key is not the key of demo.address`);
  });
});
