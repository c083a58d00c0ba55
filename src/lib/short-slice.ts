// A thread's time slice, asked of Linux (the caller's own, or another thread's of this process). Linux's EEVDF
// scheduler (6.12 on) takes a slice length from sched_setattr's sched_runtime for an ordinary (SCHED_OTHER)
// thread, without privilege: it raises no priority. A thread woken with a shorter slice than the running one's
// preempts it at once; with the default slice (1.4 ms on a 2-core VM) it waits until the running thread's slice
// is spent, noticed at the next tick (4 ms at 250 Hz). The key thread asks for half the default
// (app/key-thread.ts: a slice also bounds how long it runs before others woken meanwhile may take the CPU): it
// runs for a key or a frame of the trading socket and sleeps again, so its share of the CPU is what it was, and
// a `y` stops waiting out a paint's slice (a scheduler trace of key_to_wire: 3 of its 5 slowest presses waited
// 1.7-6.7 ms on a run queue with every CPU busy). It asks a longer one (4 ms) for Node's platform threads, V8's
// GC helpers above all, so a woken key is picked before them. Elsewhere (another OS, an older kernel, a policy
// the user set, no FFI binary) nothing changes.

import { createRequire } from 'node:module';

/** The shortest slice the kernel accepts (it clamps sched_runtime to 0.1-100 ms). */
export const SHORTEST_SLICE_NS = 100_000;

const SCHED_OTHER = 0;
/** struct sched_attr as first defined (SCHED_ATTR_SIZE_VER0): size, policy, flags, nice, priority, runtime, deadline, period. */
const ATTR_SIZE = 48;
const SYSCALLS: Partial<Record<string, { setattr: number; getattr: number }>> = {
  x64: { setattr: 314, getattr: 315 },
  arm64: { setattr: 274, getattr: 275 },
};

/** struct sched_attr for SCHED_OTHER at `nice` with `sliceNs` as its slice. */
export function schedAttr(sliceNs: number, nice: number): Buffer {
  const attr = Buffer.alloc(ATTR_SIZE);
  attr.writeUInt32LE(ATTR_SIZE, 0);
  attr.writeUInt32LE(SCHED_OTHER, 4);
  attr.writeInt32LE(nice, 16);
  attr.writeBigUInt64LE(BigInt(sliceNs), 24);
  return attr;
}

export type ShortSlice = { sliceNs: number } | { kept: string };

type Syscall = (nr: number, ...typedArgs: unknown[]) => number;

/** Loaded once per thread (the key thread asks for its own slice, then the platform threads'). */
let loaded: Syscall | null = null;

function loadSyscall(): Syscall {
  if (loaded) return loaded;
  // Loaded here, on the thread that asks: the screen thread never maps the FFI's binary.
  const koffi = createRequire(import.meta.url)('koffi') as { load(path: string): { func(signature: string): Syscall } };
  loaded = koffi.load('libc.so.6').func('long syscall(long nr, ...)');
  return loaded;
}

/**
 * Asks the kernel to run a thread of this process in slices of `sliceNs` (`tid`; default the calling thread);
 * says why not when it kept its own.
 */
export function askSlice(sliceNs: number, o: { tid?: number; platform?: string; arch?: string; load?: () => Syscall } = {}): ShortSlice {
  const tid = o.tid ?? 0;
  const platform = o.platform ?? process.platform;
  if (platform !== 'linux') return { kept: `not on Linux (${platform})` };
  const arch = o.arch ?? process.arch;
  const nr = SYSCALLS[arch];
  if (!nr) return { kept: `no sched_setattr number for ${arch}` };
  let syscall: Syscall;
  try {
    syscall = (o.load ?? loadSyscall)();
  } catch (e) {
    return { kept: `no FFI: ${e instanceof Error ? e.message : String(e)}` };
  }
  const current = Buffer.alloc(ATTR_SIZE);
  const read = (): boolean => syscall(nr.getattr, 'int', tid, 'void *', current, 'unsigned int', ATTR_SIZE, 'unsigned int', 0) === 0;
  if (!read()) return { kept: 'sched_getattr failed' };
  const policy = current.readUInt32LE(4);
  if (policy !== SCHED_OTHER) return { kept: `the thread runs under policy ${policy}, left as set` };
  // The thread's own nice (a `nice perpl` stays nice): sched_setattr sets it too.
  if (syscall(nr.setattr, 'int', tid, 'void *', schedAttr(sliceNs, current.readInt32LE(16)), 'unsigned int', 0) !== 0) return { kept: 'sched_setattr refused' };
  // A kernel before 6.12 takes the call and keeps its slice: read it back.
  if (!read() || current.readBigUInt64LE(24) !== BigInt(sliceNs)) return { kept: 'this kernel keeps its own slice' };
  return { sliceNs };
}
