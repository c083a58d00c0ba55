// The ingest scenario's measurement in its own process, on the Node that runs it (bench/run.ts runs it on each
// Node of BENCH_NODES over the same recorded frames): node --import tsx bench/ingest-once.ts FRAMES.json CHAIN MARKET REPS
// prints the figures ({ optimized, baseline }) as one JSON line.

import { readFileSync } from 'node:fs';
import { measureIngest } from './lib/ingest.js';

const [file, chainId, marketId, reps] = process.argv.slice(2);
if (!file || !chainId || !marketId || !reps) throw new Error('usage: ingest-once.ts FRAMES.json CHAIN MARKET REPS');
const texts = JSON.parse(readFileSync(file, 'utf8')) as string[];
console.log(JSON.stringify(measureIngest(texts, Number(chainId), Number(marketId), Number(reps))));
