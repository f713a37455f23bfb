/** GET /v1/wallets/{walletId}/transactions: the wallet's statement, oldest first, a page at a time. */
import { httpHandler } from '../../shared/http-handler.js';
import {
  decodeCursor,
  encodeCursor,
  movementView,
  walletOr404,
  walletParams,
  walletStore,
  walletTransactionsQuery,
} from './wallet-access.js';

export const handler = httpHandler('listWalletTransactions', { params: walletParams, query: walletTransactionsQuery }, async (request) => {
  const { tenant } = request.caller!;
  const { walletId } = request.params;
  const wallet = await walletOr404(tenant, walletId);
  const after = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
  const page = await walletStore().movements(tenant, walletId, { limit: request.query.limit, ...(after ? { after } : {}) });
  return {
    status: 200,
    body: {
      walletId,
      currency: wallet.currency,
      transactions: page.movements.map(movementView),
      ...(page.next ? { next: encodeCursor(page.next) } : {}),
    },
  };
});
