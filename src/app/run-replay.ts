// `perpl replay FILE`: the normal terminal, read-only, against a local replay server that plays the
// recording's market data (no UI changes: the UI cannot tell a replay from a quiet exchange), with the
// recorded trading side fed in-process on the same clock (replay/replay-trading.ts: the real trading
// session over the recording; no key, no sign-in, no order engine; order keys say "replay: read-only").
// Replay keys are taken from stdin before the UI (replay/replay-keys.ts); the footer notice shows
// position, speed and the keys.

import { readRecording } from '../transport/record/index.js';
import type { ExitReason } from '../terminal/manners.js';
import { startTui, type TuiHandle } from './tui.js';
import { ReplayServer, type ReplayStatus } from '../replay/replay-server.js';
import { ReplayStdin } from '../replay/replay-keys.js';
import { startReplayTrading } from './replay-trading-wiring.js';
import { uiTakesText } from '../replay/text-entry.js';
import { buildTimeline } from '../replay/timeline.js';
import type { ReplayView } from '../state/store.js';
import { setNotice } from '../state/actions.js';
import { replayChosen, setReplayView } from '../state/link-actions.js';

export interface ReplayOptions {
  file: string;
  speed?: number;
  /** Start this many seconds into the recording. */
  fromSec?: number;
  market?: string;
  fps?: number;
  stdout?: NodeJS.WriteStream;
  /** The real input; the UI gets a proxy of it with the replay keys taken out. */
  stdin?: NodeJS.ReadStream;
  handleProcessEvents?: boolean;
  onFatal?: (reason: ExitReason) => void;
}

export interface ReplayHandle {
  server: ReplayServer;
  tui: TuiHandle;
  /** Resolves when the UI has quit and the replay server has stopped. */
  done: Promise<void>;
}

const NOTICE_EVERY_MS = 500;
const NOTICE_PREFIX = 'replay ';

function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function replayNotice(s: ReplayStatus): string {
  const state = s.paused ? 'paused' : s.positionMs >= s.durationMs ? 'end' : 'playing';
  return `${NOTICE_PREFIX}${clockText(s.positionMs)} / ${clockText(s.durationMs)} x${s.speed} ${state} · space pause · ←/→ 10 s`;
}

/** What the header says of the replay (state/store.ts ReplayView). */
export function replayView(s: ReplayStatus): ReplayView {
  return { state: s.paused ? 'paused' : s.positionMs >= s.durationMs ? 'ended' : 'playing' };
}

export async function startReplay(opts: ReplayOptions): Promise<ReplayHandle> {
  const timeline = buildTimeline(readRecording(opts.file));
  const server = new ReplayServer(timeline, {
    ...(opts.speed !== undefined ? { speed: opts.speed } : {}),
    ...(opts.fromSec !== undefined ? { fromMs: opts.fromSec * 1000 } : {}),
  });
  await server.listen(0);
  const realStdin = opts.stdin ?? process.stdin;
  // Filled once the UI exists; until then every key goes to the UI unchanged.
  let takesText: () => boolean = () => true;
  const stdin = new ReplayStdin(realStdin, { togglePause: () => server.clock.togglePause(), seekBy: (ms) => server.clock.seekBy(ms) }, () => !takesText());
  let tui: TuiHandle;
  try {
    tui = await startTui({
      baseUrl: server.restBase,
      wsUrl: server.wsBase,
      chainId: server.chainId,
      ...(opts.market !== undefined ? { market: opts.market } : {}),
      ...(opts.fps !== undefined ? { fps: opts.fps } : {}),
      ...(opts.stdout ? { stdout: opts.stdout } : {}),
      stdin: stdin as unknown as NodeJS.ReadStream,
      timeTheLink: false,
      ...(opts.handleProcessEvents !== undefined ? { handleProcessEvents: opts.handleProcessEvents } : {}),
      ...(opts.onFatal ? { onFatal: opts.onFatal } : {}),
      tradingSide: ({ store, context, hz, marks }) => {
        // Before the first frame is shown: the header must never say "live" for a recording.
        setReplayView(store, replayView(server.status()));
        return startReplayTrading({ events: timeline.trading, startedAt: timeline.startedAt, clock: server.clock, store, context, hz, marks });
      },
    });
  } catch (e) {
    stdin.detach();
    await server.stop();
    throw e;
  }
  const store = tui.store;
  takesText = () => uiTakesText(store.getState());
  // Read-only and not the live exchange, whatever the recording's chain: never the loud mainnet badge.
  replayChosen(store, { name: `replay ${timeline.network}`, chainId: timeline.chainId, isMainnet: false });
  const showStatus = (): void => {
    const replay = replayView(server.status());
    if (store.getState().replay?.state !== replay.state) setReplayView(store, replay);
    const notice = store.getState().notice;
    if (notice === null || notice.startsWith(NOTICE_PREFIX)) setNotice(store, replayNotice(server.status()));
  };
  showStatus();
  const ticker = setInterval(showStatus, NOTICE_EVERY_MS);
  ticker.unref();
  // Pause and seeks show in the header at once, not at the next tick.
  const offClock = server.clock.onChange(showStatus);
  const done = tui.done.then(async () => {
    clearInterval(ticker);
    offClock();
    stdin.detach();
    await server.stop();
  });
  return { server, tui, done };
}
