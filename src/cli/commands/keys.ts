// Placeholder until the `keys` command is built; exits non-zero so nothing mistakes it for working.
export async function run(_argv: string[]): Promise<number> {
  console.error('perpl keys: not built yet');
  return 2;
}
