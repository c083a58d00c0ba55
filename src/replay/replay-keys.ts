// Replay keys, taken out of the input before the UI sees it: space pauses/resumes, ← / → seek -10 / +10 s.
// The UI gets a stdin proxy (a raw-mode TTY to Ink) that forwards everything else unchanged. While the
// UI takes typed text (picker, help filter, command line, order entry) nothing is taken.

import { PassThrough } from 'node:stream';

export const SEEK_STEP_MS = 10_000;

export interface ReplayKeyActions {
  togglePause(): void;
  seekBy(deltaMs: number): void;
}

const KEYS: readonly [string, (a: ReplayKeyActions) => void][] = [
  ['\u001B[C', (a) => a.seekBy(SEEK_STEP_MS)],
  ['\u001B[D', (a) => a.seekBy(-SEEK_STEP_MS)],
  ['\u001BOC', (a) => a.seekBy(SEEK_STEP_MS)],
  ['\u001BOD', (a) => a.seekBy(-SEEK_STEP_MS)],
  [' ', (a) => a.togglePause()],
];

/** Runs the actions of the replay keys in `chunk` and returns what is left for the UI. */
export function takeReplayKeys(chunk: string, actions: ReplayKeyActions): string {
  let rest = '';
  let i = 0;
  outer: while (i < chunk.length) {
    for (const [seq, act] of KEYS) {
      if (chunk.startsWith(seq, i)) {
        act(actions);
        i += seq.length;
        continue outer;
      }
    }
    rest += chunk[i];
    i += 1;
  }
  return rest;
}

interface TtyIn extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** A stdin for Ink that reads `source`, takes the replay keys out (when `active()`), and passes the rest. */
export class ReplayStdin extends PassThrough {
  readonly isTTY = true;
  isRaw = false;
  private readonly onData: (data: Buffer | string) => void;

  constructor(
    private readonly source: TtyIn,
    actions: ReplayKeyActions,
    active: () => boolean,
  ) {
    super();
    this.onData = (data) => {
      const text = typeof data === 'string' ? data : data.toString('utf8');
      const rest = active() ? takeReplayKeys(text, actions) : text;
      if (rest !== '') this.write(rest);
    };
    source.on('data', this.onData);
  }

  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    this.source.setRawMode?.(mode);
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  /** Stops reading the real stdin (so the process can exit). */
  detach(): void {
    this.source.off('data', this.onData);
    this.source.pause();
    this.end();
  }
}
