// The tabs' editor line and their confirm know no context: the contexts owning the rows register when they
// load. The keymap's registries load every context, so each editor and each request kind has its owner.
import { describe, expect, it } from 'vitest';
import type { EditorMode, TabIntent } from '../../state/trading-tabs.js';
import { DEFAULT_BINDINGS } from '../keys/keymap.js';
import { editorOwnerOf, intentSenderOf } from './owners.js';

/** Every editor and request kind (an added one fails to compile here until it is listed). */
const MODES = { amend: true, close: true, collateral: true, tpsl: true, trigger: true } satisfies Record<EditorMode, true>;
const KINDS = { cancel: true, cancelAll: true, change: true, close: true, collateral: true, protect: true } satisfies Record<TabIntent['kind'], true>;

describe('every tab editor and request has its owner', () => {
  it('tab-editor-enter-never-does-nothing: each editor is read, and each request sent, by the context of its row', () => {
    expect(DEFAULT_BINDINGS.length).toBeGreaterThan(0);
    expect((Object.keys(MODES) as EditorMode[]).filter((mode) => editorOwnerOf(mode) === undefined)).toEqual([]);
    expect((Object.keys(KINDS) as TabIntent['kind'][]).filter((kind) => intentSenderOf(kind) === undefined)).toEqual([]);
  });
});
