// The REST client: signed requests, read retries, typed endpoints, pagination, HTTP errors.
export * from './errors.js';
export * from './target.js';
export * from './retry.js';
export * from './transport.js';
export * from './candle-ranges.js';
export * from './history.js';
export * from './client.js';
export * from './rate-limits.js';
