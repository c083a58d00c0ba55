// Placeholder until the `sim` command is built; exits non-zero so nothing mistakes it for working.
export async function run(_argv: string[]): Promise<number> {
  console.error('perpl sim: not built yet');
  return 2;
}
