export * from './enums.js';
export * from './errors.js';
export * from './frames.js';
export * from './scaling.js';
export * from './canonical.js';
