/** The rate check (interface document rule 3, API-SPEC "Rate check"): the binding price before booking. */
import * as z from 'zod';
import { rateIdSchema } from '../domain/ids/id-schemas.js';
import { basePriceSchema, boardBasis, cancellationPolicySchema, instant, obligationFields, paymentModel, priceSchema } from './common.js';
import { json, type OperationSpec } from './operation.js';
import { EXAMPLE_RATE } from './search.js';

export const rateCheckResponseSchema = z
  .strictObject({
    rateId: z.string(),
    status: z
      .enum(['available', 'price_changed'])
      .meta({ description: '`price_changed`: the supplier repriced; `price` is binding, `previousPrice` is what the search quoted' }),
    price: priceSchema,
    previousPrice: basePriceSchema,
    supplierId: z.string(),
    roomTypeName: z.string(),
    boardBasis,
    refundable: z.boolean(),
    cancellationDeadline: instant.optional(),
    cancellationPolicy: cancellationPolicySchema,
    payment: paymentModel,
    ...obligationFields,
    expiresAt: instant.meta({ description: 'Until when this rate may be booked' }),
  })
  .meta({ id: 'RateCheck' });

const {
  rateId,
  price,
  supplierId,
  roomTypeName,
  boardBasis: board,
  refundable,
  cancellationDeadline,
  cancellationPolicy,
  payment,
  payAtProperty,
  remarks,
  packageOnly,
} = EXAMPLE_RATE;

export const rateCheckOperations: Record<string, OperationSpec> = {
  checkRate: {
    tag: 'Rates',
    description:
      'Re-validates a searched rate with its supplier and returns the binding price, priced with the same rules as the search. ' +
      'Check before every booking and before charging a customer: suppliers reprice between search and booking. No body.',
    sandbox: true,
    request: { params: z.object({ rateId: rateIdSchema }) },
    responses: {
      200: {
        description: 'The binding price',
        content: json(rateCheckResponseSchema, {
          rateId,
          status: 'price_changed',
          price: {
            ...price,
            net: 345,
            tax: 37.95,
            total: 418.45,
            nightly: [
              { date: '2027-03-01', total: 132.89 },
              { date: '2027-03-02', total: 132.89 },
              { date: '2027-03-03', total: 152.67 },
            ],
          },
          previousPrice: {
            net: price.net,
            markup: price.markup,
            tax: price.tax,
            serviceFee: price.serviceFee,
            total: price.total,
            currency: price.currency,
          },
          supplierId,
          roomTypeName,
          boardBasis: board,
          refundable,
          cancellationDeadline,
          cancellationPolicy,
          payment,
          payAtProperty,
          remarks,
          packageOnly,
          expiresAt: '2026-11-23T12:45:00.000Z',
        }),
      },
    },
    problems: [404, 410, 502, 504],
  },
};
