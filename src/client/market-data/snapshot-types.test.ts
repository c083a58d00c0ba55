// The publisher (state/) and the session (client/) each declare the snapshot shape, because neither
// layer may import the other. This test fails to compile when the two drift apart.
import { describe, expect, it } from 'vitest';
import type { MarketDataSnapshot as PublisherSnapshot, SnapshotWants as PublisherWants } from '../../state/snapshot.js';
import type { MarketDataSnapshot, SnapshotWants } from './snapshot-types.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const snapshotsEqual: Equal<MarketDataSnapshot, PublisherSnapshot> = true;
const wantsEqual: Equal<SnapshotWants, PublisherWants> = true;

describe('snapshot contract', () => {
  it('client and state declare the same MarketDataSnapshot and SnapshotWants', () => {
    expect(snapshotsEqual && wantsEqual).toBe(true);
  });
});
