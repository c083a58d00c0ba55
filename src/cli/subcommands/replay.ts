// `perpl replay FILE`: plays a recording (`perpl --record FILE`) through the normal terminal, read-only.
// Parses options, refuses to run without a terminal, and hands over to app/run-replay.ts.

import { InputError, errorText } from '../../protocol/errors.js';
import { sanitizeLines } from '../../protocol/sanitize-text.js';
import { parseSubcommandArgs } from '../subcommand-args.js';
import { REPLAY_OPTIONS } from '../subcommand-table.js';

const USAGE = `usage: perpl replay FILE [options]

Plays a session recorded with \`perpl --record FILE\` through the same screen, read-only.

  --speed X         playback rate, e.g. 0.5, 2, 10 (default 1 = recorded pace)
  --from SEC        start this many seconds into the recording (default 0)
  --market SYM      market to open first (default: the first listed; must be in the recording)
  --fps N           screen publish rate, 1..50 (default 20)
  --info            print what the recording holds (JSON) and exit; needs no terminal

keys: space pause/resume  ← / → seek 10 s back / ahead  (and the terminal's own keys)  q quit
Control API while it runs: GET /replay, POST /replay/pause|resume|toggle, /replay/seek?ms=|by=`;

function positiveNumber(name: string, text: string | undefined, allowZero: boolean): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || (!allowZero && n === 0) || n > 1_000_000) {
    throw new InputError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${text}"`);
  }
  return n;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseSubcommandArgs(argv, REPLAY_OPTIONS, 'replay');
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new InputError('expected one recording FILE', { hint: 'perpl replay session.ndjson' });
  const file = positionals[0]!;
  const speed = positiveNumber('speed', values.speed, false);
  const fromSec = positiveNumber('from', values.from, true);
  const fps = values.fps === undefined ? undefined : positiveNumber('fps', values.fps, false);
  if (fps !== undefined && (!Number.isInteger(fps) || fps > 50)) throw new InputError('--fps must be an integer from 1 to 50');
  // Read and check the file before the screen is taken over, so a bad file prints a plain error.
  const { readRecording } = await import('../../transport/record/index.js');
  const { buildTimeline } = await import('../../replay/timeline.js');
  const recording = readRecording(file);
  const timeline = buildTimeline(recording);
  if (values.info) {
    const { summarize } = await import('../../replay/summary.js');
    console.log(JSON.stringify(summarize(recording, timeline), null, 2));
    return 0;
  }
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new InputError('replay needs an interactive terminal', { hint: 'run it in a terminal (not through a pipe)' });
  }
  const userChoseEnv = process.env.NODE_ENV !== undefined;
  process.env.NODE_ENV ??= 'production';
  const { developmentReactLoaded, rerunInProduction } = await import('../../terminal/production-react.js');
  if (!userChoseEnv && developmentReactLoaded()) return rerunInProduction();
  const { loadWithoutFetch } = await import('../../terminal/load-without-fetch.js');
  const { startReplay } = await loadWithoutFetch(() => import('../../app/run-replay.js'));
  const { exitCodeFor } = await import('../../terminal/manners.js');
  let fatal: number | null = null;
  const handle = await startReplay({
    file,
    ...(speed !== undefined ? { speed } : {}),
    ...(fromSec !== undefined ? { fromSec } : {}),
    ...(values.market !== undefined ? { market: values.market } : {}),
    ...(fps !== undefined ? { fps } : {}),
    handleProcessEvents: true,
    onFatal: (reason) => {
      fatal = exitCodeFor(reason);
      if (reason.kind === 'crash') {
        const e = reason.error;
        process.stderr.write(`perpl replay: crashed: ${sanitizeLines(errorText(e))}\n`);
      }
      process.exit(fatal);
    },
  });
  await handle.done;
  return fatal ?? 0;
}
