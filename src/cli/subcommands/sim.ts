// `perpl sim`: runs the local exchange until SIGINT/SIGTERM. When ready it prints ONE JSON line on
// stdout (addresses, chain id, demo key file path, the demo operator for delegated enrollment);
// everything else goes to stderr, never a secret.

import { parseArgs } from 'node:util';
import { InputError } from '../../protocol/errors.js';
import { FAULT_PROFILE_NAMES, MARKET_PROFILES, isMarketProfile, startSim } from '../../sim/index.js';
import { SIM_OPTIONS } from '../subcommand-table.js';

const USAGE = `usage: perpl sim [options]

  --port P          listen port on 127.0.0.1 (default 0 = a free port)
  --seed S          seed of the market flow and fault injection (default 1)
  --block-ms MS     block interval (default 300)
  --faults PROFILE  fault profile: ${FAULT_PROFILE_NAMES.join(', ')}
  --like NETWORK    list the markets as NETWORK does: mainnet (default), testnet or classic
                    (the chain id stays the local one)
  --markets LIST    comma-separated markets to list by name (default: all of NETWORK's)
  --flow-rate N     synthetic flow steps per second (0 = no flow)
  --home DIR        where keys/local-demo-<port>.json (this exchange's demo key) and
                    keys/local-demo.json are written (default $PERPL_HOME or ~/.config/perpl)
  --state FILE      keep the demo account (balance, positions, open orders, TP/SL) and the prices
                    across restarts: loaded at start, saved every 5 s and on stop (0600)
  --verbose         log requests and socket events to stderr
  --quiet           log nothing to stderr`;

function intOption(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new InputError(`--${name} must be an integer >= ${min}`);
  return Number(text);
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: SIM_OPTIONS,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.faults !== undefined && !FAULT_PROFILE_NAMES.includes(values.faults)) {
    throw new InputError(`unknown fault profile "${values.faults}"`, { hint: `one of: ${FAULT_PROFILE_NAMES.join(', ')}` });
  }
  if (values.like !== undefined && !isMarketProfile(values.like)) {
    throw new InputError(`unknown network "${values.like}" for --like`, { hint: `one of: ${MARKET_PROFILES.join(', ')}` });
  }
  const port = intOption('port', values.port, 0);
  if (port !== undefined && port > 65535) throw new InputError('--port must be at most 65535');
  const seed = intOption('seed', values.seed, 0);
  const blockMs = intOption('block-ms', values['block-ms'], 1);
  const flowStepsPerSec = intOption('flow-rate', values['flow-rate'], 0);
  const sim = await startSim({
    ...(port !== undefined ? { port } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(blockMs !== undefined ? { blockMs } : {}),
    ...(flowStepsPerSec !== undefined ? { flowStepsPerSec } : {}),
    ...(values.faults !== undefined ? { faults: values.faults } : {}),
    ...(values.like !== undefined && isMarketProfile(values.like) ? { like: values.like } : {}),
    ...(values.markets !== undefined ? { markets: values.markets.split(',') } : {}),
    ...(values.home !== undefined ? { home: values.home } : {}),
    ...(values.state !== undefined ? { stateFile: values.state } : {}),
    verbose: values.verbose,
    quiet: values.quiet,
    // The bench's feed lag (sim/server/block-trace.ts), beside PERPL_START_TRACE: no flag, users have no use for it.
    ...(process.env.PERPL_SIM_BLOCK_TRACE ? { blockTraceFile: process.env.PERPL_SIM_BLOCK_TRACE } : {}),
  });
  const op = sim.demoOperator;
  process.stdout.write(
    `${JSON.stringify({
      rest: sim.rest,
      ws: sim.ws,
      chain_id: sim.chainId,
      demo_key_file: sim.demoKeyFile,
      demo_wallet_key_file: sim.demoWalletKeyFile,
      demo_profile: op.profile,
      demo_operator: op.operatorAddress,
      demo_operator_wallet_key_file: op.walletKeyFile,
    })}\n`,
  );
  if (!values.quiet) {
    // Addresses and a file path only: the operator's key stays in its 0600 file.
    process.stderr.write(
      `sim: the demo account's wallet key is in ${sim.demoWalletKeyFile}; to practise enrollment as its owner:\n` +
        `sim:   perpl keys enroll --network local --name practice --label practice --scope trade\n` +
        `sim: ${op.operatorAddress} is a registered operator of the demo profile ${op.profile}; to practise delegated enrollment:\n` +
        `sim:   perpl keys enroll --name delegated --base-url ${sim.rest} --chain-id ${sim.chainId} --label practice --scope trade --target-profile ${op.profile} --wallet-key-file ${op.walletKeyFile}\n`,
    );
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sim.stop();
  if (!values.quiet) process.stderr.write('sim: stopped\n');
  return 0;
}
