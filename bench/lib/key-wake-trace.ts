// Where a pressed key waits before the key thread runs, read from a kernel scheduler trace (ftrace's
// sched_waking, sched_wakeup and sched_switch, with a trace_marker line the bench parent's presser writes
// just before each press's time: BENCH_TRACE_MARK=1, bench/lib/key-press.ts). Per press: from the mark to the key
// thread's waking (the presser's write), from waking to wakeup (the wake reaching the target CPU), and from wakeup to the
// key thread switched in (a wait on a run queue). A wait is put down to what its CPUs did meanwhile: the
// target CPU idle through most of it (a wake the target was slow to act on), the target busy while another
// CPU was idle, or every CPU busy.

export interface TraceEvent {
  ms: number;
  cpu: number;
  /** The task that logged it (its pid: a thread's id). */
  pid: number;
  name: string;
  body: string;
}

// `  node-3972    [001] d..2.  1723.110191: sched_switch: prev_comm=...`: the task may hold spaces and dashes.
const LINE = /^\s*.+?-(\d+)\s+\[(\d+)\]\s+\S+\s+([\d.]+): (\w+): (.*)$/;

export function parseTrace(text: string): TraceEvent[] {
  const events: TraceEvent[] = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (m) events.push({ pid: Number(m[1]), cpu: Number(m[2]), ms: Number(m[3]) * 1000, name: m[4]!, body: m[5]! });
  }
  return events;
}

export const PRESS_MARK = 'perpl-press';
export const TRACE_MARKER = '/sys/kernel/tracing/trace_marker';

export type WaitCause = 'target-idle' | 'target-busy-other-idle' | 'all-busy';

export interface KeyWake {
  /** The press's mark, counted from 1 in the trace (pressTimeline's `press`). */
  press: number;
  pressToWakingMs: number;
  wakingToWakeupMs: number;
  waitMs: number;
  /** What the CPUs did through the wait (waits of at least `longWaitMs` only). */
  cause: WaitCause | null;
}

const isPress = (e: TraceEvent): boolean => e.name === 'tracing_mark_write' && e.body.startsWith(PRESS_MARK);

const switchesToIdle = (e: TraceEvent): boolean => e.name === 'sched_switch' && / next_pid=0 /.test(e.body);

/**
 * Whether `cpu` is idle just after event `at`. A CPU woken from idle runs the task it was woken for with no
 * sched_switch line on the kernels traced here (the task's own lines follow the idle task's wakeup line),
 * so an idle spell is from a switch to the idle task to the CPU's next line of any kind.
 */
function idleAfter(events: readonly TraceEvent[], at: number, cpu: number): boolean {
  for (let j = at; j >= 0; j--) if (events[j]!.cpu === cpu) return switchesToIdle(events[j]!);
  return false;
}

/** One entry per press whose key thread (`keyThreadComm`) was woken within `withinMs` and ran. */
export function keyWakes(events: readonly TraceEvent[], o: { keyThreadComm?: string; longWaitMs?: number; withinMs?: number } = {}): KeyWake[] {
  const comm = o.keyThreadComm ?? 'WorkerThread';
  const longWaitMs = o.longWaitMs ?? 0.5;
  const withinMs = o.withinMs ?? 20;
  const cpus = [...new Set(events.map((e) => e.cpu))];
  const wakes: KeyWake[] = [];
  let press = 0;
  for (let i = 0; i < events.length; i++) {
    if (!isPress(events[i]!)) continue;
    press += 1;
    const pressMs = events[i]!.ms;
    let waking = -1;
    let wakeup = -1;
    let pid = -1;
    let target = -1;
    for (let j = i + 1; j < events.length && events[j]!.ms - pressMs <= withinMs; j++) {
      const e = events[j]!;
      if (waking < 0 && e.name === 'sched_waking' && e.body.startsWith(`comm=${comm} `)) {
        waking = j;
        pid = Number(/pid=(\d+)/.exec(e.body)?.[1] ?? -1);
        continue;
      }
      if (waking >= 0 && wakeup < 0 && e.name === 'sched_wakeup' && e.body.includes(` pid=${pid} `)) {
        wakeup = j;
        target = Number(/target_cpu=(\d+)/.exec(e.body)?.[1] ?? -1);
      }
      if (wakeup < 0) continue;
      // Woken by the target CPU's own idle task: nothing runs there before it.
      const ranFromWakeup = j === wakeup && e.cpu === target && e.pid === 0;
      const running = ranFromWakeup || (j > wakeup && ((e.name === 'sched_switch' && e.body.includes(`next_pid=${pid} `)) || e.pid === pid));
      if (!running) continue;
      const waitMs = e.ms - events[wakeup]!.ms;
      wakes.push({
        press,
        pressToWakingMs: events[waking]!.ms - pressMs,
        wakingToWakeupMs: events[wakeup]!.ms - events[waking]!.ms,
        waitMs,
        cause: waitMs >= longWaitMs ? causeOf(events, wakeup, j, target, cpus) : null,
      });
      break;
    }
  }
  return wakes;
}

/** What the CPUs did through the wait from event `from` to event `to`. */
function causeOf(events: readonly TraceEvent[], from: number, to: number, target: number, cpus: readonly number[]): WaitCause {
  const idleMs = new Map<number, number>(cpus.map((c) => [c, 0]));
  const idleSince = new Map<number, number | null>(cpus.map((c) => [c, idleAfter(events, from, c) ? events[from]!.ms : null]));
  for (let j = from + 1; j <= to; j++) {
    const e = events[j]!;
    const since = idleSince.get(e.cpu);
    if (since !== null && since !== undefined) idleMs.set(e.cpu, idleMs.get(e.cpu)! + e.ms - since);
    idleSince.set(e.cpu, switchesToIdle(e) ? e.ms : null);
  }
  for (const c of cpus) {
    const since = idleSince.get(c);
    if (since !== null && since !== undefined) idleMs.set(c, idleMs.get(c)! + events[to]!.ms - since);
  }
  const waitMs = events[to]!.ms - events[from]!.ms;
  const idleMost = (c: number): boolean => idleMs.get(c)! > waitMs / 2;
  if (idleMost(target)) return 'target-idle';
  return cpus.some((c) => c !== target && idleMost(c)) ? 'target-busy-other-idle' : 'all-busy';
}

/** A scheduler line as a few words: `A/pid [state] -> B/pid`, `waking B/pid cpu1 (by pid)`. */
function eventWords(e: TraceEvent): string {
  if (e.name === 'sched_switch') {
    const m = /prev_comm=(.*) prev_pid=(\d+) .*prev_state=(\S+) ==> next_comm=(.*) next_pid=(\d+)/.exec(e.body);
    if (m) return `${m[1]}/${m[2]} [${m[3]}] -> ${m[4]}/${m[5]}`;
  }
  if (e.name === 'sched_waking' || e.name === 'sched_wakeup') {
    // target_cpu is the task's last CPU on a waking line, the CPU chosen on a wakeup line.
    const m = /comm=(.*) pid=(\d+) .*target_cpu=(\d+)/.exec(e.body);
    if (m) return `${e.name === 'sched_waking' ? 'waking' : 'wakeup'} ${m[1]}/${m[2]} on cpu${Number(m[3])} (by ${e.pid})`;
  }
  return `${e.name}: ${e.body}`;
}

/**
 * Every CPU's scheduler lines around press `press` (counted from 1), from `beforeMs` before its mark to `afterMs`
 * after it, in ms from the mark: what ran where while a slow key waited (the report names the slowest presses).
 */
export function pressTimeline(events: readonly TraceEvent[], press: number, o: { beforeMs?: number; afterMs?: number } = {}): string[] {
  const beforeMs = o.beforeMs ?? 2;
  const afterMs = o.afterMs ?? 6;
  let seen = 0;
  const mark = events.find((e) => isPress(e) && ++seen === press);
  if (!mark) return [];
  return events
    .filter((e) => e.ms >= mark.ms - beforeMs && e.ms <= mark.ms + afterMs)
    .map((e) => `${(e.ms - mark.ms).toFixed(3).padStart(8)} cpu${e.cpu} ${e === mark ? 'press' : eventWords(e)}`);
}
