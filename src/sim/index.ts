// The local exchange: `startSim` runs it in-process (tests, `perpl sim`, the terminal's local network).
export { startSim, type RunningSim, type SimOptions, type SimWallet } from './server/start-sim.js';
export { MARKET_PROFILES, isMarketProfile } from './markets.js';
export { FAULT_PROFILE_NAMES, SERVER_CLOSE_CODES, SERVER_CLOSES, type FaultEvent } from './faults/index.js';
