// What the moves ask in the book: the level cursor a step (a page is the levels on screen); the ladder
// scrolls with it beyond the levels shown (state/actions.ts moveBookCursor).

import { moveBookCursor } from '../../state/actions.js';
import type { KeyContext } from '../keys/binding.js';

export function moveInBook(ctx: KeyContext, step: (page: number) => number): void {
  moveBookCursor(ctx.store, step(ctx.view.bookPage), ctx.view.bookDepth);
}
