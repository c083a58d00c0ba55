// `perpl completion bash|zsh|fish`: prints the shell's completion script (subcommands and flags) on stdout.

import { InputError } from '../../protocol/errors.js';
import { parseSubcommandArgs } from '../subcommand-args.js';
import { COMPLETION_OPTIONS, COMPLETION_SHELLS, type CompletionShell } from '../subcommand-table.js';
import { bashCompletion } from '../completion/bash.js';
import { fishCompletion } from '../completion/fish.js';
import { zshCompletion } from '../completion/zsh.js';

const USAGE = `usage: perpl completion bash|zsh|fish

Prints a script that completes perpl's commands and flags (and the values of flags that have fixed ones).
  bash   source <(perpl completion bash)      or save it as ~/.local/share/bash-completion/completions/perpl
  zsh    source <(perpl completion zsh)       or save it as _perpl in a directory of $fpath
  fish   perpl completion fish | source       or save it as ~/.config/fish/completions/perpl.fish`;

const SCRIPTS: Record<CompletionShell, () => string> = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };

const isShell = (name: string): name is CompletionShell => (COMPLETION_SHELLS as readonly string[]).includes(name);

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseSubcommandArgs(argv, COMPLETION_OPTIONS, 'completion');
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [shell] = positionals;
  if (positionals.length !== 1 || shell === undefined || !isShell(shell)) {
    throw new InputError(shell === undefined ? 'name the shell' : `no completion for "${shell}"`, { hint: `perpl completion ${COMPLETION_SHELLS.join('|')}` });
  }
  process.stdout.write(SCRIPTS[shell]());
  return 0;
}
