// The one place the key thread (issue 35, app/key-thread.ts) is switched: PERPL_KEY_THREAD=1 on, anything
// else off. Off by default until its measurements (bench) say it meets the key-to-wire goal with no regression.

export function keyThreadWanted(env: NodeJS.ProcessEnv): boolean {
  return env.PERPL_KEY_THREAD === '1';
}
