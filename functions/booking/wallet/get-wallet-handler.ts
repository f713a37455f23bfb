/** GET /v1/wallets/{walletId}: the wallet's balance, credit limit, held and available amounts. */
import { httpHandler } from '../../shared/http-handler.js';
import { walletOr404, walletParams, walletView } from './wallet-access.js';

export const handler = httpHandler('getWallet', { params: walletParams }, async (request) => {
  const wallet = await walletOr404(request.caller!.tenant, request.params.walletId);
  return { status: 200, body: walletView(wallet) };
});
