// An algo's own lines for the Journal tab, in words: its start with its parameters, pause / resume / held /
// lock lifted, each TWAP child, each trail move ("stop 66,700 → 66,750"), each chase re-price, its end with
// the reason. Built one record at a time (AlgoLines.add): a trail's move is said from the stop it held.

import type { Market } from '../../protocol/frames.js';
import { marketWords, priceText, sizeText, type MarketWords } from '../../domain/trading/order-words.js';
import { distanceText } from '../../domain/algos/distance.js';
import { timeLeftText } from '../../domain/algos/time-left.js';
import type { AlgoLine } from '../../domain/algos/algo-row.js';
import type { AlgoRecord, AlgoStart } from './algo-record.js';

const sideWord = (side: 'long' | 'short'): string => (side === 'long' ? 'buy' : 'sell');
const pct = (bps: number): string => `${bps / 100}%`;

function startWords(s: AlgoStart, w: MarketWords): string {
  switch (s.kind) {
    case 'twap': {
      const { spec } = s;
      const bound = spec.bound.kind === 'slip' ? `slip ${spec.bound.bps} bps` : `limit ${priceText(spec.bound.price, w)}`;
      return `TWAP ${sideWord(spec.side)} ${sizeText(spec.size, w)} over ${timeLeftText(spec.durationMs)} in ${spec.slices} slices, jitter ${pct(spec.jitterBps)}, ${bound}, arrival mark ${priceText(s.arrivalMark, w)}`;
    }
    case 'trail': {
      const { spec } = s;
      const held = spec.stop ? `takes over stop ${priceText(spec.stop.price, w)}` : 'arms its first stop';
      return `trail ${spec.position.side} ${sizeText(spec.position.size, w)} (position ${spec.position.id}) ${distanceText(spec.distance, w)} behind ${spec.on === 'mark' ? 'mark' : 'last'}, step ${spec.minStepTicks} ticks, ${held}`;
    }
    case 'chase': {
      const { spec } = s;
      return `chase ${sideWord(spec.side)} ${sizeText(spec.size, w)}${spec.reduceOnly ? ' reduce-only' : ''} from ${priceText(s.startPrice, w)}, max ${priceText(s.boundPrice, w)}, for ${timeLeftText(spec.durationMs)}, at the bound ${spec.atBound === 'leave' ? 'left resting' : 'cancelled'}`;
    }
    case 'scale': {
      const { spec } = s;
      return `scale ${sideWord(spec.side)} ${sizeText(spec.size, w)} in ${spec.count} legs ${priceText(spec.from, w)} → ${priceText(spec.to, w)}, skew ${spec.skew / 100}`;
    }
  }
}

/** Turns algo records into lines, remembering what a line needs of earlier ones (the market, the stop held). */
export class AlgoLines {
  private readonly words = new Map<string, MarketWords>();
  private readonly stopOf = new Map<string, number | null>();
  private readonly livePriceOf = new Map<string, number>();

  constructor(private readonly market: (id: number) => Market | undefined) {}

  /** The line of record `r`, or null when it says nothing a reader needs (rqs noted, a fill the reports say). */
  add(r: AlgoRecord): AlgoLine | null {
    const text = this.text(r);
    return text === null ? null : { timeMs: r.t, id: r.id, text: `algo ${r.id} ${text}` };
  }

  private text(r: AlgoRecord): string | null {
    if (r.k === 'start') {
      const w = marketWords(this.market(r.spec.marketId), r.spec.marketId);
      this.words.set(r.id, w);
      if (r.kind === 'trail') this.stopOf.set(r.id, r.spec.stop?.price ?? null);
      return `${w.label} ${startWords(r, w)}`;
    }
    const w = this.words.get(r.id) ?? marketWords(undefined, 0);
    switch (r.k) {
      case 'state':
        return r.status === 'running' ? `running: ${r.reason}` : `${r.status}: ${r.reason}`;
      case 'end':
        return `ended${r.complete ? ' complete' : ''}: ${r.reason}`;
      case 'child':
        return `child ${r.cid}: slice ${r.slice + 1}, IOC ${sizeText(r.size, w)} within ${priceText(r.price, w)}`;
      case 'child-done':
        return `child ${r.cid} done: filled ${sizeText(r.filled, w)} (${r.result})`;
      case 'child-rqs':
        return null;
      case 'trail': {
        const e = r.event;
        if (e.kind === 'sent') {
          const from = this.stopOf.get(r.id);
          this.stopOf.set(r.id, e.plan.arm);
          return from == null ? `arms stop ${priceText(e.plan.arm, w)}` : `stop ${priceText(from, w)} → ${priceText(e.plan.arm, w)}`;
        }
        if (e.kind === 'arm-refused') return `new stop refused: ${e.reason}`;
        if (e.kind === 'cancel-failed') return `cancel of the old stop failed: ${e.reason}`;
        if (e.kind === 'stop-gone') return `stop order ${e.orderId} is gone (${e.why})`;
        return null;
      }
      case 'chase': {
        const e = r.event;
        if (e.kind === 'placed') this.livePriceOf.set(r.id, e.price);
        if (e.kind === 'refused') return `order refused: ${e.reason}`;
        if (e.kind !== 'sent') return null;
        const d = e.decision;
        const from = this.livePriceOf.get(r.id);
        switch (d.kind) {
          case 'place':
            return `places ${sizeText(d.size, w)} at ${priceText(d.price, w)}`;
          case 'change':
            this.livePriceOf.set(r.id, d.price);
            return `re-prices ${from === undefined ? '' : `${priceText(from, w)} → `}${priceText(d.price, w)}`;
          case 'cancel-then-place':
            return `re-prices by cancel, then place at ${priceText(d.price, w)} (${d.why})`;
          case 'end':
            return `ending (${d.why ?? d.reason})${d.cancel !== null ? `: cancelling order ${d.cancel}` : ''}`;
          case 'wait':
            return null;
        }
        return null;
      }
      case 'scale': {
        const e = r.event;
        if (e.kind === 'placed') return `${e.rqs.length} of ${e.sent} legs placed`;
        return `${e.cancelled ? 'cancelled' : 'settled'}: ${e.filledLegs} legs filled, ${sizeText(e.filled, w)}${e.avgPrice > 0 ? ` at ${priceText(e.avgPrice, w)} average` : ''}`;
      }
    }
  }
}
