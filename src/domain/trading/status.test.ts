import { describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R } from '../../protocol/enums.js';
import { type RequestOutcome, reasonName, resolveStatus } from './status.js';

function fold(updates: Array<{ st: number; sr?: number }>): RequestOutcome | undefined {
  let outcome: RequestOutcome | undefined;
  for (const u of updates) outcome = resolveStatus(outcome, u).outcome;
  return outcome;
}

describe('resolveStatus', () => {
  it('keeps Filled when a duplicate Filled is followed by a late Failed sr 32', () => {
    const o = fold([
      { st: S.Filled, sr: R.TakerOrderFilled },
      { st: S.Filled, sr: R.TakerOrderFilled },
      { st: S.Failed, sr: R.OrderDescIdTooLow },
    ]);
    expect(o).toMatchObject({ kind: 'definitive', st: S.Filled, sr: R.TakerOrderFilled });
  });

  it('treats every status in {2,3,4,5,8,9,10} as definitive', () => {
    for (const st of [2, 3, 4, 5, 8, 9, 10]) {
      expect(fold([{ st }, { st: S.Failed, sr: 1 }])).toMatchObject({ kind: 'definitive', st });
    }
  });

  it('processes only the first of several failures', () => {
    const o = fold([
      { st: S.Failed, sr: R.CrossesBook },
      { st: S.Failed, sr: R.OrderDescIdTooLow },
    ]);
    expect(o).toMatchObject({ kind: 'failed', sr: R.CrossesBook });
  });

  it('lets a definitive status arriving after a failure win (first definitive rule)', () => {
    const o = fold([{ st: S.Failed, sr: R.OrderDescIdTooLow }, { st: S.Open, sr: R.OrderPlaced }]);
    expect(o).toMatchObject({ kind: 'definitive', st: S.Open });
  });

  it('reports the later Open->Filled lifecycle as ignored for the request outcome', () => {
    const first = resolveStatus(undefined, { st: S.Open, sr: R.OrderPlaced });
    const later = resolveStatus(first.outcome, { st: S.Filled, sr: R.MakerOrderFilled });
    expect(later.applied).toBe(false);
    expect(later.outcome).toMatchObject({ st: S.Open });
  });

  it('does not resolve on Pending or Expired', () => {
    expect(fold([{ st: S.Pending }, { st: S.Expired }])).toBeUndefined();
  });

  it('names reasons for display', () => {
    expect(reasonName(32)).toBe('OrderDescIdTooLow (32)');
    expect(reasonName(250)).toBe('Unknown(250) (250)');
  });
});
