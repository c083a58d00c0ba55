// One viewer's market-data socket on the replay server. Answers mt 5 with an mt 6 for the streams the
// recording holds (404 for the rest), then sends the recorded frames of those streams: at once from
// the start of the recorded connection that holds the current position (rebuilding its state), then
// at the recorded pace x speed. Recorded sids are rewritten to the replay's own (SidMap).
// A seek, or reaching a point where the recorded session reconnected, closes the socket with 1001:
// the client reconnects at once and gets the state at the new position from fresh snapshots.

import type WebSocket from 'ws';
import type { ReplayClock } from './replay-clock.js';
import type { SidMap } from './sid-map.js';
import { acknowledgedSubs, epochStartAt, type Timeline, type WireFrame } from './timeline.js';

const MT_PING = 1;
const MT_SUBSCRIBE = 5;
const MT_SUBSCRIPTION_RESPONSE = 6;
const MT_HEARTBEAT = 100;
const CLOSE_GOING_AWAY = 1001;
/** While paused or at the end, the last heartbeat is repeated (a duplicate sn, no gap) so the feed stays live. */
const IDLE_HEARTBEAT_MS = 1_000;
/** Frames sent per turn of the event loop while catching up, so one burst cannot starve the process. */
const BURST_CHUNK = 2_000;

export class ReplayConnection {
  private readonly subscribed = new Set<string>();
  /** Recorded sid -> stream, as of the cursor (recorded mt 6 frames update it). */
  private readonly recordedRoutes = new Map<number, string>();
  private cursor = -1;
  private epoch = -1;
  private replySn = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The last heartbeat sent: resent while idle (a duplicate sn, no gap). */
  private lastHeartbeat: WireFrame | null = null;
  private closed = false;
  private readonly offClock: () => void;
  /** Frames sent to this viewer (tests, diagnostics). */
  sent = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly timeline: Timeline,
    private readonly clock: ReplayClock,
    private readonly sids: SidMap,
  ) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.onText(data.toString());
    });
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
    this.offClock = clock.onChange((change) => {
      if (change === 'seek') this.close('seek');
      else this.schedule(0);
    });
  }

  private onText(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return;
    const f = frame as WireFrame;
    if (f.mt === MT_PING) this.send({ mt: 2, sid: 1, sn: ++this.replySn, ...(f.t !== undefined ? { t: f.t } : {}) });
    else if (f.mt === MT_SUBSCRIBE) this.subscribe(f);
  }

  private subscribe(f: WireFrame): void {
    const subs = Array.isArray(f.subs) ? f.subs : [];
    const results: WireFrame[] = [];
    for (const s of subs) {
      if (typeof s !== 'object' || s === null || typeof (s as WireFrame).stream !== 'string') continue;
      const { stream, subscribe } = s as { stream: string; subscribe?: unknown };
      if (subscribe === false) {
        this.subscribed.delete(stream);
        results.push({ stream, sid: this.sids.sidOf(stream), status: { code: 0 } });
      } else if (this.sids.has(stream)) {
        this.subscribed.add(stream);
        results.push({ stream, sid: this.sids.sidOf(stream), status: { code: 0 } });
      } else {
        results.push({ stream, status: { code: 404, error: 'not in this recording' } });
      }
    }
    this.send({ mt: MT_SUBSCRIPTION_RESPONSE, sn: ++this.replySn, subs: results });
    if (this.cursor < 0) {
      this.clock.start();
      this.cursor = epochStartAt(this.timeline, this.clock.position());
      this.epoch = this.timeline.entries[this.cursor]?.epoch ?? 0;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.cursor < 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), Math.max(0, delayMs));
  }

  private pump(): void {
    this.timer = null;
    if (this.closed) return;
    const entries = this.timeline.entries;
    const position = this.clock.position();
    let sentNow = 0;
    while (this.cursor < entries.length) {
      const e = entries[this.cursor]!;
      if (e.t > position) break;
      if (e.epoch !== this.epoch) return this.close('the recorded session reconnected here');
      this.cursor += 1;
      this.emit(e);
      if (++sentNow >= BURST_CHUNK) return this.schedule(0);
    }
    const next = entries[this.cursor];
    if (!this.clock.running || next === undefined) {
      if (sentNow === 0 && this.lastHeartbeat) this.send(this.lastHeartbeat);
      return this.schedule(IDLE_HEARTBEAT_MS);
    }
    this.schedule((next.t - position) / this.clock.speed);
  }

  private emit(entry: { t: number; frame: WireFrame }): void {
    const { frame } = entry;
    if (frame.mt === MT_SUBSCRIPTION_RESPONSE) {
      for (const s of acknowledgedSubs(frame)) this.recordedRoutes.set(s.sid, s.stream);
      return;
    }
    let out = frame;
    if (typeof frame.sid === 'number') {
      const stream = this.recordedRoutes.get(frame.sid);
      if (stream === undefined || !this.subscribed.has(stream)) return;
      out = { ...frame, sid: this.sids.sidOf(stream) };
    }
    if (out.mt === MT_HEARTBEAT) this.lastHeartbeat = out;
    this.send(out);
  }

  private send(frame: WireFrame): void {
    if (this.closed) return;
    this.ws.send(JSON.stringify(frame));
    this.sent += 1;
  }

  close(reason: string): void {
    if (this.closed) return;
    this.ws.close(CLOSE_GOING_AWAY, reason);
    this.dispose();
  }

  private dispose(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.offClock();
  }
}
