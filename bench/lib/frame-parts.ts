// BENCH_FRAME_PARTS=1: where a frame's tick-to-screen goes. A tick waits for the next publish (up to the
// gap between two publishes), then for the publish's pipeline to reach the terminal; the p99 is about the
// upper frames' gap + pipeline. Per frame: the gap since the previous publish, the store write (publish),
// React's commit after it (until Ink asks for the draw), the wait for the draw's turn, the draw, the write,
// the whole pipeline in wall and in this thread's CPU time (Node >= 23.9, else the process's: load-proof
// on a shared machine), and the market-data frames read meanwhile. Figures as `frame_<part>_p50/p90_ms`.

import type { Publisher } from '../../src/state/publisher.js';
import { quantile, round } from './stats.js';

const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);

function cpuMs(): number {
  const u = threadCpuUsage ? threadCpuUsage() : process.cpuUsage();
  return (u.user + u.system) / 1000;
}

interface FrameHandler {
  handleFrame(text: string, receivedAt: number): void;
}

/** Time stamps of every publish, draw, write and market-data frame; `figures` pairs each publish with its draw and write. */
export class FrameParts {
  private readonly publishStart: number[] = [];
  private readonly publishEnd: number[] = [];
  private readonly publishCpu: number[] = [];
  private readonly drawAsked: number[] = [];
  private readonly drawEnd: number[] = [];
  private readonly drawMs: number[] = [];
  private readonly writeStart: number[] = [];
  private readonly writeEnd: number[] = [];
  private readonly writeCpu: number[] = [];
  private readonly frameAt: number[] = [];

  /** Stamps every store write the publisher makes. */
  watchPublisher(publisher: Publisher): void {
    const tick = publisher.tick.bind(publisher);
    publisher.tick = (): boolean => {
      const t0 = performance.now();
      const c0 = cpuMs();
      const wrote = tick();
      if (wrote) {
        this.publishStart.push(t0);
        this.publishEnd.push(performance.now());
        this.publishCpu.push(c0);
      }
      return wrote;
    };
  }

  /** Stamps every terminal write (start and end). */
  watchWrites(stdout: NodeJS.WriteStream): void {
    const write = stdout.write.bind(stdout) as (...args: unknown[]) => boolean;
    stdout.write = ((...args: unknown[]): boolean => {
      this.writeStart.push(performance.now());
      const ok = write(...args);
      this.writeEnd.push(performance.now());
      this.writeCpu.push(cpuMs());
      return ok;
    }) as typeof stdout.write;
  }

  /** Stamps every market-data frame the session handles. */
  watchSession(session: object): void {
    const target = session as FrameHandler;
    const handle = target.handleFrame.bind(session);
    target.handleFrame = (text, at): void => {
      this.frameAt.push(performance.now());
      handle(text, at);
    };
  }

  /** Ink asked for a draw (the end of a React commit). */
  drawAskedNow(): void {
    this.drawAsked.push(performance.now());
  }

  /** Ink drew a frame in `renderMs` (its onRender option), just now. */
  drawn(renderMs: number): void {
    this.drawEnd.push(performance.now());
    this.drawMs.push(renderMs);
  }

  /** Quantiles of every part over the frames published from `fromMs` (performance.now) on. */
  figures(fromMs: number): Record<string, number> {
    const parts: Record<string, number[]> = { gap: [], publish: [], commit: [], turn_wait: [], draw: [], write: [], pipeline: [], pipeline_cpu: [], md_frames: [] };
    let d = 0;
    let w = 0;
    let a = 0;
    let f = 0;
    for (let i = 1; i < this.publishStart.length; i++) {
      const start = this.publishStart[i] ?? 0;
      const end = this.publishEnd[i] ?? 0;
      if (start < fromMs) continue;
      while (d < this.drawEnd.length && (this.drawEnd[d] ?? 0) < end) d++;
      const next = this.publishStart[i + 1] ?? Number.POSITIVE_INFINITY;
      const drawEnd = this.drawEnd[d];
      if (drawEnd === undefined || drawEnd > next) continue; // Ink found nothing new to draw
      while (w < this.writeEnd.length && (this.writeStart[w] ?? 0) < drawEnd) w++;
      const writeEnd = this.writeEnd[w];
      if (writeEnd === undefined) continue;
      const drawStart = drawEnd - (this.drawMs[d] ?? 0);
      while (a < this.drawAsked.length && (this.drawAsked[a] ?? 0) < end) a++;
      const asked = Math.min(this.drawAsked[a] ?? drawStart, drawStart);
      while (f < this.frameAt.length && (this.frameAt[f] ?? 0) < end) f++;
      let frames = 0;
      while (f + frames < this.frameAt.length && (this.frameAt[f + frames] ?? 0) < writeEnd) frames++;
      parts.gap?.push(start - (this.publishStart[i - 1] ?? start));
      parts.publish?.push(end - start);
      parts.commit?.push(asked - end);
      parts.turn_wait?.push(drawStart - asked);
      parts.draw?.push(this.drawMs[d] ?? 0);
      parts.write?.push(writeEnd - (this.writeStart[w] ?? writeEnd));
      parts.pipeline?.push(writeEnd - start);
      parts.pipeline_cpu?.push((this.writeCpu[w] ?? 0) - (this.publishCpu[i] ?? 0));
      parts.md_frames?.push(frames);
    }
    const out: Record<string, number> = {};
    for (const [name, values] of Object.entries(parts)) {
      const unit = name === 'md_frames' ? '' : '_ms';
      out[`frame_${name}_p50${unit}`] = round(quantile(values, 0.5), 2);
      out[`frame_${name}_p90${unit}`] = round(quantile(values, 0.9), 2);
    }
    return out;
  }
}
