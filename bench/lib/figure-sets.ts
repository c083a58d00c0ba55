// Which of a probe's figures each scenario keeps in the results file, and the picking and naming of them.

import type { Figures } from './probe-types.js';

export const pick = (f: Figures, names: readonly string[]): Figures => Object.fromEntries(names.flatMap((n) => (f[n] === undefined ? [] : [[n, f[n]]])));
export const suffixed = (f: Figures, suffix: string): Figures => Object.fromEntries(Object.entries(f).map(([k, v]) => [`${k}${suffix}`, v]));
export const BUSY_FIGURES = [
  'fps',
  'paint_p50_ms',
  'paint_p99_ms',
  'tick_to_screen_p50_ms',
  'tick_to_screen_p99_ms',
  'cpu_pct',
  'bytes_per_s',
  'event_loop_p99_ms',
  'msgs_per_s',
  'book_updates_per_s',
  'trades_per_s',
  'feed_lag_p99_ms',
  'backlog_growing',
] as const;
export const SMALL_FIGURES = ['fps', 'paint_p99_ms', 'tick_to_screen_p99_ms', 'cpu_pct', 'bytes_per_s', 'feed_lag_p99_ms', 'backlog_growing'] as const;
export const ALGOS_FIGURES = [...SMALL_FIGURES, 'paint_p50_ms', 'tick_to_screen_p50_ms', 'twap_running', 'twap_children'] as const;
/** Beside a CPU row read from the median of a few runs: the lowest and highest run (lib/median-run.ts); a single run has neither, and pick leaves them out. */
export const CPU_SPREAD = ['cpu_pct_min', 'cpu_pct_max'] as const;
export const KEY_FIGURES = ['key_to_wire_p50_ms', 'key_to_wire_p99_ms', 'key_to_wire_max_ms', 'key_handled_to_wire_p50_ms', 'key_handled_to_wire_p99_ms', 'key_to_read_p50_ms', 'key_to_read_p99_ms', 'key_press_write_p99_ms', 'orders_sent', 'orders_refused', 'cpu_pct', 'tick_to_screen_p99_ms'] as const;
/** The soak's figures: growth, then where the resident memory is (bench/lib/memory-map.ts names the parts). */
export const SOAK_FIGURES = [
  'rss_growth_mb', 'rss_max_growth_mb', 'heap_growth_mb', 'rss_mb', 'rss_mean_mb', 'heap_used_mb', 'heap_total_mb', 'new_space_committed_mb', 'new_space_used_mb',
  'old_space_used_mb', 'code_space_used_mb', 'external_mb', 'array_buffers_mb', 'node_binary_mb', 'libraries_mb', 'v8_heap_mb', 'malloc_mb', 'malloc_threads_mb', 'thread_arenas', 'other_anon_mb', 'wasm_mb', 'thread_stacks_mb', 'cpu_pct', 'backlog_growing',
] as const;
