// THE ONLY code that sends mt 22. Validates, allocates rq (max(local, lfr) + 1, seeded from lfr on every
// connect), journals before sending, correlates mt 3 by cid (= our frame sn), resolves mt 24 per rq with
// the spec's definitive-status rules, and applies the retry table on ack timeout, reconnect, each new
// head block and sr 32. Decisions that read lfr are taken at block boundaries (heartbeat, snapshot):
// inside a block mt 21 (lfr) arrives before mt 24, so judging mid-block would see "consumed, no status".

import { OrderStatus } from '../../protocol/enums.js';
import { userMessage } from '../../protocol/errors.js';
import type { AccountEvent, Market, Order, OrderRequestFrame, StatusResponseFrame } from '../../protocol/frames.js';
import { type OrderDraft, toOrderFrame } from '../../domain/trading/order-draft.js';
import { RequestIdAllocator } from '../../domain/trading/rq.js';
import { type RetryDecision, decideRetry } from '../../domain/trading/retry.js';
import { resolveStatus } from '../../domain/trading/status.js';
import { type SessionFacts, type SessionLock, describeLocks, requestKindOf, sessionLocks } from '../../domain/trading/session-locks.js';
import { type ValidationContext, validateOrder } from '../../domain/trading/validate.js';
import { type OrderGuards, guardRefusals } from '../../domain/guards/order-guards.js';
import { Journal, type JournalRecordInput, highestJournaledRq, journalPath } from './journal.js';
import { isNewDecision, recoverRequests, restrictDecision, rowMatchesRequest, showsTargetEffect } from './engine-rules.js';
import type { TradingSession } from './session.js';
import { type RequestHandle, type RequestResult, type RequestView, TrackedRequest, resultOf } from './tracked-request.js';
import { reconcileRequest, type OrderLookup } from './reconcile.js';
import { RequestIndex } from './request-index.js';
import { JournalTail } from './journal-view.js';
import { CREDIT_WAIT_BLOCKS, creditOf, creditedResult, unconfirmedResult } from './collateral-credit.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import type { ExecutionOrigin, ExecutionReport } from '../../domain/trading/execution-report.js';
import { ExecutionTracker } from './execution-tracker.js';
import { type OutcomeContext, isPartialEnd, outcomeContextOf, outcomeWords } from '../../domain/trading/outcome-words.js';
import { realTimers, type Timers } from '../../lib/timers.js';

export interface OrderEngineOptions {
  session: TradingSession;
  /** Markets of the context (read on every submit: the list changes). */
  markets: () => readonly Market[];
  maxAccountTriggerOrders?: number;
  /** Trade scope of the key (false = read-only: every order is refused before sending). */
  canTrade: () => boolean;
  /** Journal under $PERPL_HOME/journal/<network>-<account>.ndjson; omit to run without one. */
  journal?: { network: string; env?: NodeJS.ProcessEnv; path?: string };
  /** No mt 3 within this long counts as a lost ack (default 3 s). */
  ackTimeoutMs?: number;
  /** Order history lookup by rq (REST), for reconciling requests whose status was lost. */
  lookupOrderByRq?: OrderLookup;
  /** Mark price for minimum-value checks of market orders (and the guards' valuation of them). */
  referencePrice?: (marketId: number) => number | undefined;
  /** The config's [guards]: every request passes them here, before the journal (domain/guards/). */
  guards?: OrderGuards;
  /** Finished requests kept for views() (default 500). */
  keepFinished?: number;
  /** Sees every line of the Journal pane as it is added (the `--record` recorder, so a replay shows it). */
  onJournal?: (entry: JournalEntryView) => void;
  /** The clock of the ack timers (default the real one); tests step it by hand. */
  timers?: Timers;
  /** Wall clock of the journal lines (default timers.now). */
  now?: () => number;
  /** The monotonic clock execution reports are timed on (default performance.now, the clock key presses are stamped with). */
  monoNow?: () => number;
  log?: (line: string) => void;
  /** The Journal pane's lines of this account from earlier in this terminal (switched away and back): shown first. */
  earlierLines?: readonly JournalEntryView[];
}

/** An order staged for the key thread: its request line is on disk; `text` is the exact frame to arm. */
export interface StagedOrder {
  key: string;
  rq: number;
  text: string;
}

const handleOf = (req: TrackedRequest): RequestHandle => ({ key: req.key, rqs: () => [...req.rqHistory], outcome: req.outcome });

export class OrderEngine {
  private readonly session: TradingSession;
  private readonly allocator = new RequestIdAllocator();
  private readonly index: RequestIndex;
  private readonly tail = new JournalTail();
  private changes = 0;
  private nextSn = 1;
  private nextKey = 1;
  private journal: Journal | null = null;
  private journalError: string | null = null;
  private lfrFreshEpoch = -1;
  private readonly unsubscribe: () => void;
  private readonly keyPrefix: string;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly executions: ExecutionTracker;
  /** The order group of each rq sent as a leg of one (a scaled order), this run's and the journal's. */
  private readonly groups = new Map<number, string>();
  /** Orders staged for the key thread, by key: journaled, not yet sent, not in the index (no retry rule reads them). */
  private readonly staged = new Map<string, TrackedRequest>();

  constructor(private readonly options: OrderEngineOptions) {
    this.session = options.session;
    this.index = new RequestIndex(options.keepFinished);
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? this.timers.now;
    this.executions = new ExecutionTracker(options.monoNow ?? (() => performance.now()), this.now);
    this.keyPrefix = `${this.now().toString(36)}-`;
    for (const line of options.earlierLines ?? []) this.tail.push(line);
    this.unsubscribe = this.session.on({
      snapshot: (epoch) => this.onSnapshot(epoch),
      heartbeat: () => this.evaluateAll('block'),
      ack: (frame) => this.onAck(frame),
      orderUpdates: (rows) => this.onOrderUpdates(rows),
      accountChanged: (lfr) => {
        this.allocator.observeLfr(lfr);
        this.settleCredits();
      },
    });
  }

  /** What the session knows about itself, for sessionLocks (the publisher copies it into the store). */
  lockFacts(): SessionFacts {
    const account = this.session.state.account;
    return {
      canTrade: this.options.canTrade(),
      ...(this.session.keyRefused !== null ? { keyRefused: this.session.keyRefused } : {}),
      socketOpen: this.session.isOpen,
      feedHealth: this.session.health(),
      account: account ? { fw: account.fw, frozen: account.fr } : null,
      journalError: this.journalError,
    };
  }

  /** Why no order can be sent right now (typed); empty when every request may go. */
  locks(): SessionLock[] {
    return sessionLocks({ session: this.lockFacts() });
  }

  /** The locks as one line, or null (for logs and bots). */
  lockReason(): string | null {
    return describeLocks(this.locks());
  }

  private rulesContext(market: Market | undefined): ValidationContext {
    const ref = market ? this.options.referencePrice?.(market.id) : undefined;
    return {
      market,
      head: this.session.head,
      openTriggerOrders: this.session.state.triggerOrderCount(),
      maxAccountTriggerOrders: this.options.maxAccountTriggerOrders,
      ...(ref !== undefined ? { referencePrice: ref } : {}),
    };
  }

  /** The guards' refusals of `draft` (closes and reduce-only orders never have any), told to whoever listens. */
  private guardProblems(draft: OrderDraft, market: Market | undefined): string[] {
    const guards = this.options.guards;
    if (!guards) return [];
    const st = this.session.state;
    const refusals = guardRefusals(draft, { market, mark: this.options.referencePrice?.(draft.mkt), positions: st.positions.values(), orders: st.orders }, guards);
    if (refusals.length > 0) guards.refused?.(refusals);
    return refusals.map((r) => r.reason);
  }

  /**
   * Validates and sends one order; the handle's promise settles with its final outcome. With `origin` (the
   * key press that sent it) the order gets an execution report.
   */
  submit(draft: OrderDraft, label: string, origin?: ExecutionOrigin): RequestHandle {
    const req = new TrackedRequest(`${this.keyPrefix}${this.nextKey++}`, label, draft);
    const handle = handleOf(req);
    const problems = this.problemsOf(draft);
    if (problems.length > 0) {
      req.finish({ kind: 'invalid', rq: 0, message: problems.join('; ') });
      return handle;
    }
    this.index.add(req);
    if (origin) this.executions.begin(req.key, draft, origin, draft.oid !== undefined ? this.session.state.orders.get(draft.oid) : undefined);
    this.sendNewRq(req);
    return handle;
  }

  /** Every reason `draft` may not be sent now: the locks, the order's own rules, the guards, the journal. */
  private problemsOf(draft: OrderDraft): string[] {
    const market = this.options.markets().find((m) => m.id === draft.mkt);
    const locks = sessionLocks({ session: this.lockFacts(), request: { kind: requestKindOf(draft.t), queuedRequests: this.session.queuedFrames } });
    const check = validateOrder(draft, this.rulesContext(market));
    const problems = [...locks.map((l) => l.message), ...(check.ok ? [] : check.problems.map((p) => `${p.field}: ${p.message}`)), ...this.guardProblems(draft, market)];
    if (this.options.journal && this.journal === null && !this.journalError) problems.push('journal: not open yet');
    return problems;
  }

  /**
   * Stages `draft` for the key thread (transport/ws/armed-frame.ts): the same checks as submit, an rq and
   * sn, and the request line durable in the journal now, so the frame may leave the instant its key is
   * read. Nothing is sent here. Exactly one of adoptStaged (the key thread sent it), sendStaged (the
   * confirm reached this thread first) or withdrawStaged (the review closed) ends it.
   */
  stage(draft: OrderDraft, label: string): StagedOrder | { problems: string[] } {
    const problems = this.problemsOf(draft);
    if (problems.length > 0) return { problems };
    const req = new TrackedRequest(`${this.keyPrefix}${this.nextKey++}`, label, draft);
    this.assignRq(req);
    const frame = this.journaledFrame(req, true);
    this.staged.set(req.key, req);
    return { key: req.key, rq: req.rq, text: JSON.stringify(frame) };
  }

  /** Whether staged `key`'s frame would still leave in rq order (no other request took an rq since it was staged). */
  stagedIsNewest(key: string): boolean {
    const req = this.staged.get(key);
    return req !== undefined && req.rq === this.allocator.lastAllocated;
  }

  /** Whether staged `key` may still leave as it is: newest in rq order and passing every check submit makes now (locks, rules, guards). */
  stagedStillValid(key: string): boolean {
    const req = this.staged.get(key);
    return req !== undefined && this.stagedIsNewest(key) && this.problemsOf(req.draft).length === 0;
  }

  /**
   * The key thread sent staged `key`'s frame: follow it as sent (sent line, ack timer), never send it again.
   * `written` false: the socket refused the write, so it is followed like a frame lost in a drop.
   */
  adoptStaged(key: string, written = true): RequestHandle | undefined {
    const req = this.staged.get(key);
    if (!req) return undefined;
    this.staged.delete(key);
    this.index.add(req);
    this.sentOn(req, req.frame!);
    this.record({ k: 'sent', key: req.key, rq: req.rq, sn: req.sn, epoch: req.postedEpoch, head: this.session.head ?? 0 });
    if (written) {
      this.markWritten(req);
      this.startAckTimer(req, req.sn);
    }
    return handleOf(req);
  }

  /**
   * The confirm reached this thread and the key thread did not send staged `key` (the caller claimed the
   * armed word first): checked again, then sent as submit would, on its staged rq when that is still the
   * newest, else on a new one.
   */
  sendStaged(key: string, origin?: ExecutionOrigin): RequestHandle | undefined {
    const req = this.staged.get(key);
    if (!req) return undefined;
    const newest = this.stagedIsNewest(key);
    this.staged.delete(key);
    const problems = this.problemsOf(req.draft);
    if (problems.length > 0) {
      this.finish(req, { kind: 'invalid', rq: req.rq, message: `not sent: ${problems.join('; ')}` });
      return handleOf(req);
    }
    this.index.add(req);
    if (origin) this.executions.begin(req.key, req.draft, origin, req.draft.oid !== undefined ? this.session.state.orders.get(req.draft.oid) : undefined);
    if (newest) this.transmitFrame(req, req.frame!, false);
    else this.sendNewRq(req);
    return handleOf(req);
  }

  /** The review of staged `key` closed unsent: its journaled request line is resolved as never sent. */
  withdrawStaged(key: string): void {
    const req = this.staged.get(key);
    if (!req) return;
    this.staged.delete(key);
    this.finish(req, { kind: 'invalid', rq: req.rq, message: 'withdrawn before it was sent' });
  }

  /** The lb this client sent with `rq` (orders do not echo it): for the blocks-left column. */
  /** The order group (a scaled order) the request `rq` was sent in, from this run or the journal; undefined for none. */
  groupOf(rq: number): string | undefined {
    return this.groups.get(rq);
  }

  lastBlockOf(rq: number): number | undefined {
    const req = this.index.byRq(rq);
    return req && req.rq === rq && req.lb > 0 ? req.lb : undefined;
  }

  /**
   * Whether the order of `rq` was sent by this run as a stop order (not a TP/SL): its fill is a stop going off.
   * Undefined when this run did not send it (or recovered it from the journal, which keeps the frame only).
   */
  sentAsPlainStop(rq: number): boolean | undefined {
    const req = this.index.byRq(rq);
    return req && !req.recovered ? req.draft.plainStop === true : undefined;
  }

  /** The slippage cap (`ms`) this client sent market order `rq` with, while it still knows the request. */
  slippageCapOf(rq: number): number | undefined {
    const req = this.index.byRq(rq);
    return req && req.draft.p === 0 && req.draft.ms !== undefined && req.draft.ms > 0 ? req.draft.ms : undefined;
  }

  /** Bumps on every journaled event and execution report change: a publisher copies views only when it moved. */
  get version(): number {
    return this.changes + this.executions.version;
  }

  /** The execution reports of the orders placed with an origin (oldest first). */
  executionReports(): ExecutionReport[] {
    return this.executions.reports(this.options.markets());
  }

  /** The latest journal lines (oldest first), for the Journal pane. */
  journalEntries(): readonly JournalEntryView[] {
    return this.tail.list();
  }

  /** Every request this engine followed (newest last). */
  views(): RequestView[] {
    return this.index.all().map((r) => r.view());
  }
  pending(): RequestView[] {
    return this.views().filter((v) => v.phase !== 'done');
  }

  /**
   * Stops following. Pending requests settle as gave-up for their callers but stay UNRESOLVED in the
   * journal: stopping the client changes nothing on the exchange, so the next run reconciles them.
   */
  stop(): void {
    this.unsubscribe();
    for (const r of this.index.all()) {
      r.clearAckTimer();
      if (!r.done) r.finish({ kind: 'gave-up', rq: r.rq, message: 'engine stopped before an outcome arrived' });
    }
    this.journal?.close();
    this.journal = null;
  }

  /** Journals `entry`; `frame` is the wire frame behind it, kept (terminal-safe) on the Journal pane's line. */
  private record(entry: JournalRecordInput, durable = false, frame?: unknown): void {
    this.journal?.append(entry, durable);
    const line = this.tail.add(entry, this.now(), frame);
    this.changes++;
    try {
      this.options.onJournal?.(line);
    } catch (e) {
      // A failing observer (a recording disk) must never break the engine.
      this.options.log?.(`journal observer failed: ${userMessage(e)}`);
    }
  }

  /** A line for the Journal pane (and the log) that is no record of a request: what reading the journal found. */
  note(text: string): void {
    this.options.log?.(text);
    const line = this.tail.push({ timeMs: this.now(), kind: 'note', requestKey: '', rq: null, text });
    this.changes++;
    try {
      this.options.onJournal?.(line);
    } catch (e) {
      this.options.log?.(`journal observer failed: ${userMessage(e)}`);
    }
  }

  private sendNewRq(req: TrackedRequest): void {
    this.assignRq(req);
    this.transmit(req, true);
  }

  /** A new rq for `req` (its validity window kept, counted from the current head). */
  private assignRq(req: TrackedRequest): void {
    const head = this.session.head ?? 0;
    if (req.rq !== 0 && req.lb > 0) {
      // Keep the caller's validity distance, measured from the new head.
      const distance = Math.max(1, req.lb - req.postedHead);
      const market = this.options.markets().find((m) => m.id === req.draft.mkt);
      req.lb = head + Math.min(distance, market?.order_ttl_blocks ?? distance);
    }
    req.rq = this.allocator.next();
    req.rqHistory.push(req.rq);
    req.sendsOfRq = 0;
    req.postedHead = head;
    req.firstPostedHead ??= head;
    this.index.addRq(req.rq, req);
    this.executions.rqAssigned(req.key, req.rq);
  }

  private transmit(req: TrackedRequest, isNewRq: boolean): void {
    this.transmitFrame(req, this.journaledFrame(req, isNewRq), isNewRq);
  }

  /** The frame of `req`'s current rq with a new sn; a new rq's request line goes on disk first (durable). */
  private journaledFrame(req: TrackedRequest, isNewRq: boolean): OrderRequestFrame {
    const acc = this.session.state.account?.id ?? 0;
    const sn = this.nextSn++;
    const frame = toOrderFrame({ ...req.draft, lb: req.lb }, { sn, rq: req.rq, acc });
    req.frame = frame;
    req.sn = sn;
    if (isNewRq) {
      // On disk before it is on the wire: a crash after this line can never lose track of it.
      const group = req.draft.group !== undefined ? { group: req.draft.group } : {};
      if (req.draft.group !== undefined) this.groups.set(req.rq, req.draft.group);
      this.record({ k: 'request', key: req.key, rq: req.rq, frame, postedHead: req.postedHead, label: req.label, ...group }, true, frame);
    }
    return frame;
  }

  /** `req` is on its way with `frame` (its sn): the ack waits for that sn. */
  private sentOn(req: TrackedRequest, frame: OrderRequestFrame): void {
    req.sendsOfRq += 1;
    req.postedEpoch = this.session.epoch;
    req.ackCode = undefined;
    req.ackTimedOut = false;
    this.index.addSn(frame.sn, req);
    req.phase = 'sent';
  }

  private transmitFrame(req: TrackedRequest, frame: OrderRequestFrame, isNewRq: boolean): void {
    const sn = frame.sn;
    this.sentOn(req, frame);
    let waiting = false;
    const sent = this.session.sendOrderFrame(frame, {
      // Behind the socket's send budget: no decision about it until it is on the wire (a resend would
      // only queue a duplicate), and the ack timer starts when it leaves.
      queued: () => {
        waiting = true;
        req.phase = 'sending';
      },
      written: () => {
        if (req.sn !== sn || req.done) return;
        req.phase = 'sent';
        this.markWritten(req);
        this.startAckTimer(req, sn);
      },
      // Its connection ended first: the reconnect's evaluation resends it like any frame lost in a drop.
      dropped: () => {
        if (req.sn === sn && req.phase === 'sending') req.phase = 'sent';
      },
    });
    // A resend of the same rq has no request line of its own: its sent line carries the frame.
    this.record({ k: 'sent', key: req.key, rq: req.rq, sn, epoch: req.postedEpoch, head: this.session.head ?? 0 }, false, isNewRq ? undefined : frame);
    if (!sent || waiting) return; // socket down: the retry table resends after the reconnect
    this.markWritten(req);
    this.startAckTimer(req, sn);
  }

  /**
   * An lb 0 request's window is the server's head at admission + order_ttl_blocks, so it is counted from
   * the head when the frame actually leaves (each send of the rq may be admitted anew), not from when
   * it was queued: a frame that waited behind the send budget past that window, counted from the queue,
   * looked expired the moment it left, and row c moved it to a new rq while the first one executed.
   */
  private markWritten(req: TrackedRequest): void {
    this.executions.sent(req.key);
    if (req.lb === 0 && this.session.head !== null) req.postedHead = this.session.head;
  }

  private startAckTimer(req: TrackedRequest, sn: number): void {
    req.clearAckTimer();
    const timer = this.timers.setTimeout(() => {
      req.cancelAckTimer = null;
      if (req.sn === sn && req.ackCode === undefined && !req.done) {
        req.ackTimedOut = true;
        this.evaluate(req, 'ack-timeout');
      }
    }, this.options.ackTimeoutMs ?? 3_000);
    timer.unref();
    req.cancelAckTimer = () => this.timers.clearTimeout(timer);
  }

  private onAck(frame: StatusResponseFrame): void {
    if (frame.cid === undefined) return;
    const req = this.index.takeSn(frame.cid);
    if (!req || req.done || req.sn !== frame.cid) return;
    req.ackCode = frame.status.code;
    req.ackError = frame.status.error;
    req.clearAckTimer();
    this.executions.acked(req.key);
    if (req.phase === 'sent') req.phase = 'acked';
    this.record({ k: 'ack', key: req.key, rq: req.rq, code: frame.status.code, ...(frame.status.error ? { error: frame.status.error } : {}) }, false, frame);
    if (frame.status.code !== 0) this.evaluate(req, 'update');
  }

  /** A Cancel / Change is done when its target order shows the effect (the target's row carries the target's rq). */
  private targetEffect(row: Order): void {
    const req = this.index.byTarget(row.oid);
    if (!req || req.done || req.rq === 0 || (row.at.b !== undefined && row.at.b < req.postedHead)) return;
    if (!showsTargetEffect(req.draft.t, row) || req.outcomes.get(req.rq)?.kind === 'definitive') return;
    const st = row.st === OrderStatus.Expired ? OrderStatus.Canceled : row.st;
    req.outcomes.set(req.rq, { kind: 'definitive', st, sr: row.sr, oid: row.oid });
    this.record({ k: 'update', key: req.key, rq: req.rq, st, ...(row.sr !== undefined ? { sr: row.sr } : {}), oid: row.oid }, false, row);
    this.evaluate(req, 'update');
  }

  private onOrderUpdates(rows: readonly Order[]): void {
    for (const row of rows) {
      if (row.acc === this.session.state.account?.id) {
        this.executions.orderRow(row);
        this.targetEffect(row);
      }
      const req = this.index.byRq(row.rq);
      if (!req || req.done || row.acc !== this.session.state.account?.id || !rowMatchesRequest(row, req)) continue;
      const { outcome, applied } = resolveStatus(req.outcomes.get(row.rq), row);
      if (!applied || !outcome) continue;
      req.outcomes.set(row.rq, outcome);
      const said = isPartialEnd(row) ? { said: outcomeWords(row, this.wordsOf(req)) } : {};
      this.record({ k: 'update', key: req.key, rq: row.rq, st: row.st, ...(row.sr !== undefined ? { sr: row.sr } : {}), oid: row.oid, ...said }, false, row);
      this.evaluate(req, 'update');
    }
  }

  private onSnapshot(epoch: number): void {
    const account = this.session.state.account;
    if (!account) return;
    this.allocator.seed(account.lfr);
    this.lfrFreshEpoch = epoch;
    if (this.journal === null && this.options.journal) this.openJournal(account.id);
    for (const req of this.index.all()) {
      if (!req.done && req.reconcileAfterEpoch !== undefined && epoch > req.reconcileAfterEpoch) this.reconcile(req);
    }
    this.evaluateAll('snapshot');
  }

  private openJournal(accountId: number): void {
    const cfg = this.options.journal!;
    const path = cfg.path ?? journalPath(cfg.network, accountId, cfg.env);
    let records;
    try {
      const opened = Journal.open(path, this.now);
      records = opened.records;
      this.journal = opened.journal;
      this.journalError = null;
      for (const problem of opened.problems) this.note(problem);
    } catch (e) {
      // Without a writable journal a crash could lose track of an order: refuse to send (locks).
      this.journalError = `the order journal cannot be written (${userMessage(e)})`;
      this.options.log?.(this.journalError);
      return;
    }
    this.allocator.reserve(highestJournaledRq(records));
    for (const r of records) if (r.k === 'request' && r.group !== undefined) this.groups.set(r.rq, r.group);
    for (const req of recoverRequests(records)) {
      this.index.add(req);
      this.options.log?.(`journal: following unresolved ${req.label} (rq ${req.rqHistory.join(', ')}) from a previous run`);
    }
  }

  private evaluateAll(trigger: 'block' | 'snapshot'): void {
    for (const req of this.index.all()) if (!req.done) this.evaluate(req, trigger);
  }

  /** The top-up event (et 3) that proves `req` landed, claimed for it so no other request counts it too. */
  private claimCredit(req: TrackedRequest): AccountEvent | undefined {
    const state = this.session.state;
    const event = creditOf(req, state.recentCredits(), (e) => state.isCreditClaimed(e));
    if (event) state.claimCredit(req.rq, event);
    return event;
  }

  /** A collateral increase is done when the account event et 3 that proves it arrives, whatever its status said. */
  private settleCredits(): void {
    for (const req of this.index.all()) {
      if (req.done) continue;
      const event = this.claimCredit(req);
      if (event) this.finish(req, creditedResult(event, req.rq));
    }
  }

  private evaluate(req: TrackedRequest, trigger: 'block' | 'snapshot' | 'update' | 'ack-timeout'): void {
    if (req.done || req.phase === 'reconciling' || req.phase === 'sending') return;
    const credit = this.claimCredit(req);
    if (credit) return this.finish(req, creditedResult(credit, req.rq));
    const definitive = req.definitive();
    if (definitive) return this.finish(req, resultOf(definitive.rq, definitive.outcome, this.wordsOf(req)));
    const market = this.options.markets().find((m) => m.id === req.draft.mkt);
    const account = this.session.state.account;
    const decision = decideRetry(req.retryState(), {
      head: this.session.head ?? 0,
      epoch: this.session.epoch,
      lfr: account?.lfr ?? 0,
      lfrFreshThisEpoch: this.lfrFreshEpoch === this.session.epoch && this.session.synced,
      connected: this.session.synced,
      ackTimedOut: req.ackTimedOut,
      orderTtlBlocks: market?.order_ttl_blocks ?? 20,
      ...(market?.order_retry_blocks !== undefined ? { orderRetryBlocks: market.order_retry_blocks } : {}),
    });
    this.act(req, restrictDecision(req, decision, trigger, this.session.health()), trigger);
  }

  private act(req: TrackedRequest, d: RetryDecision, trigger: string): void {
    const changed = isNewDecision(req.lastDecision, d);
    req.lastDecision = d;
    if (changed && d.action !== 'wait') this.record({ k: 'decision', key: req.key, rq: req.rq, action: d.action, code: d.code, reason: d.reason });
    switch (d.action) {
      case 'wait':
        return;
      case 'done': {
        const def = req.definitive();
        if (def) this.finish(req, resultOf(def.rq, def.outcome, this.wordsOf(req)));
        return;
      }
      case 'resend-same-rq':
        this.options.log?.(`order ${req.label}: ${d.reason} (${trigger}); resending rq ${req.rq}`);
        return this.transmit(req, false);
      case 'resend-new-rq': {
        if (d.code === 'sr32-new-rq') req.newRqRetriesForSr32 += 1;
        else req.newRqRetriesForExpiry += 1;
        this.options.log?.(`order ${req.label}: ${d.reason}; moving from rq ${req.rq} to a new rq`);
        return this.sendNewRq(req);
      }
      case 'give-up':
        return this.finish(req, this.giveUpResult(req, d));
      case 'check-position': {
        // Its account event comes before its status in a block; give a late frame a few blocks, then say
        // it is unconfirmed (never resent: it may have been credited).
        const head = this.session.head ?? 0;
        req.creditWaitUntil ??= head + CREDIT_WAIT_BLOCKS;
        if (head < req.creditWaitUntil) return;
        const outcome = req.outcomes.get(req.rq);
        return this.finish(req, unconfirmedResult(req, outcome ? resultOf(req.rq, outcome).message : undefined));
      }
      case 'reconcile':
        req.phase = 'reconciling';
        if (trigger === 'snapshot') return this.reconcile(req);
        // A status was lost, so the open-orders / positions view may be stale too: rebuild it from fresh
        // snapshots first, then look the rq up (onSnapshot).
        req.reconcileAfterEpoch = this.session.epoch;
        if (this.session.synced) this.session.resync(`status of rq ${req.rq} lost`);
        return;
    }
  }

  private reconcile(req: TrackedRequest): void {
    req.reconcileAfterEpoch = undefined;
    // The row found says what filled: the execution report counts it (its fill times are not known).
    const found = (row: Order) => this.executions.reconciled(req.key, row);
    void reconcileRequest(req.rq, req.draft, this.session.state, this.options.lookupOrderByRq, this.wordsOf(req), found).then((r) => this.finish(req, r));
  }

  /** The words of `req`'s outcome: its market's units and what bounds it (domain/trading/outcome-words.ts). */
  private wordsOf(req: TrackedRequest): OutcomeContext {
    return outcomeContextOf(req.draft, this.options.markets().find((m) => m.id === req.draft.mkt));
  }

  private giveUpResult(req: TrackedRequest, d: RetryDecision): RequestResult {
    if (req.ackCode !== undefined && req.ackCode !== 0) {
      return { kind: 'rejected', rq: req.rq, message: `rejected (${req.ackCode}): ${req.ackError ?? d.reason}` };
    }
    const outcome = req.outcomes.get(req.rq);
    if (outcome?.kind === 'failed') return resultOf(req.rq, outcome);
    return { kind: 'gave-up', rq: req.rq, message: d.reason };
  }

  private finish(req: TrackedRequest, result: RequestResult): void {
    if (req.done) return;
    req.finish(result);
    this.executions.resolved(req.key, result.kind === 'definitive');
    this.record({ k: 'resolved', key: req.key, rq: req.rq, result: result.kind, message: result.message });
    this.index.prune();
  }
}
