// `perpl completion bash|zsh|fish` driven through each shell's own completion machinery: bash's `complete`
// function called with COMP_WORDS as bash sets them, fish's `complete -C`, zsh's compsys in a pseudo-terminal.
// fish and zsh must be installed on CI (.ci/run installs them): there a missing shell fails its test; elsewhere
// it skips, saying which shell is missing.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashCompletion } from '../../src/cli/completion/bash.js';
import { fishCompletion } from '../../src/cli/completion/fish.js';
import { zshCompletion } from '../../src/cli/completion/zsh.js';
import { requireTool } from '../helpers/ci.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-completion-'));
const installed = (shell: string): boolean => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

/** What each line completes to, as `line -> candidates` (one per line, candidates sorted). */
const CASES: Record<string, string> = {
  'perpl ': 'algos api completion doctor export keys replay sim tui',
  'perpl export ': 'account fills funding orders trades',
  'perpl algos --j': '--json',
  'perpl s': 'sim',
  'perpl --vers': '--version',
  'perpl --network ': 'local mainnet testnet',
  'perpl --network local s': 'sim',
  'perpl sim --li': '--like',
  'perpl sim --like ': 'classic mainnet testnet',
  'perpl sim --faults lo': 'lost-acks lost-updates',
  'perpl keys ': 'enroll list new remove show',
  'perpl keys enroll --sc': '--scope',
  'perpl keys enroll --scope ': 'read trade',
  'perpl completion ': 'bash fish zsh',
  'perpl replay --sp': '--speed',
};

const sorted = (words: string): string => words.split(/\s+/).filter((w) => w !== '').sort().join(' ');

/** `line|candidates` lines -> candidates by line. */
function answers(out: string): Record<string, string> {
  return Object.fromEntries(out.split('\n').filter((l) => l.includes('|')).map((l) => [l.slice(0, l.indexOf('|')), l.slice(l.indexOf('|') + 1)]));
}

function run(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 30_000, ...(input !== undefined ? { input } : {}) });
  expect(r.stderr, `${cmd} stderr`).toBe('');
  expect(r.status, `${cmd} exit`).toBe(0);
  return r.stdout;
}

describe('shell completion', () => {
  it('bash-completes-commands-flags-and-values: complete -F _perpl answers each line as bash would ask it', () => {
    const script = join(dir, 'perpl.bash');
    writeFileSync(script, bashCompletion());
    // Splits the line as bash does for completion (COMP_WORDBREAKS keeps '=' a word of its own).
    const harness = `source ${script}
[[ $(complete -p perpl) == *'-F _perpl'* ]] || exit 3
ask() {
  local line=$1
  read -ra COMP_WORDS <<< "$line"
  [[ $line == *' ' ]] && COMP_WORDS+=('')
  COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
  COMPREPLY=()
  _perpl
  printf '%s|%s\\n' "$line" "\${COMPREPLY[*]}"
}
${Object.keys(CASES).map((line) => `ask '${line}'`).join('\n')}
ask 'perpl sim --like = te'
ask 'perpl sim --port '
ask 'perpl completion bash '
`;
    const got = answers(run('bash', ['--norc', '--noprofile', '-c', harness]));
    for (const [line, want] of Object.entries(CASES)) expect(sorted(got[line] ?? '<none>'), line).toBe(want);
    expect(got['perpl sim --like = te']).toBe('testnet');
    // A value the shell cannot know, and a command past its one argument: nothing is offered.
    expect(got['perpl sim --port ']).toBe('');
    expect(got['perpl completion bash ']).toBe('');
  });

  it('fish-completes-commands-flags-and-values: complete -C answers each line', (ctx) => {
    requireTool(ctx, 'fish', installed('fish'));
    const script = join(dir, 'perpl.fish');
    writeFileSync(script, fishCompletion());
    const asks = Object.keys(CASES).map((line) => `echo '${line}|'(complete -C '${line}' | string split -f1 \\t | string join ' ')`).join('\n');
    const got = answers(run('fish', ['--no-config', '-c', `source ${script}\n${asks}`]));
    for (const [line, want] of Object.entries(CASES)) expect(sorted(got[line] ?? '<none>'), line).toBe(want);
  });

  it('zsh-completes-commands-flags-and-values: compsys offers the same in a pseudo-terminal', (ctx) => {
    requireTool(ctx, 'zsh', installed('zsh'));
    const script = join(dir, '_perpl');
    writeFileSync(script, zshCompletion());
    run('zsh', ['-n', script]);
    // Each line typed into an interactive zsh with compinit and the script loaded, then Tab; a compadd
    // wrapper prints what compsys offers after a computed mark (so the echo of the wrapper cannot match).
    const capture = `zmodload zsh/zpty
for l in "$@"; do
  zpty z zsh -f -i
  zpty -w z "PS1='>'; autoload -U compinit; compinit -u -D"
  zpty -w z "source ${script}"
  zpty -w z 'compadd () { local -a __h; builtin compadd -O __h "$@"; (( $#__h )) && print -r -- "@@$((6*7))@@ \${(j: :)__h} @@" >/dev/tty; builtin compadd "$@" }'
  zpty -n -w z "$l"$'\\t'
  local out= chunk=
  integer deadline=$(( SECONDS + 20 ))
  while (( SECONDS < deadline )) && [[ $out != *@@42@@*@@* ]]; do
    zpty -r -t z chunk && out+=$chunk
  done
  local hits=\${out#*@@42@@ }
  print -r -- "$l|\${hits%% @@*}"
  zpty -d z
done`;
    const asked = ['perpl ', 'perpl sim --like ', 'perpl keys ', 'perpl --network local s'];
    const got = answers(run('zsh', ['-f', '-c', capture, 'zsh', ...asked]).replaceAll('\r', ''));
    for (const line of asked) expect(sorted(got[line] ?? '<none>'), line).toBe(CASES[line]);
  });

  it('zsh-script-parses: zsh -n accepts it (where zsh is installed); it names every command for compdef', () => {
    const script = zshCompletion();
    expect(script.startsWith('#compdef perpl\n')).toBe(true);
    if (installed('zsh')) run('zsh', ['-n'], script);
    for (const name of CASES['perpl ']!.split(' ')) expect(script).toContain(`(${name}) _arguments`);
  });
});
