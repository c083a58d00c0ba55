// Replay time: a position in the recording (ms since it started) that advances at `speed` x real
// time while playing. Pause, resume and seek notify listeners (the connections re-pace or restart).

export type ClockChange = 'seek' | 'pause' | 'resume';

export interface ReplayClockOptions {
  durationMs: number;
  speed?: number;
  fromMs?: number;
  now?: () => number;
}

export class ReplayClock {
  readonly durationMs: number;
  readonly speed: number;
  private readonly now: () => number;
  private basePos: number;
  /** Real time at which basePos was current; null while paused or not started. */
  private baseReal: number | null = null;
  private started = false;
  private userPaused = false;
  private readonly listeners = new Set<(change: ClockChange) => void>();

  constructor(opts: ReplayClockOptions) {
    if (!(opts.speed === undefined || (Number.isFinite(opts.speed) && opts.speed > 0))) {
      throw new RangeError('speed must be a positive number');
    }
    this.durationMs = opts.durationMs;
    this.speed = opts.speed ?? 1;
    this.now = opts.now ?? Date.now;
    this.basePos = this.clamp(opts.fromMs ?? 0);
  }

  /** Starts the clock (once): the replay begins when the first viewer subscribes, not at process start. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (!this.userPaused) this.baseReal = this.now();
  }

  get paused(): boolean {
    return this.userPaused;
  }

  get running(): boolean {
    return this.baseReal !== null;
  }

  position(): number {
    if (this.baseReal === null) return this.basePos;
    return this.clamp(this.basePos + (this.now() - this.baseReal) * this.speed);
  }

  get ended(): boolean {
    return this.position() >= this.durationMs;
  }

  pause(): void {
    if (this.userPaused) return;
    this.basePos = this.position();
    this.baseReal = null;
    this.userPaused = true;
    this.emit('pause');
  }

  resume(): void {
    if (!this.userPaused) return;
    this.userPaused = false;
    if (this.started) this.baseReal = this.now();
    this.emit('resume');
  }

  togglePause(): void {
    if (this.userPaused) this.resume();
    else this.pause();
  }

  seek(positionMs: number): void {
    this.basePos = this.clamp(positionMs);
    if (this.baseReal !== null) this.baseReal = this.now();
    this.emit('seek');
  }

  seekBy(deltaMs: number): void {
    this.seek(this.position() + deltaMs);
  }

  onChange(listener: (change: ClockChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: ClockChange): void {
    for (const l of [...this.listeners]) l(change);
  }

  private clamp(ms: number): number {
    return Math.min(Math.max(0, ms), this.durationMs);
  }
}
