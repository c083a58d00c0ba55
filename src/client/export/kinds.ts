// The row source of each export kind. `trades` (round trips with funding and fees) is folded by the
// ledger (domain/ledger/) from the histories the other kinds read.

import { accountExport, fundingExport } from './account.js';
import { fillsExport } from './fills.js';
import { ordersExport } from './orders.js';
import { tradesExport } from './trades.js';
import type { ExportKind } from '../../domain/export-kinds.js';
import type { ExportRowSource } from './row-source.js';

export const EXPORT_SOURCES: Readonly<Record<ExportKind, ExportRowSource>> = {
  fills: fillsExport,
  trades: tradesExport,
  funding: fundingExport,
  orders: ordersExport,
  account: accountExport,
};
