// The day's realized net PnL as the session can tell it, until the ledger (domain/ledger/) says it: every
// position event since the day's start (fill, funding, liquidation): its realized PnL (`dpnl`) + realized
// funding (`fnd`) - the fee the ledger charged for it (fold-positions.ts ledgerFeeOfRow). Events come from
// the day's position history (REST, read at each connection, which also fills any gap a disconnect left)
// and the live `e[]` rows of mt 27; one event counted once. Unknown (null) until the day's history was read.

import { atomsOrZero } from '../../protocol/scaling.js';
import type { Position } from '../../protocol/frames.js';
import { userMessage } from '../../protocol/errors.js';
import { dayStartAt, type DayStart } from '../../domain/guards/day-start.js';
import { ledgerFeeOfRow } from '../history/fold-positions.js';
import { collect, type HistorySource } from '../history/source.js';
import type { TradingSession } from '../trading/session.js';

export interface SessionDailyNetOptions {
  session: Pick<TradingSession, 'on' | 'synced'>;
  dayStart: DayStart;
  /** Position history pages (the signed REST client); without it the day's start is never known. */
  history?: HistorySource;
  now?: () => number;
  log?: (line: string) => void;
}

/** One event's key: its position and where the exchange logged it. */
function eventKey(r: Position): string {
  return `${r.pid}:${r.at.b ?? ''}:${r.at.tx ?? ''}:${r.at.l ?? ''}:${r.sr}`;
}

/** What one position event realized, net of its fee (atoms). */
export function realizedNetOfEvent(r: Position): bigint {
  return atomsOrZero(r.dpnl) + atomsOrZero(r.fnd) - ledgerFeeOfRow(r);
}

export class SessionDailyNet {
  private readonly now: () => number;
  private day: number;
  private readonly events = new Map<string, bigint>();
  /** The day's history was read since the day began (or the day began while the session was live). */
  private known = false;
  private loading: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly o: SessionDailyNetOptions) {
    this.now = o.now ?? Date.now;
    this.day = dayStartAt(this.now(), o.dayStart);
  }

  start(): void {
    this.unsubscribe = this.o.session.on({
      snapshot: () => void this.load(),
      positionUpdates: (rows) => {
        this.rollOver();
        for (const row of rows) for (const e of row.e ?? []) this.add(e);
      },
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The day's realized net (atoms), null while the day's history is not read. */
  realized(): bigint | null {
    this.rollOver();
    if (!this.known) return null;
    let sum = 0n;
    for (const v of this.events.values()) sum += v;
    return sum;
  }

  /** The start (ms) of the day being counted. */
  dayStartMs(): number {
    this.rollOver();
    return this.day;
  }

  /** Reads the day's position history; resolves when done (a failure leaves the day unknown, logged). */
  load(): Promise<void> {
    const history = this.o.history;
    if (!history) return Promise.resolve();
    this.loading ??= (async () => {
      const day = this.day;
      try {
        const rows = await collect(history, 'position-history', { fromMs: day, maxPages: 50 }, () => true);
        if (day !== this.day) return;
        for (const r of rows) this.add(r);
        this.known = true;
      } catch (e) {
        this.o.log?.(`daily loss: the day's position history could not be read (${userMessage(e)})`);
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private add(r: Position): void {
    if ((r.at.t ?? 0) < this.day) return;
    this.events.set(eventKey(r), realizedNetOfEvent(r));
  }

  /** A new day: its count starts at 0, known when the session was live as it began. */
  private rollOver(): void {
    const day = dayStartAt(this.now(), this.o.dayStart);
    if (day === this.day) return;
    this.day = day;
    this.events.clear();
    this.known = this.known && this.o.session.synced;
    if (!this.known) void this.load();
  }
}
