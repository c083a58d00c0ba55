// What one flow's chains and coverage say, as counts and file lists grouped by folder, all cut at the flow's
// last order frame (what follows it, an acknowledgement's toast, is not the way to the socket):
// - on the path: the src/ files on a call chain from a key's arrival to a store write or an order frame it
//   caused; a write made from a render (React on the chain) is the screen reacting and is left out;
// - called on the way: files whose functions ran inside a key's own synchronous handling (not inside the
//   store's listeners) but were not on a chain when it was read: the callees that returned (validation, the
//   journal, formatting of a notice);
// - also ran: the rest of what ran while a key was handled (the screen's listeners, renders, timers, replies);
// - the send chain: the chain at the order frame alone, with its length in src/ frames and in hops between files.
// The local exchange (in the same process) is left out of every list by the caller's `keep`.

import { underSrc, type Capture, type Frame, type Ran, type Seen } from './key-path-tracer.js';

export interface FlowFigures {
  name: string;
  title: string;
  keys: string[];
  path: string[];
  calledOnTheWay: string[];
  alsoRan: string[];
  sendChain: string[];
  /** The longest send chain: src/ frames from the key to the socket, and changes of file along it. */
  sendFrames: number;
  sendHops: number;
  /** The longest send chain, key first: `file function` per src/ frame. */
  sendChainFrames: string[];
  /** Per key label: files on the path, and files that ran (any part). */
  perKey: Record<string, { path: number; handled: number; ran: number }>;
  sends: number;
  notes: string[];
}

const folderOf = (f: string): string => (f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '.');
const sorted = (files: Iterable<string>): string[] => [...new Set(files)].sort();
const without = (files: readonly string[], ...others: (readonly string[])[]): string[] => files.filter((f) => !others.some((o) => o.includes(f)));

export function folders(files: readonly string[]): string[] {
  return sorted(files.map(folderOf));
}

export function flowFigures(flow: { name: string; title: string; keys: string[] }, seen: readonly Seen[], keep: (file: string) => boolean): FlowFigures {
  const cut = seen.findLastIndex((s) => s.t === 'chain' && s.kind === 'send' && s.fromKey);
  const upToSend = seen.slice(0, cut + 1);
  const chains = upToSend.filter((s): s is Capture => s.t === 'chain' && s.fromKey);
  const ran = upToSend.filter((s): s is Ran => s.t === 'ran');
  const srcFrames = (c: Capture): Frame[] => c.frames.filter((f) => keep(f.file)).reverse();
  const chainFiles = (cs: readonly Capture[]) => sorted(cs.flatMap((c) => srcFrames(c).map((f) => underSrc(f.file))));
  const ranFiles = (rs: readonly Ran[]) => sorted(rs.flatMap((r) => r.files.filter(keep).map(underSrc)));

  const onPath = chains.filter((c) => !c.viaRender);
  const path = chainFiles(onPath);
  const handled = ranFiles(ran.filter((r) => r.part === 'handler'));
  const all = ranFiles(ran);
  const sendCaptures = onPath.filter((c) => c.kind === 'send');
  const longest = sendCaptures.map(srcFrames).sort((a, b) => b.length - a.length)[0] ?? [];
  let hops = 0;
  for (let i = 1; i < longest.length; i++) if (longest[i]!.file !== longest[i - 1]!.file) hops += 1;

  const perKey: FlowFigures['perKey'] = {};
  for (const key of new Set([...chains.map((c) => c.key), ...ran.map((r) => r.key)])) {
    const keyPath = chainFiles(onPath.filter((c) => c.key === key));
    const keyRan = ran.filter((r) => r.key === key);
    perKey[key] = { path: keyPath.length, handled: sorted([...keyPath, ...ranFiles(keyRan.filter((r) => r.part === 'handler'))]).length, ran: ranFiles(keyRan).length };
  }
  const notes: string[] = [];
  if (cut < 0) notes.push('no order frame was seen: nothing is cut, every list is of the whole flow');
  if (sendCaptures.some((c) => c.async)) notes.push('an order frame left after an async hop: what ran after the hop is under "also ran", not "called on the way"');
  const render = without(chainFiles(chains.filter((c) => c.viaRender)), path);
  if (render.length > 0) notes.push(`written from a render the key caused (left out of the path): ${render.join(', ')}`);
  return {
    ...flow,
    path,
    calledOnTheWay: without(handled, path),
    alsoRan: without(all, path, handled),
    sendChain: chainFiles(sendCaptures),
    sendFrames: longest.length,
    sendHops: hops,
    sendChainFrames: longest.map((f) => `${underSrc(f.file)} ${f.fn || '(anonymous)'}`),
    perKey,
    sends: sendCaptures.length,
    notes,
  };
}

function byFolder(files: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const f of files) groups.set(folderOf(f), [...(groups.get(folderOf(f)) ?? []), f.slice(f.lastIndexOf('/') + 1)]);
  return [...groups].map(([folder, names]) => `    ${folder}/ (${names.length}): ${names.join(', ')}`);
}

const counts = (files: readonly string[]): string => `${String(files.length).padStart(3)} files in ${String(folders(files).length).padStart(2)} folders`;

/** The flow's table and lists; with `before` (the same flow measured earlier), each count beside the earlier one. */
export function printFlow(f: FlowFigures, before?: FlowFigures): void {
  const was = (pick: (x: FlowFigures) => string[]) => (before ? `   (before: ${counts(pick(before)).trim()})` : '');
  const passes = (x: FlowFigures) => [...x.path, ...x.calledOnTheWay];
  const ran = (x: FlowFigures) => [...passes(x), ...x.alsoRan];
  const out = [
    `Flow ${f.name}: ${f.title}`,
    `  keys: ${f.keys.join(' | ')}; order frames sent: ${f.sends}`,
    `  on the path (call chains key -> ws.send)     ${counts(f.path)}${was((x) => x.path)}`,
    `  + called on the way (key's own handling)     ${counts(passes(f))}${was(passes)}`,
    `  + also ran while the keys were handled       ${counts(ran(f))}${was(ran)}`,
    `  send chain (the last key's stack at ws.send) ${counts(f.sendChain)}; ${f.sendFrames} src frames, ${f.sendHops} hops between files` +
      (before ? `   (before: ${before.sendFrames} frames, ${before.sendHops} hops)` : ''),
    `  per key (path / +own handling / +all ran): ${Object.entries(f.perKey).map(([k, n]) => `${k} ${n.path}/${n.handled}/${n.ran}`).join(', ')}`,
    `  on the path, by folder: ${counts(f.path).trim()}`,
    ...byFolder(f.path),
    `  called on the way, by folder: ${counts(f.calledOnTheWay).trim()}`,
    ...byFolder(f.calledOnTheWay),
    `  also ran, by folder: ${counts(f.alsoRan).trim()}`,
    ...byFolder(f.alsoRan),
    '  send chain, key first:',
    ...f.sendChainFrames.map((x) => `    ${x}`),
    ...f.notes.map((n) => `  note: ${n}`),
  ];
  console.log(out.join('\n') + '\n');
}
