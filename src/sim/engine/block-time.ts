// A block's timestamp: live stamps every block in whole seconds (wire.md 15: every `at.t` / `c.t` / `ots.t`
// captured is a multiple of 1000; milliseconds are only the unit), so several blocks share one second.

export function blockTimeMs(wallMs: number): number {
  return wallMs - (wallMs % 1000);
}
