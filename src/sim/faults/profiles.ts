// Named fault profiles. Every rate is a probability per opportunity (per socket per block, per frame,
// per request); a FaultSpec can also be passed directly (tests set a rate to 1 to see a fault at once).

export interface FaultSpec {
  /** Profile name, echoed in the fault log. */
  name: string;
  /** Per socket per block: close the socket (half terminate = abnormal 1006, half 1001 going away). */
  drop?: number;
  /** Per heartbeat: skip one sequence number. */
  gap?: number;
  /** Per socket per block: hold every frame for `stallMs`, then deliver them in order. */
  stall?: number;
  stallMs?: number;
  /** Per signed-in trading socket per block: close 3401 as if the key had failed. */
  authClose?: number;
  /**
   * Per socket per block: the server closes it with one of the live close codes (wire.md 8.11):
   * 1008 "too many requests", 1011 "failed to process", 1013 "send buffer overflow".
   */
  serverClose?: number;
  /** The codes `serverClose` picks from (default all three); a test names one to see that code. */
  serverCloseCodes?: readonly ServerCloseCode[];
  /** Per REST request: answer 429, 500 or 503 instead; a hit starts a burst of `httpBurst` requests. */
  http?: number;
  httpBurst?: number;
  /** Per mt 3: not sent. */
  lostAck?: number;
  /** Per mt 24: not sent (the order still executes). */
  lostUpdate?: number;
  /** Per mt 24 / mt 27: sent again `dupeDelayMs` later (duplicate and late). */
  dupe?: number;
  dupeDelayMs?: number;
  /** Per socket per block: send a garbage frame. */
  garbage?: number;
}

/** Close codes a live server sends mid-session, with the reason it gives (wire.md 8.11). */
export const SERVER_CLOSES = {
  1008: 'too many requests',
  1011: 'failed to process',
  1013: 'send buffer overflow',
} as const;
export type ServerCloseCode = keyof typeof SERVER_CLOSES;
export const SERVER_CLOSE_CODES = Object.keys(SERVER_CLOSES).map(Number) as ServerCloseCode[];

const NONE: FaultSpec = { name: 'none' };

export const FAULT_PROFILES: Readonly<Record<string, FaultSpec>> = {
  none: NONE,
  drops: { name: 'drops', drop: 0.01 },
  gaps: { name: 'gaps', gap: 0.02 },
  stalls: { name: 'stalls', stall: 0.005, stallMs: 12_000 },
  auth: { name: 'auth', authClose: 0.005 },
  closes: { name: 'closes', serverClose: 0.005 },
  http: { name: 'http', http: 0.05, httpBurst: 3 },
  'lost-acks': { name: 'lost-acks', lostAck: 0.2 },
  'lost-updates': { name: 'lost-updates', lostUpdate: 0.2 },
  dupes: { name: 'dupes', dupe: 0.3, dupeDelayMs: 700 },
  malformed: { name: 'malformed', garbage: 0.01 },
  chaos: {
    name: 'chaos',
    drop: 0.002,
    gap: 0.004,
    stall: 0.001,
    stallMs: 12_000,
    authClose: 0.001,
    serverClose: 0.001,
    http: 0.02,
    httpBurst: 2,
    lostAck: 0.05,
    lostUpdate: 0.05,
    dupe: 0.05,
    dupeDelayMs: 700,
    garbage: 0.002,
  },
};

export const FAULT_PROFILE_NAMES = Object.keys(FAULT_PROFILES);

/** The spec of a profile name; throws on an unknown name (listing the known ones). */
export function faultProfile(name: string): FaultSpec {
  const spec = FAULT_PROFILES[name];
  if (!spec) throw new Error(`unknown fault profile "${name}" (known: ${FAULT_PROFILE_NAMES.join(', ')})`);
  return spec;
}
