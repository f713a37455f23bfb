/** Agent wallets (issue 17): an account's wallet and its statement, read by the partner. */
import * as z from 'zod';
import { WALLET_PAGE, walletParams, walletTransactionsQuery } from '../booking/wallet/wallet-access.js';
import { amount, currencyCode, instant } from './common.js';
import { json, type OperationSpec } from './operation.js';

export const walletSchema = z
  .strictObject({
    walletId: z.string(),
    currency: currencyCode,
    balance: amount.meta({
      description: 'Paid in, minus what confirmed bookings took, plus refunds; below zero only within the credit limit',
    }),
    creditLimit: amount,
    held: amount.meta({ description: 'Reserved for bookings being made: taken when confirmed, given back when not' }),
    available: amount.meta({ description: 'balance + creditLimit - held: what a wallet-paid booking may still use' }),
    updatedAt: instant,
  })
  .meta({ id: 'Wallet' });

export const walletTransactionSchema = z
  .strictObject({
    transactionId: z.string(),
    type: z.enum(['top-up', 'credit-limit', 'hold', 'capture', 'release', 'refund']),
    amount: amount.meta({
      description:
        'Signed: what it did to the balance (top-up, capture, refund) or to what is available (hold, release); for credit-limit, the new limit',
    }),
    currency: currencyCode,
    balanceAfter: amount,
    availableAfter: amount,
    bookingId: z.string().optional(),
    at: instant,
  })
  .meta({ id: 'WalletTransaction' });

export const walletTransactionsPageSchema = z
  .strictObject({
    walletId: z.string(),
    currency: currencyCode,
    transactions: z.array(walletTransactionSchema),
    next: z.string().optional().meta({ description: 'Pass as `cursor` for the next page; absent on the last' }),
  })
  .meta({ id: 'WalletTransactionsPage' });

const EXAMPLE_WALLET = {
  walletId: 'wal_7d2e4a6c8b103c9a1f0b',
  currency: 'EUR',
  balance: 4600,
  creditLimit: 1000,
  held: 320.5,
  available: 5279.5,
  updatedAt: '2026-11-25T09:30:00.000Z',
};

export const walletOperations: Record<string, OperationSpec> = {
  getWallet: {
    tag: 'Wallets',
    description:
      "The account's agent wallet: balance, credit limit, what is held for bookings being made, and what is available. The operator creates wallets and tops them up; another account's walletId is 404.",
    request: { params: walletParams },
    responses: { 200: { description: 'The wallet', content: json(walletSchema, EXAMPLE_WALLET) } },
    problems: [404],
  },
  listWalletTransactions: {
    tag: 'Wallets',
    description: `The wallet's statement, oldest first, ${WALLET_PAGE.default} to a page by default (at most ${WALLET_PAGE.max}); follow \`next\` with \`cursor\`.`,
    request: { params: walletParams, query: walletTransactionsQuery },
    responses: {
      200: {
        description: 'A page of transactions',
        content: json(walletTransactionsPageSchema, {
          walletId: EXAMPLE_WALLET.walletId,
          currency: 'EUR',
          transactions: [
            {
              transactionId: 'mov_0c4f1a2b3d4e5f607182',
              type: 'top-up',
              amount: 5000,
              currency: 'EUR',
              balanceAfter: 5000,
              availableAfter: 6000,
              at: '2026-11-20T08:00:00.000Z',
            },
          ],
          next: 'bW92ZW1lbnQjMjAyNi0xMS0yMFQwODowMDowMC4wMDBaI21vdl8w',
        }),
      },
    },
    problems: [404],
  },
};
