// Epoch milliseconds with sub-millisecond steps, comparable across threads and processes: each thread's
// performance.timeOrigin is an epoch time of its own start, so origin + now() on two threads reads one clock
// (Date.now() would round to the millisecond a key's path is measured in).

export const epochNow = (): number => performance.timeOrigin + performance.now();
