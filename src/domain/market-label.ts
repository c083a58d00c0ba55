// The one name a market is shown by. Mainnet lists some markets with an empty `symbol` and the ticker in
// `name` (BTC and MON: symbol "", name "BTC"), testnet with a ticker symbol and a long name ("BTC Perp"):
// the label is the symbol when there is one, else the name (wire.md 6.1). Every display reference built
// from the context (MarketRef, MarketListing, the header) takes its name from here.

/** `symbol || name`; `#id` when both are empty, so a market is never shown as nothing. */
export function marketLabel(market: { id?: number; symbol: string; name: string }): string {
  if (market.symbol !== '') return market.symbol;
  if (market.name !== '') return market.name;
  return market.id !== undefined ? `#${market.id}` : '?';
}
