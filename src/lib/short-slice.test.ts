import { describe, expect, it } from 'vitest';
import { askSlice, schedAttr, SHORTEST_SLICE_NS } from './short-slice.js';

/** A kernel as seen through syscall(2): the thread's sched_attr, what was set, and whether it keeps slices. */
function fakeKernel(o: { policy?: number; nice?: number; takesSlices?: boolean; refuses?: boolean; tid?: number } = {}) {
  const state = { policy: o.policy ?? 0, nice: o.nice ?? 0, runtime: 1_400_000n };
  const sets: Buffer[] = [];
  const syscall = (nr: number, ...args: unknown[]): number => {
    const attr = args[3] as Buffer;
    expect(args[1]).toBe(o.tid ?? 0);
    if (nr === 315 || nr === 275) {
      attr.writeUInt32LE(48, 0);
      attr.writeUInt32LE(state.policy, 4);
      attr.writeInt32LE(state.nice, 16);
      attr.writeBigUInt64LE(state.runtime, 24);
      return 0;
    }
    if (nr === 314 || nr === 274) {
      sets.push(Buffer.from(attr));
      if (o.refuses) return -1;
      state.nice = attr.readInt32LE(16);
      if (o.takesSlices !== false) state.runtime = attr.readBigUInt64LE(24);
      return 0;
    }
    throw new Error(`unexpected syscall ${nr}`);
  };
  return { syscall, sets, state };
}

describe('a thread asking Linux for short slices', () => {
  it('sched-attr-misread-by-the-kernel: size 48, SCHED_OTHER, the nice given and the slice as sched_runtime, at their offsets', () => {
    const attr = schedAttr(SHORTEST_SLICE_NS, -3);
    expect(attr.length).toBe(48);
    expect(attr.readUInt32LE(0)).toBe(48);
    expect(attr.readUInt32LE(4)).toBe(0);
    expect(attr.readBigUInt64LE(8)).toBe(0n);
    expect(attr.readInt32LE(16)).toBe(-3);
    expect(attr.readBigUInt64LE(24)).toBe(100_000n);
    expect(attr.subarray(32).every((b) => b === 0)).toBe(true);
  });

  it("niced-perpl-reset-to-nice-0: the thread's own nice goes back in with the slice, and the slice is read back", () => {
    const k = fakeKernel({ nice: 5 });
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'linux', arch: 'x64', load: () => k.syscall })).toEqual({ sliceNs: 100_000 });
    expect(k.sets).toHaveLength(1);
    expect(k.sets[0]!.readInt32LE(16)).toBe(5);
    expect(k.state.nice).toBe(5);
    expect(k.state.runtime).toBe(100_000n);
  });

  it("other-thread-asked-for-the-callers-slice: given a thread's id, its attributes are read and set, its nice kept, not the caller's", () => {
    const k = fakeKernel({ tid: 4242, nice: 2 });
    expect(askSlice(4_000_000, { tid: 4242, platform: 'linux', arch: 'x64', load: () => k.syscall })).toEqual({ sliceNs: 4_000_000 });
    expect(k.sets).toHaveLength(1);
    expect(k.state.nice).toBe(2);
    expect(k.state.runtime).toBe(4_000_000n);
  });

  it('user-chosen-policy-overwritten: a thread under another policy (chrt --batch perpl) is left as it is', () => {
    const k = fakeKernel({ policy: 3 });
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'linux', arch: 'x64', load: () => k.syscall })).toEqual({ kept: 'the thread runs under policy 3, left as set' });
    expect(k.sets).toHaveLength(0);
  });

  it('old-kernel-reported-as-short-slices: a kernel that takes the call and keeps its slice, one that refuses it, no FFI, another OS or CPU: each says so', () => {
    const old = fakeKernel({ takesSlices: false });
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'linux', arch: 'arm64', load: () => old.syscall })).toEqual({ kept: 'this kernel keeps its own slice' });
    const refusing = fakeKernel({ refuses: true });
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'linux', arch: 'x64', load: () => refusing.syscall })).toEqual({ kept: 'sched_setattr refused' });
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'linux', arch: 'x64', load: () => { throw new Error('no binary for this platform'); } })).toEqual({ kept: 'no FFI: no binary for this platform' });
    const never = () => { throw new Error('loaded'); };
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'darwin', load: never })).toEqual({ kept: 'not on Linux (darwin)' });
    expect(askSlice(SHORTEST_SLICE_NS, { platform: 'linux', arch: 'riscv64', load: never })).toEqual({ kept: 'no sched_setattr number for riscv64' });
  });
});
