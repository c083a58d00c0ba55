// What a kind's runner (trail-run.ts, chase-run.ts) works with: the commands, the reads, the order reserve,
// the clock, and the AlgoRunner's journal and hold.

import type { TradingCommands } from '../../domain/trading/commands.js';
import type { AlgoReads } from './algo-reads.js';
import type { AlgoRecordInput } from './algo-record.js';

export interface AlgoStepContext {
  commands: TradingCommands;
  reads: AlgoReads;
  /** Orders of the send budget the algos leave free (ALGO_ORDER_RESERVE). */
  reserve: number;
  now(): number;
  /** Journals a record of the algo (`durable`: fsynced before it returns). */
  append(record: AlgoRecordInput, durable?: boolean): void;
  /** Holds the algo for `reason` (a lock, a read it lacks) until it can run again. */
  hold(id: string, reason: string): void;
  log?(line: string): void;
}
