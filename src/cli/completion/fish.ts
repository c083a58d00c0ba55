// `perpl completion fish`: `complete` lines built from the command table.

import { SUBCOMMAND_TABLE, FLAG_VALUES } from '../subcommand-table.js';

/** A fish single-quoted word. */
const quoted = (text: string): string => `'${text.replace(/(['\\])/g, '\\$1')}'`;

export function fishCompletion(): string {
  const names = SUBCOMMAND_TABLE.map((c) => c.name).join(' ');
  const noCommand = `not __fish_seen_subcommand_from ${names}`;
  const lines = [
    '# perpl completion for fish. Load it with:  perpl completion fish | source',
    '# or save it as ~/.config/fish/completions/perpl.fish',
    '',
    'complete -c perpl -f',
    ...SUBCOMMAND_TABLE.map((c) => `complete -c perpl -n ${quoted(noCommand)} -a ${c.name} -d ${quoted(c.summary)}`),
    `complete -c perpl -n ${quoted(noCommand)} -s V -l version -d ${quoted('print the version')}`,
  ];
  for (const c of SUBCOMMAND_TABLE) {
    // `perpl` alone runs the terminal: its flags apply with no command too.
    const when = c.name === 'tui' ? `${noCommand}; or __fish_seen_subcommand_from tui` : `__fish_seen_subcommand_from ${c.name}`;
    for (const [name, o] of Object.entries(c.options)) {
      const values = FLAG_VALUES[name];
      const short = o.short !== undefined ? ` -s ${o.short}` : '';
      const takes = o.type !== 'string' ? '' : values === 'file' ? ' -r -F' : values === 'dir' ? ` -x -a ${quoted('(__fish_complete_directories)')}` : values !== undefined ? ` -x -a ${quoted(values.join(' '))}` : ' -x';
      lines.push(`complete -c perpl -n ${quoted(when)}${short} -l ${name}${takes}`);
    }
    const first = c.firstArgument;
    if (first === 'file') lines.push(`complete -c perpl -n ${quoted(when)} -F`);
    else if (first !== undefined) {
      const words = first.words.join(' ');
      lines.push(`complete -c perpl -n ${quoted(`${when}; and not __fish_seen_subcommand_from ${words}`)} -a ${quoted(words)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
