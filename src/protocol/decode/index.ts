// Runtime decoders for every frame and body. A decoder shares its name with its type in frames.ts.
export * from './kit.js';
export * from './json.js';
export * from './common.js';
export * from './market-records.js';
export * from './market-frames.js';
export * from './trading-records.js';
export * from './trading-frames.js';
export * from './inbound.js';
export * from './outbound.js';
export * from './api-key-bodies.js';
export * from './context.js';
export * from './rest-bodies.js';
