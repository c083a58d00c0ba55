// Public entry of the local exchange's engine: the server creates it here and codes against SimEngine.

import { Engine } from './engine.js';
import type { SimEngine, SimEngineOptions } from './types.js';

export function createSimEngine(opts: SimEngineOptions): SimEngine {
  return new Engine(opts);
}

export type { SimEngine, SimEngineOptions } from './types.js';
