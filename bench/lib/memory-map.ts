// Where a process's resident memory is, by mapping (/proc/self/smaps, Linux only), beside V8's own
// accounts. Node's `external` counts what V8 was told lives outside its heap (Yoga's 16 MB wasm linear
// memory among it), not what is resident: Yoga's memory is reserved and barely touched. So the figures
// here are resident bytes by where they live:
//   node_binary_mb  pages of the node executable (its code and read-only data, shared with any node);
//   libraries_mb    other file mappings (libc, libstdc++, ...);
//   v8_heap_mb      the V8 heap's committed pages (v8.getHeapStatistics total_physical_size);
//   malloc_mb       glibc's main arena ([heap]) and thread arenas (64 MB-aligned anonymous mappings):
//                   V8's compiler zones, Node's buffers, sockets' user-space state;
//   other_anon_mb   the rest of the anonymous memory (wasm memory, JIT code pages, thread stacks).

import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

interface Mapping {
  start: bigint;
  size: bigint;
  name: string;
  rssKb: number;
}

/** glibc's thread arenas are HEAP_MAX_SIZE-aligned (64 MB on 64-bit), high in the mmap area (V8's pages sit lower, at random hints). */
const ARENA_ALIGN = 64n * 1024n * 1024n;
const MMAP_AREA = 0x7f0000000000n;

function parseSmaps(text: string): Mapping[] {
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt(`0x${head[1]}`);
      maps.push({ start, size: BigInt(`0x${head[2]}`) - start, name: head[3] ?? '', rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  return maps;
}

export type MemoryMap = Record<'node_binary_mb' | 'libraries_mb' | 'v8_heap_mb' | 'malloc_mb' | 'other_anon_mb', number>;

/** This process's resident memory by where it lives (MB), or null where /proc is not there. */
export function residentByMapping(): MemoryMap | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const kb = { binary: 0, libraries: 0, malloc: 0, anon: 0 };
  for (const m of parseSmaps(text)) {
    if (m.name === process.execPath || m.name.endsWith('/node')) kb.binary += m.rssKb;
    else if (m.name.startsWith('/')) kb.libraries += m.rssKb;
    else if (m.name === '[heap]' || (m.name === '' && m.start >= MMAP_AREA && m.start % ARENA_ALIGN === 0n && m.size <= ARENA_ALIGN)) kb.malloc += m.rssKb;
    else kb.anon += m.rssKb;
  }
  const mb = (k: number): number => Math.round((k / 1024) * 10) / 10;
  const heapMb = getHeapStatistics().total_physical_size / (1024 * 1024);
  return {
    node_binary_mb: mb(kb.binary),
    libraries_mb: mb(kb.libraries),
    v8_heap_mb: Math.round(heapMb * 10) / 10,
    malloc_mb: mb(kb.malloc),
    other_anon_mb: Math.round((kb.anon / 1024 - heapMb) * 10) / 10,
  };
}
