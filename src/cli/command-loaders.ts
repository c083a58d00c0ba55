// Each subcommand's module, loaded only when that command runs (start-up stays fast); the names are
// command-table.ts's (command-loaders.test.ts holds the two to each other).

export type CommandModule = { run(argv: string[]): Promise<number> };

export const COMMAND_LOADERS: Readonly<Record<string, () => Promise<CommandModule>>> = {
  tui: () => import('./commands/tui.js'),
  sim: () => import('./commands/sim.js'),
  api: () => import('./commands/api.js'),
  keys: () => import('./commands/keys.js'),
  doctor: () => import('./commands/doctor.js'),
  replay: () => import('./commands/replay.js'),
  completion: () => import('./commands/completion.js'),
};
