// The side of an order or a position, on its own so that any trading module can name it without a cycle.
export type Side = 'long' | 'short';
