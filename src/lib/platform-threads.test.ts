import { afterEach, describe, expect, it } from 'vitest';
import { notePlatformThreads, platformThreads } from './platform-threads.js';

afterEach(() => notePlatformThreads(() => []));

describe("Node's platform threads, noted at start", () => {
  it("main-thread-given-a-platform-slice: every thread listed but the process's main one is noted, as a number", () => {
    notePlatformThreads(() => [String(process.pid), '101', '102', 'x']);
    expect(platformThreads()).toEqual([101, 102]);
  });

  it('unreadable-task-list-notes-none: a list that throws leaves none noted, and says nothing', () => {
    notePlatformThreads(() => ['7']);
    notePlatformThreads(() => {
      throw new Error('no /proc');
    });
    expect(platformThreads()).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')("this-process's-threads-read-from-proc: on Linux, noted from /proc/self/task (the test's own thread count less its main)", async () => {
    const { readdirSync } = await import('node:fs');
    notePlatformThreads(() => readdirSync('/proc/self/task'));
    const tasks = readdirSync('/proc/self/task').map(Number);
    expect(platformThreads().length).toBeGreaterThan(0);
    for (const tid of platformThreads()) expect(tasks).toContain(tid);
    expect(platformThreads()).not.toContain(process.pid);
  });
});
