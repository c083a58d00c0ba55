// The one place the key thread (issue 35, app/key-thread.ts) is switched: on unless PERPL_KEY_THREAD=0,
// and only for a run that can trade from its start.
// On by default since its key-to-wire goal is met and the account switch and a crash of the worker are
// covered (the screen keeps the keys); the switch stays for a machine where one more thread costs too much.

export function keyThreadWanted(env: NodeJS.ProcessEnv): boolean {
  return env.PERPL_KEY_THREAD !== '0';
}

/** What a run knows at its start about trading, before the screen takes the keyboard. */
export interface TradingAtStart {
  /** The in-process local exchange starts: its demo key trades. */
  localExchange: boolean;
  /** A key file was given or found for this network. */
  keyFound: boolean;
  /** Accounts named in the config (one may be switched to later). */
  accounts: number;
}

/**
 * The key thread exists for orders (the key to the wire never waits for a paint). A run with nothing to
 * trade with keeps its keys on the screen thread and saves the thread's isolate (about 10 MB resident on
 * Node 20, 15-25 on Node 24). A key enrolled later in such a run trades on the screen thread, as with
 * PERPL_KEY_THREAD=0. (The CLI asks keyThreadWanted; the screen's start asks this.)
 */
export function tradesFromStart(trading: TradingAtStart): boolean {
  return trading.localExchange || trading.keyFound || trading.accounts > 0;
}
