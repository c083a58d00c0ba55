// `perpl completion bash`: a completion function for bash's `complete` built from the command table:
// subcommands, each command's flags, the values of flags that have fixed ones (or a file, a directory),
// and a command's first argument (keys' subcommands, replay's recording, the shell of `completion`).

import { SUBCOMMAND_TABLE, FLAG_VALUES, TOP_LEVEL_FLAGS, flagsOf, valueFlagsOf, type SubcommandSpec } from '../subcommand-table.js';

const tui = SUBCOMMAND_TABLE.find((c) => c.name === 'tui')!;

/** Every flag that takes a value, in any command: the word after it is that value. */
function allValueFlags(): string[] {
  return [...new Set(SUBCOMMAND_TABLE.flatMap((c) => valueFlagsOf(c.options)))];
}

function valueCases(): string[] {
  const byAction = new Map<string, string[]>();
  for (const flag of allValueFlags()) {
    const values = FLAG_VALUES[flag.slice(2)];
    // A value the shell cannot know (a port, a URL, a label): offer nothing rather than flags or commands.
    const action =
      values === undefined ? 'return' : values === 'file' ? '_perpl_reply_files -f; return' : values === 'dir' ? '_perpl_reply_files -d; return' : `_perpl_reply_words '${values.join(' ')}'; return`;
    byAction.set(action, [...(byAction.get(action) ?? []), flag]);
  }
  return [...byAction].map(([action, flags]) => `    ${flags.join('|')}) ${action} ;;`);
}

function commandCase(pattern: string, flags: readonly string[], c: SubcommandSpec | undefined, words: readonly string[]): string {
  const first = c?.firstArgument;
  const firstWords = first === undefined || first === 'file' ? words : [...words, ...first.words];
  return `    ${pattern}) flags='${flags.join(' ')}'; words='${firstWords.join(' ')}'; files=${first === 'file' ? 1 : 0} ;;`;
}

export function bashCompletion(): string {
  const commands = SUBCOMMAND_TABLE.map((c) => c.name);
  const cases = [
    // No command yet: `perpl` alone runs the terminal, so its flags, the commands and the top-level flags.
    commandCase("''", [...flagsOf(tui.options), ...TOP_LEVEL_FLAGS.filter((f) => f !== '-h' && f !== '--help')], undefined, commands),
    ...SUBCOMMAND_TABLE.map((c) => commandCase(c.name, flagsOf(c.options), c, [])),
  ];
  return `# perpl completion for bash. Load it with:  source <(perpl completion bash)
# or save it as ~/.local/share/bash-completion/completions/perpl

_perpl_reply_words() {
  mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
}

_perpl_reply_files() {
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen "$1" -- "$cur")
}

_perpl() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=
  (( COMP_CWORD > 0 )) && prev=\${COMP_WORDS[COMP_CWORD-1]}
  COMPREPLY=()
  # --flag=value: bash splits the word at '=', so the flag is the word before the '='.
  if [[ $cur == = ]]; then
    cur=
  elif [[ $prev == = ]]; then
    prev=\${COMP_WORDS[COMP_CWORD-2]}
  fi

  # The command: the first word that is one, the values of flags skipped.
  local i cmd= at=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    case \${COMP_WORDS[i]} in
      ${commands.join('|')}) cmd=\${COMP_WORDS[i]}; at=$i; break ;;
      ${allValueFlags().join('|')}) [[ \${COMP_WORDS[i+1]} == = ]] && ((i++)); ((i++)) ;;
    esac
  done

  case $prev in
${valueCases().join('\n')}
  esac

  local flags words files
  case $cmd in
${cases.join('\n')}
  esac
  if [[ $cur == -* ]]; then
    _perpl_reply_words "$flags"
    return
  fi
  # Only the first argument after the command has words to offer.
  local n=0
  for ((i = at + 1; i < COMP_CWORD; i++)); do
    case \${COMP_WORDS[i]} in
      ${allValueFlags().join('|')}) [[ \${COMP_WORDS[i+1]} == = ]] && ((i++)); ((i++)) ;;
      -*|=) ;;
      *) ((n++)) ;;
    esac
  done
  (( n > 0 )) && return
  if (( files )); then
    _perpl_reply_files -f
  else
    _perpl_reply_words "$words"
  fi
}

complete -F _perpl perpl
`;
}
