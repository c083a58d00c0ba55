// A collateral top-up (t 6) as live reports it (wire.md 15.3): first the credit (mt 21 with the et 3 event,
// `lfr` unchanged, mt 28, mt 27 with sr 6), then blocks later the request's own report (mt 21 without `h`,
// `lfr` + 1, mt 28, mt 24 st 7 sr 32). The trading session is fed those frames over a scripted link, as the
// capture has them; the local exchange's one-step form (all in one block) must read the same.

import { afterEach, describe, expect, it } from 'vitest';
import { OrderType } from '../../protocol/enums.js';
import { EngineCommands } from '../commands.js';
import { OrderEngine } from './order-engine.js';
import { TradingSession } from './session.js';
import { ACC, ETH, ScriptedLink } from './scripted-link.fixtures.js';

const PID = 4485795151873;

const at = (b: number, tx = 3, l = 1) => ({ b, t: b * 1000, tx, l });
const account = (sn: number, lfr: number, b: string, h?: object[]) => ({ mt: 21, sid: 20, sn, in: 12, id: ACC, fr: false, fw: true, ft: 0, lfr, b, lb: '0', ...(h ? { h } : {}) });
const stats = (sn: number) => ({ mt: 28, sid: 21, sn, in: 12, id: ACC, td: '10000000000', tw: '0', tv: '0', tf: '0', tbf: '0', trp: '0', wr: 0, tt: 0 });
const position = (b: number, c: string, sr: number) => ({
  at: at(b), mkt: 32, acc: ACC, pid: PID, rq: 0, oid: 0, st: 1, sr, sd: 1, c, ep: 268_798, s: 1_000, fee: '928', cfee: '0', efs: 0, lv: 1000,
});
const heartbeat = (n: number) => ({ mt: 100, sn: n, h: n });

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function signedIn() {
  let link!: ScriptedLink;
  const session = new TradingSession({ accountId: ACC, link: (events) => (link = new ScriptedLink(events)) });
  const engine = new OrderEngine({ session, markets: () => [ETH], canTrade: () => true });
  const commands = new EngineCommands(engine, session, () => [ETH]);
  stop = () => {
    engine.stop();
    session.stop();
  };
  session.start();
  link.open();
  link.frame({ mt: 19, sid: 10, sn: 100, at: { b: 100, t: 100_000 }, addr: '0xef12', n: 4, fl: 0, as: [{ mt: 0, in: 12, id: ACC, fr: false, fw: true, ft: 0, lfr: 10, b: '10000000000', lb: '0' }], sts: [] });
  link.frame({ mt: 23, sid: 30, sn: 100, at: { b: 100, t: 100_000 }, d: [] });
  link.frame({ mt: 26, sid: 50, sn: 100, at: { b: 100, t: 100_000 }, d: [{ ...position(90, '270158', 0), at: {} }] });
  link.frame(heartbeat(101));
  return { link, session, engine, commands };
}

/** The top-up's request frame, answered by the gateway. */
function topUp(t: ReturnType<typeof signedIn>) {
  const handle = t.commands.addCollateral(PID, '5000000');
  const frame = t.link.sent.at(-1)!;
  expect(frame).toMatchObject({ t: OrderType.IncreasePositionCollateral, lp: PID, a: '5000000' });
  t.link.frame({ mt: 3, sid: 100, sn: 1, cid: frame.sn, status: { code: 0 } });
  t.link.frame(heartbeat(102));
  return { handle, frame };
}

const credit = (b: number) => ({ at: at(b, 3, 2), in: 12, id: ACC, et: 3, m: 32, p: PID, a: '-5000000', b: '9995000000', lb: '0', f: '0', bfa: '0' });
/** The request's report: st 7 sr 32, as 15.3 lists it (no `r`); the local exchange adds `r: true`. */
const report = (b: number, rq: number, removed?: true) => ({
  mt: 24, sid: 30, sn: b, at: { b, t: b * 1000 },
  d: [{ at: at(b), c: {}, rq, mkt: 32, acc: ACC, oid: 4485914689536, scid: 0, st: 7, sr: 32, t: 6, ...(removed ? { r: removed } : {}), os: 0, fp: 0, fs: 0, f: '0', bfa: '0', fl: 0, mm: 10, lv: 0, lp: PID }],
});

describe('a collateral top-up reported in two steps, as live does (wire.md 15.3)', () => {
  it('top-up-two-step-reads-done: the credit first, then st 7 sr 32 six blocks later, is the top-up done, not a failure', async () => {
    const t = signedIn();
    const { handle, frame } = topUp(t);
    // Step 1: the credit, lfr unchanged.
    const step1 = [
      account(103, 10, '9995000000', [credit(103)]),
      stats(103),
      { mt: 27, sid: 50, sn: 103, at: { b: 103, t: 103_000 }, d: [{ ...position(103, '5270158', 6), e: [{ ...position(103, '5000000', 6), s: 0 }] }] },
    ];
    // Step 2, six blocks later: the request's own report, lfr + 1, no events.
    const blocks = [104, 105, 106, 107, 108].map(heartbeat);
    const step2 = [account(109, 11, '9995000000'), stats(109), report(109, frame.rq), heartbeat(109)];
    await t.link.arrive([...step1, heartbeat(103), ...blocks, ...step2]);
    const outcome = await handle.outcome;
    expect(outcome.ok).toBe(true);
    expect(outcome.message).toMatch(/^collateral \+5\.00 -> 5\.27/);
    // Nothing it says reads as a failure or a cancel: the report after the credit adds no line of its own.
    const lines = t.engine.journalEntries().map((e) => e.text).join('\n');
    expect(lines).toContain('credited: 5.00 to position');
    expect(lines).not.toMatch(/fail|cancel|not confirmed/i);
    // The report is no open order (Open orders would list a "Failed" top-up).
    expect(t.session.state.orders.size).toBe(0);
  });

  it('top-up-one-step-reads-done: the local exchange\'s form (credit and st 7 sr 32 in one block) reads the same', async () => {
    const t = signedIn();
    const { handle, frame } = topUp(t);
    await t.link.arrive([
      account(103, 11, '9995000000', [credit(103)]),
      stats(103),
      report(103, frame.rq, true),
      { mt: 27, sid: 50, sn: 103, at: { b: 103, t: 103_000 }, d: [position(103, '5270158', 6)] },
      heartbeat(103),
    ]);
    const outcome = await handle.outcome;
    expect(outcome.ok).toBe(true);
    expect(outcome.message).toMatch(/^collateral \+5\.00 -> 5\.27/);
    expect(t.engine.journalEntries().map((e) => e.text).join('\n')).not.toMatch(/not confirmed/i);
  });
});
