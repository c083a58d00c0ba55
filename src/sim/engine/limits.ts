// The largest size and price the engine takes, from a request or a state file alike. Far above any
// listed market (BTC at $1.68M is 16.8M ticks; 2^40 lots of PUMP is $4.7B), and small enough that
// what the engine adds up or scales (open interest, a book level, a price moved by bps) stays a safe
// integer. Past them an order fails sr 42 (size) or sr 40 (price), as on-chain.

/** Largest order or position size, in lots. */
export const MAX_SIZE = 2 ** 40 - 1;
/** Largest price (limit, trigger or oracle), in ticks. */
export const MAX_PRICE = 2 ** 32 - 1;

/** True for a size the engine keeps: 1..MAX_SIZE lots. */
export function sizeInRange(size: number): boolean {
  return Number.isSafeInteger(size) && size >= 1 && size <= MAX_SIZE;
}

/** True for a price the engine keeps: 0 (a market order's) ..MAX_PRICE ticks. */
export function priceInRange(price: number): boolean {
  return Number.isSafeInteger(price) && price >= 0 && price <= MAX_PRICE;
}
