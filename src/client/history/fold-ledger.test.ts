// The folded position history must agree with the account ledger. Rows written here in the shape the
// live service sends (wire.md 8.4 / 8.8; values follow public testnet captures of an open, a decrease
// and a close, and of an open, two increases and a close): position-history rows are the positions'
// `e[]` event rows; account events are the et 4 settlements of the same orders (joined by `o` = oid).

import { describe, expect, it } from 'vitest';
import { AccountEventType, PositionStatus, PositionStatusReason as R } from '../../protocol/enums.js';
import type { AccountEvent, Position } from '../../protocol/frames.js';
import { foldPositionHistory } from './fold-positions.js';

const MKT = 16;
const ACC = 710;
let block = 66_880_000;

/** An `e[]` row as live sends it: this event's size and collateral change, `ots` empty. */
function eventRow(pid: number, oid: number, over: Partial<Position>): Position {
  block += 13;
  return {
    at: { b: block, t: block * 300, tx: 1, l: 3 },
    mkt: MKT, acc: ACC, pid, rq: oid % 1000, oid, st: PositionStatus.Open, sr: R.PositionOpened, sd: 1,
    c: '0', ep: 831_977, s: 0, fee: '0', cfee: '0', efs: 118_606, lv: 1500, cpnl: '0', dpnl: '0', fnd: '0', pay: '0', xfs: 0, ots: {},
    ...over,
  };
}

/** The settlement the ledger booked for the same fill: `a` includes the fee, `f` is the fee. */
function settlement(oid: number, a: string, f: string): AccountEvent {
  return { at: { b: block, t: block * 300, tx: 1, l: 4 }, in: 12, id: ACC, et: AccountEventType.Settlement, m: MKT, r: oid % 1000, o: oid, a, b: '0', lb: '0', f };
}

/** Open 3, decrease 1, close 2 (the testnet probe's figures: fees 862 + 288 + 574, realized -200). */
function openDecreaseClose() {
  const pid = 4_383_112_298_497;
  const rows = [
    eventRow(pid, 4_383_112_298_496, { sr: R.PositionOpened, s: 3, c: '166576', fee: '862', cpnl: '180' }),
    eventRow(pid, 4_383_113_150_480, { sr: R.PositionDecreased, s: 1, c: '-55525', fee: '575', cfee: '288', xp: 831_977, xfs: 118_606 }),
    eventRow(pid, 4_383_114_002_448, { st: PositionStatus.Closed, sr: R.PositionClosed, s: 2, c: '-111051', fee: '1149', cfee: '574', dpnl: '-200', xp: 831_877, xfs: 118_606 }),
  ];
  const ledger = [
    settlement(4_383_112_298_496, '-167438', '862'),
    settlement(4_383_113_150_480, '55237', '288'),
    settlement(4_383_114_002_448, '110277', '574'),
  ];
  return { pid, rows, ledger };
}

/** Open 14, increase 5, increase 1, close 20: each adding row carries its own fill's fee; the close carries all entry fees + its own. */
function openIncreaseClose() {
  const pid = 4_485_795_151_873;
  const rows = [
    eventRow(pid, 4_485_795_151_872, { sr: R.PositionOpened, s: 14, c: '18800000', ep: 268_361, fee: '12962' }),
    eventRow(pid, 4_485_800_000_000, { sr: R.PositionIncreased, s: 5, c: '6706890', ep: 268_420, epr: 11_000, fee: '4640' }),
    eventRow(pid, 4_485_857_083_408, { sr: R.PositionIncreased, s: 1, c: '1344415', ep: 268_513, epr: 22_937, fee: '928' }),
    eventRow(pid, 4_485_858_525_184, { st: PositionStatus.Closed, sr: R.PositionClosed, s: 20, c: '-26851305', ep: 268_513, epr: 22_937, fee: '37074', cfee: '18544', dpnl: '45530', xp: 268_740, xfs: 32_098 }),
  ];
  const ledger = [
    settlement(4_485_795_151_872, '-18812962', '12962'),
    settlement(4_485_800_000_000, '-6711530', '4640'),
    settlement(4_485_857_083_408, '-1345343', '928'),
    settlement(4_485_858_525_184, '26878291', '18544'),
  ];
  return { pid, rows, ledger };
}

/** The ledger's view of one position: its settlements' fees, and what they moved (margin back and forth nets out once closed). */
function ledgerOf(rows: readonly Position[], events: readonly AccountEvent[]) {
  const oids = new Set(rows.map((r) => r.oid));
  const mine = events.filter((e) => (e.p !== undefined && e.p === rows[0]?.pid) || (e.o !== undefined && oids.has(e.o)));
  return {
    fees: mine.reduce((sum, e) => sum + BigInt(e.f), 0n),
    moved: mine.reduce((sum, e) => sum + BigInt(e.a), 0n),
  };
}

describe('position history folded against the account ledger', () => {
  it.each([
    ['open, decrease, close', openDecreaseClose()],
    ['open, increase, increase, close', openIncreaseClose()],
  ])('position-history-fees-match-the-ledger: %s (fees are not counted twice)', (_name, { pid, rows, ledger }) => {
    const [folded] = foldPositionHistory([...rows].reverse()).filter((p) => p.positionId === pid);
    const book = ledgerOf(rows, ledger);
    expect(BigInt(folded!.fees)).toBe(book.fees);
    // Once closed, every margin atom posted came back: what the ledger moved is realized PnL less fees.
    expect(BigInt(folded!.realizedPnl) + BigInt(folded!.funding) - BigInt(folded!.fees)).toBe(book.moved);
    expect(folded).toMatchObject({ status: PositionStatus.Closed });
  });

  it('figures of the open-decrease-close fixture: 1,724 of fees (not 3,448), max size 3, exit 831,877', () => {
    const { rows } = openDecreaseClose();
    expect(foldPositionHistory([...rows].reverse())[0]).toMatchObject({ fees: '1724', realizedPnl: '-200', maxSize: 3, entryPrice: 831_977, exitPrice: 831_877, events: 3 });
    // Still open after the decrease: no exit price yet (the decrease's own xp is not the position's exit).
    expect(foldPositionHistory(rows.slice(0, 2).reverse())[0]).toMatchObject({ status: PositionStatus.Open, exitPrice: null, fees: '1150' });
  });

  it('funding-realized-per-event: the event rows carry it (`fnd`), the fold sums them', () => {
    const pid = 77;
    const rows = [
      eventRow(pid, 1001, { sr: R.PositionOpened, s: 10, fee: '100' }),
      eventRow(pid, 1002, { sr: R.PositionIncreased, s: 10, fee: '100', fnd: '-2500' }),
      eventRow(pid, 1003, { st: PositionStatus.Closed, sr: R.PositionClosed, s: 20, fee: '400', cfee: '200', fnd: '-700', dpnl: '9000' }),
    ];
    expect(foldPositionHistory([...rows].reverse())[0]).toMatchObject({ funding: '-3200', fees: '400', realizedPnl: '9000', maxSize: 20 });
  });

  it('rows arriving out of order (a refreshed first page merged with older pages) fold by their block order', () => {
    const { rows } = openDecreaseClose();
    const shuffled = [rows[1]!, rows[2]!, rows[0]!];
    expect(foldPositionHistory(shuffled)[0]).toMatchObject({ status: PositionStatus.Closed, fees: '1724', maxSize: 3, exitPrice: 831_877 });
  });
});
