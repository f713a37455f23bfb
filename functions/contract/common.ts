/**
 * Value shapes every resource shares: money, prices with their stamped FX rate, cancellation policies,
 * instants and dates. Response schemas are strict (`additionalProperties: false`), so a field a handler
 * adds without documenting it fails the contract tests instead of reaching partners unannounced.
 */
import * as z from 'zod';
import { BOARD_BASES } from '../search/search-request.js';

export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({ description: 'ISO 4217 currency code', examples: ['EUR'] });

/** Amounts are JSON numbers written from exact decimals, never with more fraction digits than the currency has. */
export const amount = z
  .number()
  .meta({ description: "Decimal amount in the currency's own exponent (JPY 0, EUR 2, BHD 3 fraction digits)", examples: [412.5] });

export const instant = z.iso
  .datetime({ offset: false })
  .meta({ description: 'UTC instant, ISO 8601', examples: ['2027-03-01T14:00:00.000Z'] });

export const calendarDate = z.iso.date().meta({ description: 'Calendar date, YYYY-MM-DD', examples: ['2027-03-01'] });

export const boardBasis = z.enum(BOARD_BASES).meta({
  id: 'BoardBasis',
  description: 'RO room only, BB bed and breakfast, HB half board, FB full board, AI all inclusive',
});

export const paymentModel = z.enum(['net', 'pay_at_hotel']).meta({
  id: 'PaymentModel',
  description: '`net`: the partner pays us the total. `pay_at_hotel`: the guest pays the hotel `payableAtHotel`; we earn `commission`.',
});

export const moneySchema = z.strictObject({ amount, currency: currencyCode }).meta({ id: 'Money' });

export const fxStampSchema = z
  .strictObject({
    from: currencyCode.meta({ description: "The supplier's currency" }),
    to: currencyCode.meta({ description: 'The quote currency' }),
    rate: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .meta({ description: 'Units of `to` per unit of `from`, as an exact decimal string', examples: ['1.0823'] }),
    source: z.string().meta({
      description:
        "Whose figures: the feed's name (the ECB's euro foreign exchange reference rates; `sandbox ECB feed ...` in sandbox stacks), `operator rate (...)` for a currency the feed does not publish, both joined by ` + ` for a cross of the two, `identity (no conversion)` for the supplier's own currency",
      examples: ['ECB euro foreign exchange reference rates'],
    }),
    asOf: z.string().meta({
      description:
        'The day (YYYY-MM-DD) of the figures used, the older of the two where a cross uses two; never older than the maximum age (4 days unless the stack says otherwise)',
      examples: ['2026-11-26'],
    }),
    referenceRate: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .optional()
      .meta({
        description:
          'Only where the account adds a conversion margin: the reference rate `rate` was made from (rate = referenceRate × (1 + marginBps / 10000), exactly)',
        examples: ['1.0411'],
      }),
    marginBps: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({
        description: "Only where the account adds a conversion margin: the margin in basis points (the account's `fxMarginBps`)",
        examples: [150],
      }),
  })
  .meta({ id: 'FxStamp', description: 'The exchange rate applied to this price, stamped so the quote is reproducible' });

export const nightlyPricesSchema = z
  .array(
    z.strictObject({
      date: calendarDate.meta({ description: 'The night, by the date it starts' }),
      total: amount.meta({ description: "The night's share of `total`, in the quote currency" }),
    }),
  )
  .meta({
    id: 'NightlyPrices',
    description:
      "Night by night from check-in, in the quote currency, adding up to `total` exactly. Split by the supplier's own nightly figures where it gives them " +
      '(Rapid `nightly`, Hotelbeds `dailyRates`, OpenTravel per-night `Rate`), else evenly; what rounding leaves falls on the last night.',
  });

export const priceSchema = z
  .strictObject({
    net: amount.meta({ description: 'What the supplier charges, converted to the quote currency' }),
    markup: amount,
    tax: amount,
    serviceFee: amount,
    total: amount.meta({ description: 'net + markup + tax + serviceFee, exactly' }),
    currency: currencyCode,
    commission: amount.meta({ description: 'What we earn on a pay-at-hotel rate (0 on net rates)' }),
    payableAtHotel: amount.meta({ description: 'What the guest pays at the hotel on top of or instead of the total' }),
    fx: fxStampSchema,
    nightly: nightlyPricesSchema,
  })
  .meta({ id: 'Price', description: "A price after the account's pricing rules, in the quote currency" });

export const basePriceSchema = z
  .strictObject({ net: amount, markup: amount, tax: amount, serviceFee: amount, total: amount, currency: currencyCode })
  .meta({ id: 'QuotedPrice', description: 'The price as quoted by the search' });

export const cancellationPolicySchema = z
  .array(z.strictObject({ from: instant.meta({ description: 'From this instant the penalty applies' }), penalty: moneySchema }))
  .meta({
    id: 'CancellationPolicy',
    description: 'Absolute deadlines in ascending order of `from`; before the first entry cancellation is free',
  });

export const geoSchema = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).meta({ id: 'GeoPoint' });

export const supplierRefSchema = z
  .strictObject({ supplierId: z.string(), supplierPropertyId: z.string() })
  .meta({ id: 'SupplierRef', description: "One supplier's own id of a unified property" });

export const supplierSummarySchema = z
  .strictObject({
    id: z.string().meta({ description: 'Supplier id', examples: ['hotelbeds'] }),
    status: z
      .enum(['ok', 'timeout', 'error'])
      .meta({ description: '`timeout`: the supplier missed the time budget; `error`: it failed. Neither fails the call.' }),
    tookMs: z.number().int().min(0).meta({ description: 'Milliseconds taken; equals the budget on a timeout' }),
    results: z.number().int().min(0).meta({ description: 'Results from this supplier; 0 on timeout or error' }),
  })
  .meta({ id: 'SupplierStatus' });

export const payAtPropertySchema = z
  .array(
    z.strictObject({
      kind: z.enum(['tax', 'city_tax', 'resort_fee', 'mandatory_fee', 'other']),
      description: z
        .string()
        .optional()
        .meta({ description: "The supplier's name for the charge", examples: ['City tax'] }),
      amount: amount.meta({ description: 'What the property will collect, in its own currency' }),
      currency: currencyCode.meta({ description: 'The currency the property collects in (may differ from the quote currency)' }),
      quote: moneySchema.meta({
        description: 'The same in the quote currency at the stamped FX rate: an estimate, the property charges `amount`',
      }),
    }),
  )
  .meta({
    id: 'PayAtProperty',
    description:
      'Charges the property collects from the guest at the stay (resort and mandatory fees, city taxes, taxes not included). Never part of `price.total`; ' +
      'part of `price.payableAtHotel`. Show them to the traveller before booking: suppliers require it, and so do consumer-protection rules on drip pricing.',
  });

export const remarksSchema = z
  .array(
    z.strictObject({
      kind: z.enum(['rate', 'checkin', 'policy', 'fees', 'general']),
      text: z.string().meta({
        examples: [
          'This rate is not applicable to Spain, Italy & Portugal market/country or passport holders otherwise the reservation will not be accepted',
        ],
      }),
      supplierId: z.string(),
    }),
  )
  .meta({
    id: 'SupplierRemarks',
    description:
      "The supplier's texts the traveller must see before booking: rate comments (market restrictions among them), check-in and fee instructions, policy descriptions. The voucher prints them.",
  });

/** What a supplier obliges a reseller to show with every rate (API-SPEC "Supplier obligations"). */
export const obligationFields = {
  payAtProperty: payAtPropertySchema,
  remarks: remarksSchema,
  minimumSellingPrice: moneySchema.optional().meta({
    description:
      "Present only when the supplier imposes a selling floor (the hotel's public price), in the quote currency: `price.total` is never below it (the markup is raised to meet it)",
  }),
  packageOnly: z
    .boolean()
    .meta({ description: 'True on rates sold only as part of a package: returned only to accounts whose contract sells packages' }),
};

export const rateSchema = z
  .strictObject({
    rateId: z
      .string()
      .meta({ description: 'Signed, opaque; valid for the rate check and the booking until the search expires (30 minutes)' }),
    supplierId: z.string(),
    roomTypeName: z.string(),
    boardBasis,
    refundable: z.boolean(),
    cancellationDeadline: instant.optional().meta({ description: 'The last moment cancellation is free; absent when it never is' }),
    cancellationPolicy: cancellationPolicySchema,
    payment: paymentModel,
    price: priceSchema,
    ...obligationFields,
  })
  .meta({ id: 'Rate' });
