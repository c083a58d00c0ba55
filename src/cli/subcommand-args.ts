// The strict parseArgs call of the subcommands that take positionals (api, replay): a parse error
// becomes an InputError pointing at the command's --help.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../protocol/errors.js';

type SubcommandOptions = NonNullable<ParseArgsConfig['options']>;

export function parseSubcommandArgs<O extends SubcommandOptions>(argv: string[], options: O, command: string) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (cause) {
    throw new InputError(cause instanceof Error ? cause.message : 'bad arguments', { hint: `see \`perpl ${command} --help\`` });
  }
}
