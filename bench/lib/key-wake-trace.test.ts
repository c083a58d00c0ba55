import { describe, expect, it } from 'vitest';
import { keyWakes, parseTrace, pressTimeline, PRESS_MARK } from './key-wake-trace.js';

// Lines as ftrace prints them (times in seconds): the key thread is WorkerThread 60, the screen thread
// MainThread 54, the bench parent node 72, the idle task <idle>-0.
const sw = (by: string, cpu: number, s: string, from: string, to: string, pid: number): string =>
  `  ${by} [00${cpu}] d..2. ${s}: sched_switch: prev_comm=${from} prev_pid=1 prev_prio=120 prev_state=R ==> next_comm=${to} next_pid=${pid} next_prio=120`;
const press = (s: string): string => `  node-72 [000] ...1. ${s}: tracing_mark_write: ${PRESS_MARK} 1`;
const wake = (event: 'sched_waking' | 'sched_wakeup', by: string, cpu: number, s: string, target: number): string =>
  `  ${by} [00${cpu}] dNh2. ${s}: ${event}: comm=WorkerThread pid=60 prio=120 target_cpu=00${target}`;

describe('where a pressed key waits, from a scheduler trace', () => {
  it('queued-key-thread-not-told-from-an-idle-one: a key thread queued behind the screen thread while the other CPU idles, and one behind busy CPUs, are each named', () => {
    const behindScreen = [
      sw('x-1', 1, '20.000000', 'node', 'MainThread', 54),
      press('20.001000'),
      wake('sched_waking', 'node-72', 0, '20.001010', 1),
      wake('sched_wakeup', 'node-72', 0, '20.001020', 1),
      // The bench parent sleeps: CPU 0 idles through the wait.
      sw('node-72', 0, '20.001030', 'node', 'swapper/0', 0),
      sw('MainThread-54', 1, '20.002020', 'MainThread', 'WorkerThread', 60),
    ];
    const allBusy = [
      sw('x-1', 0, '30.000000', 'swapper/0', 'node', 43),
      sw('x-1', 1, '30.000000', 'node', 'MainThread', 54),
      press('30.001000'),
      wake('sched_waking', 'node-72', 0, '30.001010', 1),
      wake('sched_wakeup', 'node-72', 0, '30.001020', 1),
      sw('MainThread-54', 1, '30.001820', 'MainThread', 'WorkerThread', 60),
    ];
    const wakes = keyWakes(parseTrace([...behindScreen, ...allBusy].join('\n')));
    expect(wakes).toHaveLength(2);
    expect(wakes[0]!.pressToWakingMs).toBeCloseTo(0.01, 6);
    expect(wakes[0]!.wakingToWakeupMs).toBeCloseTo(0.01, 6);
    expect(wakes[0]!.waitMs).toBeCloseTo(1, 6);
    expect(wakes[0]!.cause).toBe('target-busy-other-idle');
    expect(wakes[1]!.waitMs).toBeCloseTo(0.8, 6);
    expect(wakes[1]!.cause).toBe('all-busy');
  });

  it('woken-from-idle-key-thread-counted-as-waiting-till-its-next-switch: a CPU woken from idle runs the key thread from the wakeup on, with no sched_switch line', () => {
    const text = [
      sw('WorkerThread-60', 1, '5.000000', 'WorkerThread', 'swapper/1', 0),
      press('5.001000'),
      wake('sched_waking', 'node-72', 0, '5.001100', 1),
      wake('sched_wakeup', '<idle>-0', 1, '5.001150', 1),
      // No switch line: the key thread wakes the exchange's thread, then sleeps.
      '  WorkerThread-60 [001] d..2. 5.001250: sched_waking: comm=node pid=43 prio=120 target_cpu=000',
      sw('WorkerThread-60', 1, '5.001400', 'WorkerThread', 'swapper/1', 0),
      // Its next switch line, 7 ms on, belongs to another wake.
      sw('x-1', 1, '5.008000', 'swapper/1', 'WorkerThread', 60),
    ].join('\n');
    const wakes = keyWakes(parseTrace(text));
    expect(wakes).toHaveLength(1);
    expect(wakes[0]!.pressToWakingMs).toBeCloseTo(0.1, 6);
    expect(wakes[0]!.waitMs).toBe(0);
    expect(wakes[0]!.cause).toBeNull();
  });

  it("press-matched-to-another-threads-wake: only the key thread's wake counts, and a press with none in reach is left out", () => {
    const text = [
      sw('x-1', 0, '1.000000', 'swapper/0', 'node', 72),
      press('1.000000'),
      '  node-72 [000] d..2. 1.000010: sched_waking: comm=MainThread pid=54 prio=120 target_cpu=001',
      wake('sched_waking', 'node-72', 0, '1.000200', 0),
      '  <idle>-0 [001] dNh2. 1.000210: sched_wakeup: comm=MainThread pid=54 prio=120 target_cpu=001',
      wake('sched_wakeup', 'node-72', 0, '1.000300', 0),
      sw('node-72', 0, '1.000400', 'node', 'WorkerThread', 60),
      press('2.000000'),
      wake('sched_waking', 'node-72', 0, '2.500000', 0),
    ].join('\n');
    const wakes = keyWakes(parseTrace(text), { withinMs: 20 });
    expect(wakes).toHaveLength(1);
    expect(wakes[0]!.pressToWakingMs).toBeCloseTo(0.2, 6);
    expect(wakes[0]!.waitMs).toBeCloseTo(0.1, 6);
  });

  it('slow-press-without-what-held-its-cpu: a press is told by its number, with what every CPU ran around it', () => {
    const text = [
      sw('x-1', 1, '9.990000', 'node', 'MainThread', 54),
      press('10.000000'),
      sw('x-1', 1, '10.000500', 'MainThread', 'V8Worker', 57),
      press('10.500000'),
      wake('sched_waking', 'node-72', 0, '10.500040', 1),
      wake('sched_wakeup', 'node-72', 0, '10.500050', 0),
      sw('MainThread-54', 0, '10.503400', 'MainThread', 'WorkerThread', 60),
      sw('x-1', 1, '10.520000', 'node', 'MainThread', 54),
    ].join('\n');
    const events = parseTrace(text);
    expect(keyWakes(events).map((w) => w.press)).toEqual([2]);
    expect(pressTimeline(events, 2, { beforeMs: 1, afterMs: 5 })).toEqual([
      '   0.000 cpu0 press',
      '   0.040 cpu0 waking WorkerThread/60 on cpu1 (by 72)',
      '   0.050 cpu0 wakeup WorkerThread/60 on cpu0 (by 72)',
      '   3.400 cpu0 MainThread/1 [R] -> WorkerThread/60',
    ]);
    expect(pressTimeline(events, 1, { beforeMs: 0.1, afterMs: 1 })).toEqual(['   0.000 cpu0 press', '   0.500 cpu1 MainThread/1 [R] -> V8Worker/57']);
    expect(pressTimeline(events, 3)).toEqual([]);
  });
});
