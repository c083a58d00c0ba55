// What the picker's Enter asks: close it and, when the choice is another market, open that one.

import { closePicker, pickerChoice } from '../../state/actions.js';
import type { KeyContext } from '../keys/binding.js';

export function pickMarket(ctx: KeyContext): void {
  const { store } = ctx;
  const choice = pickerChoice(store);
  closePicker(store);
  if (choice && choice.id !== store.getState().market?.id) ctx.actions.selectMarket(choice.id, choice.symbol);
}
