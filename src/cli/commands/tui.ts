// Placeholder until the terminal UI is wired; exits cleanly so `npm start` works from day one.
export async function run(_argv: string[]): Promise<number> {
  console.log('perpl-terminal: the UI is coming.');
  return 0;
}
