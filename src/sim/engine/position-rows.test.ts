// Position rows as the live service sends them (wire.md 8.8; testnet captures of open, increase,
// decrease and close): the state row carries the entry fees still outstanding in `fee`, "0" in `cfee`
// and `fnd`; a closing row keeps `ep` and has `xp`/`xfs`; the event row (`e[0]`, and the history row)
// carries this event's fee: a fill's fee when it adds, the closed size's entry fees plus the close fee
// when it takes off (`cfee` = the close fee alone).

import { describe, expect, it } from 'vitest';
import type { Position } from '../../protocol/frames.js';
import { EngineDriver, PX } from './testkit.js';

const fee = (px: number, size: number) => (BigInt(px) * BigInt(size) * 345n + 999_999n) / 1_000_000n;

function openedPosition() {
  const d = new EngineDriver();
  const a = d.account('a');
  const mm = d.account('mm');
  d.limit(mm, 'sell', PX, 4000);
  const rows: Position[] = [];
  const step = (fields: Parameters<EngineDriver['send']>[1]) => {
    d.send(a, fields);
    const got = d.block().accounts.get(a)?.positions ?? [];
    rows.push(...got);
    return got;
  };
  return { d, a, step, rows };
}

describe('position rows as live sends them', () => {
  it('open, increase, decrease, close: state-row fee outstanding, event-row fee / cfee, closing row keeps ep', () => {
    const { d, step } = openedPosition();
    const open = fee(PX, 3000);
    const add = fee(PX, 1000);
    const [opened] = step({ t: 1, p: 0, s: 3000, fl: 4, lv: 1000 });
    expect(opened).toMatchObject({ sr: 21, s: 3000, fee: String(open), cfee: '0', fnd: '0', e: [{ sr: 21, s: 3000, fee: String(open), cfee: '0', ots: {} }] });
    expect(opened).not.toHaveProperty('epr'); // only when non-zero
    const [added] = step({ t: 1, p: 0, s: 1000, fl: 4, lv: 1000 });
    expect(added).toMatchObject({ sr: 17, s: 4000, fee: String(open + add), e: [{ sr: 17, s: 1000, fee: String(add), cfee: '0' }] });

    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX + 1000, 4000);
    const entryFees = open + add;
    const share = (entryFees * 1000n) / 4000n;
    const closeOne = fee(PX + 1000, 1000);
    const [reduced] = step({ t: 3, p: 0, s: 1000, fl: 4 });
    expect(reduced).toMatchObject({ sr: 14, s: 3000, fee: String(entryFees - share), cfee: '0', ep: PX });
    expect(reduced).not.toHaveProperty('xp');
    expect(reduced?.e?.[0]).toMatchObject({ sr: 14, s: 1000, fee: String(share + closeOne), cfee: String(closeOne), xp: PX + 1000, dpnl: '1000000' });

    const closeRest = fee(PX + 1000, 3000);
    const [closed] = step({ t: 3, p: 0, s: 3000, fl: 4 });
    expect(closed).toMatchObject({ st: 2, sr: 13, s: 0, c: '0', ep: PX, fee: '0', cfee: '0', fnd: '0', xp: PX + 1000 });
    expect(closed?.e?.[0]).toMatchObject({ st: 2, sr: 13, s: 3000, fee: String(entryFees - share + closeRest), cfee: String(closeRest), xp: PX + 1000, dpnl: '3000000' });
    expect(d.conserved()).toBe(true);
  });

  it('position history = the event rows; adding rows\' fee + every row\'s cfee = the account events\' fees', () => {
    const { d, a, step } = openedPosition();
    step({ t: 1, p: 0, s: 3000, fl: 4, lv: 1000 });
    step({ t: 1, p: 0, s: 1000, fl: 4, lv: 1000 });
    const buyer = d.account('buyer');
    d.limit(buyer, 'buy', PX - 500, 4000);
    step({ t: 3, p: 0, s: 1500, fl: 4 });
    step({ t: 3, p: 0, s: 2500, fl: 4 });
    const history = d.engine.positionHistory(a);
    expect(history.map((r) => r.sr)).toEqual([13, 14, 17, 21]);
    const ledgerFees = d.engine.accountHistory(a).filter((e) => e.et === 4).reduce((s, e) => s + BigInt(e.f), 0n);
    const adding = history.filter((r) => r.sr === 21 || r.sr === 17).reduce((s, r) => s + BigInt(r.fee ?? '0'), 0n);
    const closing = history.reduce((s, r) => s + BigInt(r.cfee ?? '0'), 0n);
    expect(adding + closing).toBe(ledgerFees);
    // Summing fee and cfee of every row (the old fold) counts every fee twice, as on live data.
    const naive = history.reduce((s, r) => s + BigInt(r.fee ?? '0') + BigInt(r.cfee ?? '0'), 0n);
    expect(naive).toBe(2n * ledgerFees);
  });
});
