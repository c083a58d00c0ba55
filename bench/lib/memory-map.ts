// Where a process's resident memory is, by mapping (/proc/self/smaps, Linux only), beside V8's own
// accounts. Node's `external` counts what V8 was told lives outside its heap (Yoga's 16 MB wasm linear
// memory among it), not what is resident: Yoga's memory is reserved and barely touched. So the figures
// here are resident bytes by where they live:
//   node_binary_mb  pages of the node executable (its code and read-only data, shared with any node;
//                   a bare `node` has ~30 MB of them, the rest is the code the app's work runs through);
//   libraries_mb    other file mappings (libc, libstdc++, ...);
//   v8_heap_mb      the V8 heap's committed pages (v8.getHeapStatistics total_physical_size);
//   malloc_mb       glibc's main arena ([heap]) and thread arenas (64 MB-aligned anonymous mappings):
//                   V8's compiler zones, Node's buffers, sockets' user-space state;
//     malloc_threads_mb, thread_arenas  the thread arenas' part and their count: one per thread that
//                   mallocs, V8's platform workers (concurrent compiles and GC), each keeping its peak;
//   other_anon_mb   the rest of the anonymous memory, of which:
//     wasm_mb       wasm linear memories (a read-write start before a guard reservation of gigabytes);
//     thread_stacks_mb  the stacks of the other threads (the one a thread's stack pointer is in).

import { readdirSync, readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rssKb: number;
}

/** glibc's thread arenas are HEAP_MAX_SIZE-aligned (64 MB on 64-bit), high in the mmap area (V8's pages sit lower, at random hints). */
const ARENA_ALIGN = 64n * 1024n * 1024n;
const MMAP_AREA = 0x7f0000000000n;
/** V8 reserves a wasm memory's whole 32-bit range and more (guard regions): gigabytes of no-access pages. */
const WASM_GUARD = 1024n * 1024n * 1024n;

function parseSmaps(text: string): Mapping[] {
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3] ?? '', name: head[4] ?? '', rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  return maps;
}

export type MemoryMap = Record<
  | 'node_binary_mb'
  | 'libraries_mb'
  | 'v8_heap_mb'
  | 'malloc_mb'
  | 'malloc_threads_mb'
  | 'thread_arenas'
  | 'other_anon_mb'
  | 'wasm_mb'
  | 'thread_stacks_mb',
  number
>;

export interface MappingFacts {
  /** The node executable's path (process.execPath). */
  execPath: string;
  /** The V8 heap's committed bytes. */
  v8HeapBytes: number;
  /** Stack pointers of the process's other threads (/proc/self/task/N/syscall). */
  stackPointers: readonly bigint[];
}

const isWasmMemory = (m: Mapping, next: Mapping | undefined): boolean =>
  m.name === '' && m.perms.startsWith('rw') && next?.start === m.end && next.perms.startsWith('---') && next.end - next.start >= WASM_GUARD;

const mb = (kb: number): number => Math.round((kb / 1024) * 10) / 10;

/** Resident memory (MB) by where it lives, from the text of /proc/PID/smaps. */
export function classifyMappings(smaps: string, facts: MappingFacts): MemoryMap {
  const kb = { binary: 0, libraries: 0, malloc: 0, mallocThreads: 0, arenas: 0, anon: 0, wasm: 0, stacks: 0 };
  const maps = parseSmaps(smaps);
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    if (m.name === facts.execPath || m.name.endsWith('/node')) kb.binary += m.rssKb;
    else if (m.name.startsWith('/')) kb.libraries += m.rssKb;
    else if (m.name === '[heap]') kb.malloc += m.rssKb;
    // Before the arenas: a wasm memory's start may be 64 MB-aligned too (its guard reservation tells it apart).
    else if (isWasmMemory(m, next)) {
      kb.anon += m.rssKb;
      kb.wasm += m.rssKb;
    }    else if (m.name === '' && m.start >= MMAP_AREA && m.start % ARENA_ALIGN === 0n && m.end - m.start <= ARENA_ALIGN) {
      kb.malloc += m.rssKb;
      kb.mallocThreads += m.rssKb;
      kb.arenas += 1;
    } else {
      kb.anon += m.rssKb;
      if (facts.stackPointers.some((sp) => sp >= m.start && sp < m.end)) kb.stacks += m.rssKb;
    }
  });
  const heapMb = facts.v8HeapBytes / (1024 * 1024);
  return {
    node_binary_mb: mb(kb.binary),
    libraries_mb: mb(kb.libraries),
    v8_heap_mb: Math.round(heapMb * 10) / 10,
    malloc_mb: mb(kb.malloc),
    malloc_threads_mb: mb(kb.mallocThreads),
    thread_arenas: kb.arenas,
    other_anon_mb: Math.round((kb.anon / 1024 - heapMb) * 10) / 10,
    wasm_mb: mb(kb.wasm),
    thread_stacks_mb: mb(kb.stacks),
  };
}

/** The stack pointers of this process's threads but the caller's (whose own file says "running"). */
function threadStackPointers(): bigint[] {
  const sps: bigint[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${task}/syscall`, 'utf8').trim().split(' ');
      if (fields.length >= 3) sps.push(BigInt(fields.at(-2) ?? '0'));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return sps;
}

/** This process's resident memory by where it lives (MB), or null where /proc is not there. */
export function residentByMapping(): MemoryMap | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  return classifyMappings(text, { execPath: process.execPath, v8HeapBytes: getHeapStatistics().total_physical_size, stackPointers: threadStackPointers() });
}
