// The one place the key thread (issue 35, app/key-thread.ts) is switched: on unless PERPL_KEY_THREAD=0.
// On by default since its key-to-wire goal is met and the account switch and a crash of the worker are
// covered (the screen keeps the keys); the switch stays for a machine where one more thread costs too much.

export function keyThreadWanted(env: NodeJS.ProcessEnv): boolean {
  return env.PERPL_KEY_THREAD !== '0';
}
