/**
 * What one supplier answer may cost us, in one place: the HTTP client (http-client.ts) stops reading at the
 * byte limit, and the answer check (answer-check.ts) drops what is beyond the item caps and cuts texts to
 * their lengths. Every supplier answer is untrusted input (OWASP API Security Top 10 2023, API10 "Unsafe
 * Consumption of APIs"): a supplier decides how much it sends, we decide how much we read.
 *
 * The figures leave room for real answers: a large city's OpenTravel availability answer from the sandbox
 * is about 6 MB (`npm run bench:opentravel-parse`), Rapid is asked for at most 250 properties a call and 50
 * rate plans each, and no supplier names a hotel in more than a few dozen characters.
 */
export const ANSWER_LIMITS = {
  /** Bytes of one answer's body, after decompression (a gzip bomb counts what it expands to). */
  maxBytes: 24 * 1024 * 1024,
  /** Hotels (offers) one availability answer may hold; those past it are dropped and counted. */
  maxOffers: 5_000,
  /** Rates one hotel of an answer may hold (over every room type and board); the rest are dropped and counted. */
  maxRatesPerOffer: 1_000,
  /** Characters kept of each text a partner or a voucher shows; a longer text is cut (and counted). */
  text: {
    /** A hotel's name: the longest real ones are about 120 characters. */
    name: 200,
    /** A room type's name. */
    roomTypeName: 200,
    /** A supplier's remark (rate comments, check-in instructions, know-before-you-go). */
    remark: 4_000,
    /** A property charge's description. */
    chargeDescription: 200,
    /** The address lines and city of an offer. */
    address: 300,
  },
  /** Remarks kept per rate. */
  maxRemarksPerRate: 40,
  /** Characters of an opaque rate key or supplier id: they travel inside our signed rateIds. */
  maxKeyChars: 4_096,
} as const;
