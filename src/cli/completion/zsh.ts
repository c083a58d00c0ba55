// `perpl completion zsh`: a compsys function (_arguments per command) built from the command table.

import { SUBCOMMAND_TABLE, FLAG_VALUES, valueFlagsOf, type SubcommandSpec } from '../subcommand-table.js';
import type { Options } from '../keys/flags.js';

/** Inside a zsh single-quoted word. */
const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;
/** Inside an _arguments description or action: its specials escaped. */
const spec = (text: string): string => text.replace(/([\\:[\]])/g, '\\$1');

function flagSpecs(options: Options): string[] {
  return Object.entries(options).flatMap(([name, o]) => {
    const forms = [`--${name}`, ...(o.short !== undefined ? [`-${o.short}`] : [])];
    const values = FLAG_VALUES[name];
    const action =
      o.type !== 'string' ? '' : values === 'file' ? ':file:_files' : values === 'dir' ? ':directory:_files -/' : values !== undefined ? `:${name}:(${values.join(' ')})` : `:${name}: `;
    const repeat = o.multiple === true ? '*' : '';
    return forms.map((f) => quoted(`${repeat}${f}${o.type === 'string' && f.startsWith('--') ? '=' : ''}${action}`));
  });
}

function firstArgumentSpec(c: SubcommandSpec): string[] {
  const first = c.firstArgument;
  if (first === undefined) return [];
  if (first === 'file') return [quoted('1:file:_files')];
  return [quoted(`1:argument:(${first.words.join(' ')})`), quoted('*:: :')];
}

export function zshCompletion(): string {
  const tui = SUBCOMMAND_TABLE.find((c) => c.name === 'tui')!;
  const valueFlags = [...new Set(SUBCOMMAND_TABLE.flatMap((c) => valueFlagsOf(c.options)))];
  const describe = SUBCOMMAND_TABLE.map((c) => quoted(`${spec(c.name)}:${spec(c.summary)}`)).join(' ');
  const cases = SUBCOMMAND_TABLE.map((c) => `    (${c.name}) _arguments -S ${[...flagSpecs(c.options), ...firstArgumentSpec(c)].join(' ')} ;;`);
  return `#compdef perpl
# perpl completion for zsh. Load it with:  source <(perpl completion zsh)
# or save it as _perpl in a directory of $fpath (before compinit runs)

_perpl() {
  local -a perpl_commands
  perpl_commands=(${describe})
  local i cmd=
  # The command: the first word that is one, the values of flags skipped.
  for ((i = 2; i < CURRENT; i++)); do
    case \${words[i]} in
      (${SUBCOMMAND_TABLE.map((c) => c.name).join('|')}) cmd=\${words[i]}; break ;;
      (${valueFlags.join('|')}) (( i++ )) ;;
    esac
  done
  if [[ -z $cmd ]]; then
    # \`perpl\` alone runs the terminal: its flags, the version, or a command.
    _arguments -S ${flagSpecs(tui.options).join(' ')} '(- *)--version' '(- *)-V' '1: :{_describe command perpl_commands}'
    return
  fi
  words=("\${(@)words[i,-1]}")
  (( CURRENT -= i - 1 ))
  case $cmd in
${cases.join('\n')}
  esac
}

if [[ $funcstack[1] == _perpl ]]; then
  _perpl "$@"
else
  compdef _perpl perpl
fi
`;
}
