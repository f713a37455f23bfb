/** Who had a booking's personal data erased: the partner (with its own reference), an operator, or the retention job. */
export type ErasedBy =
  | { readonly kind: 'partner'; readonly requestReference?: string }
  | { readonly kind: 'operator'; readonly actor: string }
  | { readonly kind: 'retention'; readonly days: number };
