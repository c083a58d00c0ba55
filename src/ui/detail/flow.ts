// What the detail page's keys ask: scroll by lines or pages within its bound (the lines it shows now,
// ui/detail/view.ts through the key's view).

import { scrollDetail } from '../../state/detail-overlay.js';
import type { KeyContext } from '../keys/binding.js';

export function scrollDetailBy(ctx: KeyContext, pages: number, lines = 0): void {
  const page = ctx.view.detail?.page ?? ctx.view.helpPage;
  scrollDetail(ctx.store, pages * page + lines, ctx.view.detailLines ?? 0, page);
}
