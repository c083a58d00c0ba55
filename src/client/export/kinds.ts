// The row source of each export kind. `trades` (round trips with funding and fees) is built from the
// ledger (domain/ledger/), which is wired here once it lands; until then the command says so.

import { accountExport, fundingExport } from './account.js';
import { fillsExport } from './fills.js';
import { ordersExport } from './orders.js';
import type { ExportKind } from '../../domain/export-kinds.js';
import type { ExportRowSource } from './row-source.js';

export const EXPORT_SOURCES: Readonly<Record<ExportKind, ExportRowSource | undefined>> = {
  fills: fillsExport,
  trades: undefined,
  funding: fundingExport,
  orders: ordersExport,
  account: accountExport,
};
