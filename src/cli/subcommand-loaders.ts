// Each subcommand's module, loaded only when that command runs (start-up stays fast); the names are
// subcommand-table.ts's (subcommand-loaders.test.ts holds the two to each other).

export type SubcommandModule = { run(argv: string[]): Promise<number> };

export const SUBCOMMAND_LOADERS: Readonly<Record<string, () => Promise<SubcommandModule>>> = {
  tui: () => import('./subcommands/tui.js'),
  sim: () => import('./subcommands/sim.js'),
  api: () => import('./subcommands/api.js'),
  keys: () => import('./subcommands/keys.js'),
  doctor: () => import('./subcommands/doctor.js'),
  replay: () => import('./subcommands/replay.js'),
  algos: () => import('./subcommands/algos.js'),
  export: () => import('./subcommands/export.js'),
  completion: () => import('./subcommands/completion.js'),
};
