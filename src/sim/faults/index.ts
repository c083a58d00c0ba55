export { FaultInjector, type FaultEvent, type FaultKind, type FrameFault, type SocketFault } from './injector.js';
export { FAULT_PROFILES, FAULT_PROFILE_NAMES, faultProfile, type FaultSpec } from './profiles.js';
