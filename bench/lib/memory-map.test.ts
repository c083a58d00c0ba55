import { describe, expect, it } from 'vitest';
import { classifyMappings } from './memory-map.js';

const map = (range: string, perms: string, name: string, rssKb: number): string =>
  `${range} ${perms} 00000000 00:00 0 ${name}\nSize: 4 kB\nRss: ${rssKb} kB\nPss: ${rssKb} kB\n`;

const MB = 1024;
const smaps = [
  map('00400000-00b6f000', 'r--p', '/usr/bin/node', 6 * MB),
  map('32539000-32efb000', 'rw-p', '[heap]', 9 * MB),
  map('2f31c9280000-2f31c9781000', 'rw-p', '', 5 * MB),
  // Yoga's linear memory and its guard reservation.
  map('7f3c08000000-7f3c09000000', 'rw-p', '', 60),
  map('7f3c09000000-7f3e08000000', '---p', '', 0),
  // Two thread arenas (64 MB-aligned), each with its reserved tail.
  map('7f3e10000000-7f3e10372000', 'rw-p', '', 3 * MB),
  map('7f3e10372000-7f3e14000000', '---p', '', 0),
  map('7f3e14000000-7f3e15dbd000', 'rw-p', '', 4 * MB),
  // A thread's stack behind its guard page.
  map('7f3e1c7bc000-7f3e1c7bd000', '---p', '', 0),
  map('7f3e1c7bd000-7f3e1cfbd000', 'rw-p', '', 28),
  map('7f3e45617000-7f3e4561a000', 'rw-p', '/usr/lib/x86_64-linux-gnu/libc.so.6', 12),
].join('');

describe('resident memory by mapping', () => {
  it('thread-arenas-and-unnamed-parts-named: arenas apart from the main heap, wasm memory and thread stacks out of the anonymous rest', () => {
    const m = classifyMappings(smaps, { execPath: '/usr/bin/node', v8HeapBytes: 4 * 1024 * 1024, stackPointers: [0x7f3e1cfbc000n] });
    expect(m).toEqual({
      node_binary_mb: 6,
      libraries_mb: 0,
      v8_heap_mb: 4,
      malloc_mb: 16,
      malloc_threads_mb: 7,
      thread_arenas: 2,
      // 5 MB + Yoga's 60 kB + the stack's 28 kB, less the V8 heap's 4 MB.
      other_anon_mb: 1.1,
      wasm_mb: 0.1,
      thread_stacks_mb: 0,
    });
  });
});
