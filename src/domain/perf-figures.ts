// What the perf overlay shows (`--perf`): measured by terminal/perf, drawn by ui/. Declared here, below both,
// so each names the same type instead of keeping a structural copy.

export interface PerfFigures {
  fps: number;
  paintMsP50: number;
  paintMsP99: number;
  tickToScreenMsP50: number;
  tickToScreenMsP99: number;
  bytesPerSec: number;
  msgsPerSec: number;
  eventLoopMsP99: number;
}
