export { FaultInjector, type FaultEvent, type SocketFault } from './injector.js';
export { FAULT_PROFILES, FAULT_PROFILE_NAMES, SERVER_CLOSES, SERVER_CLOSE_CODES, type FaultSpec } from './profiles.js';
