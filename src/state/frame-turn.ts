// One paint per turn of the event loop. Node runs every timer that is due in one go before it reads
// input (timers phase, then poll): with the market and trading publishers due together, a key that
// arrived during the first paint would wait behind the second. The second paint is moved to the check
// phase instead (setImmediate), which comes after the poll phase that reads the key.

export class FrameTurn {
  private painted = false;
  private readonly followers = new Set<() => void>();

  /**
   * `tick` runs right after every paint of the turn (the market-data publisher's), in the same task: the store
   * write it makes joins that paint (one React commit, one draw) instead of making a paint of its own a few
   * ms later. A follower run as the paint itself (its own timer's turn) is not run again after it.
   * Returns how to stop following.
   */
  follow(tick: () => void): () => void {
    this.followers.add(tick);
    return () => this.followers.delete(tick);
  }

  /** Runs `paint` now, or, when something already painted in this turn, right after waiting input is read. */
  run(paint: () => void): void {
    if (this.painted) {
      setImmediate(() => this.run(paint));
      return;
    }
    this.painted = true;
    // Queued before any deferred paint of this turn, so it clears the turn first.
    setImmediate(() => {
      this.painted = false;
    });
    paint();
    for (const tick of this.followers) if (tick !== paint) tick();
  }
}
