// The local exchange: `startSim` runs it in-process (tests, `perpl sim`, the terminal's local network).
export {
  startSim,
  SIM_CHAIN_ID,
  type RunningSim,
  type SimControl,
  type SimOptions,
  type SimWallet,
  type DemoOperator,
} from './server/start-sim.js';
export type { SimLimits } from './server/limits.js';
export { DEFAULT_MARKET_PROFILE, MARKET_PROFILES, isMarketProfile, type MarketProfile } from './markets.js';
export { DEFAULT_LIMITS } from './server/limits.js';
export {
  FAULT_PROFILE_NAMES,
  SERVER_CLOSE_CODES,
  SERVER_CLOSES,
  type FaultEvent,
  type FaultKind,
  type FaultSpec,
  type ServerCloseCode,
} from './faults/index.js';
