// Where keys act: the four panes, and what owns the keyboard over them. Types only, in a file of their own
// so the store, its slices and the key code name them without importing one another.

export type PaneId = 'book' | 'chart' | 'trades' | 'trading';

/**
 * From the top: a confirm (shown even on the too-small screen), the too-small screen, the help, the detail page, the market
 * picker, the `:` line, order entry's review, order entry, the trading tabs' inline editor, else the panes.
 */
export type InputMode = 'confirm' | 'too-small' | 'help' | 'detail' | 'picker' | 'command' | 'review' | 'entry' | 'editor' | 'panes';
