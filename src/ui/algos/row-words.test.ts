import { describe, expect, it } from 'vitest';
import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { TAB_BTC } from '../tabs/tab-store.fixtures.js';
import { CHASE_ROW, DONE_ROW, SCALE_ROW, TRAIL_ROW, TWAP_ROW } from './algo-rows.fixtures.js';
import { detailWords, nextOrWhy, percentAway, progressWords, ruleWords, sideWords, slippageBps, stateWord } from './row-words.js';

const trail = (over: Partial<NonNullable<AlgoRow['trail']>>, row: Partial<AlgoRow> = {}): AlgoRow => ({ ...TRAIL_ROW, ...row, trail: { ...TRAIL_ROW.trail!, ...over } });

describe('Algos row words', () => {
  it('trail-row-says-stop-distance-and-liquidation: stop and its % from the mark, the rule, liquidation and how far past the stop', () => {
    expect(progressWords(TRAIL_ROW, TAB_BTC)).toBe('stop 64,210.0 (1.22%)');
    expect(ruleWords(TRAIL_ROW, TAB_BTC)).toBe('1% on mark');
    expect(ruleWords(trail({ distance: { unit: 'ticks', ticks: 5_000 }, on: 'last' }), TAB_BTC)).toBe('500 on last');
    expect(detailWords(TRAIL_ROW, TAB_BTC)).toBe('mark 65,000.0 · liq 58,000.0 9.67% below');
    // A short's stop is above the price, its liquidation above the stop.
    expect(detailWords(trail({ stop: 660_000, liquidation: 700_000 }, { side: 'short' }), TAB_BTC)).toBe('mark 65,000.0 · liq 70,000.0 6.06% above');
    expect(detailWords(trail({ liquidation: null, reference: null }), TAB_BTC)).toBe('mark — · liq —');
    expect(progressWords(trail({ stop: null }), TAB_BTC)).toBe('no stop yet');
    expect(sideWords(TRAIL_ROW)).toBe('▲ LONG');
    expect(sideWords({ ...TRAIL_ROW, side: 'short' })).toBe('▼ SHORT');
  });

  it('trail-state-holding-moving-ended-with-why: the phase while it runs; once over the why goes in next', () => {
    expect(stateWord(TRAIL_ROW)).toBe('holding');
    expect(stateWord(trail({ phase: 'moving' }))).toBe('moving');
    expect(stateWord(trail({ phase: 'ended' }, { status: 'ended', reason: 'stop order 9 triggered: the trail ends' }))).toBe('ended');
    expect(nextOrWhy(trail({ phase: 'ended' }, { status: 'ended', next: '', reason: 'stop order 9 triggered: the trail ends' }))).toBe('stop order 9 triggered: the trail ends');
    expect(stateWord(trail({}, { status: 'paused' }))).toBe('paused');
    expect(nextOrWhy(trail({}, { status: 'held', reason: 'feed stale' }))).toBe('feed stale');
  });

  it('chase-row-says-filled-resting-bound-and-time: filled/size @ its resting price; its reach and what it does at its bound; start, bound, time left', () => {
    expect(progressWords(CHASE_ROW, TAB_BTC)).toBe('0.02000/0.10000 @67,010.0');
    expect(progressWords({ ...CHASE_ROW, chase: { ...CHASE_ROW.chase!, resting: null } }, TAB_BTC)).toBe('0.02000/0.10000 @—');
    expect(ruleWords(CHASE_ROW, TAB_BTC)).toBe('max 100, at bound: rest');
    expect(ruleWords({ ...CHASE_ROW, chase: { ...CHASE_ROW.chase!, maxDistance: { unit: 'bps', bps: 50 }, atBound: 'cancel' } }, TAB_BTC)).toBe('max 0.5%, at bound: cancel');
    expect(detailWords(CHASE_ROW, TAB_BTC)).toBe('from 67,000.0 to 67,100.0 · 42s left');
    expect(detailWords({ ...CHASE_ROW, chase: { ...CHASE_ROW.chase!, leftMs: 3_600_000 } }, TAB_BTC)).toBe('from 67,000.0 to 67,100.0 · 60m left');
    expect(sideWords(CHASE_ROW)).toBe('▲ BUY');
  });

  it('twap-row-as-before: filled/target, average vs arrival and slippage in bps (positive = worse)', () => {
    expect(progressWords(TWAP_ROW, TAB_BTC)).toBe('0.12500/0.50000');
    expect(detailWords(TWAP_ROW, TAB_BTC)).toBe('avg 66,933.0 vs 67,000.0 +10.00 bps');
    expect(slippageBps({ side: 'long', avgPrice: 670_670, arrivalMark: 670_000 })).toBe('+10.00');
    expect(slippageBps({ side: 'long', avgPrice: null, arrivalMark: 670_000 })).toBe('—');
    expect(ruleWords(TWAP_ROW, TAB_BTC)).toBe('');
    expect(stateWord(DONE_ROW)).toBe('done');
    expect(stateWord({ ...DONE_ROW, complete: false })).toBe('ended');
    expect(nextOrWhy(TWAP_ROW)).toBe('slice 6/20 in 14s');
  });

  it('scale-row-says-legs-rule-average-and-resting: legs filled/placed with size filled/total, x10 from→to skew, average fill, what rests', () => {
    expect(progressWords(SCALE_ROW, TAB_BTC)).toBe('3/10 legs 0.09000/0.50000');
    expect(ruleWords(SCALE_ROW, TAB_BTC)).toBe('x10 66,000→65,000 skew 2');
    expect(ruleWords({ ...SCALE_ROW, scale: { ...SCALE_ROW.scale!, skew: 150 } }, TAB_BTC)).toBe('x10 66,000→65,000 skew 1.5');
    expect(detailWords(SCALE_ROW, TAB_BTC)).toBe('avg 65,850.0 · 0.41000 resting');
    expect(detailWords({ ...SCALE_ROW, avgPrice: null }, TAB_BTC)).toBe('avg — · 0.41000 resting');
    expect(sideWords(SCALE_ROW)).toBe('▲ BUY');
    expect(stateWord(SCALE_ROW)).toBe('running');
    expect(nextOrWhy(SCALE_ROW)).toBe('7 legs resting');
    // Partly placed: legs out of those placed, not of those asked for.
    expect(progressWords({ ...SCALE_ROW, scale: { ...SCALE_ROW.scale!, placed: 7 } }, TAB_BTC)).toBe('3/7 legs 0.09000/0.50000');
    const cancelled: AlgoRow = { ...SCALE_ROW, status: 'ended', complete: false, reason: 'cancelled: 3 of 10 legs filled', next: '' };
    expect(stateWord(cancelled)).toBe('ended');
    expect(nextOrWhy(cancelled)).toBe('cancelled: 3 of 10 legs filled');
    expect(stateWord({ ...cancelled, complete: true })).toBe('done');
  });

  it('percentAway rounds to hundredths of a percent of the second price, integer math', () => {
    expect(percentAway(642_100, 650_000)).toBe('1.22%');
    expect(percentAway(650_000, 650_000)).toBe('0.00%');
    expect(percentAway(1, 3)).toBe('66.67%');
    expect(percentAway(null, 650_000)).toBe('—');
  });
});
