/** A supplier's own identity for a property: which supplier, and its id there. */
export interface SupplierRef {
  readonly supplierId: string;
  readonly supplierPropertyId: string;
}

/** "hotelbeds:1234": one string per ref, ordered by supplier then id when sorted. */
export function refKey(ref: SupplierRef): string {
  return `${ref.supplierId}:${ref.supplierPropertyId}`;
}

export function compareRefs(a: SupplierRef, b: SupplierRef): number {
  return a.supplierId < b.supplierId
    ? -1
    : a.supplierId > b.supplierId
      ? 1
      : a.supplierPropertyId < b.supplierPropertyId
        ? -1
        : a.supplierPropertyId > b.supplierPropertyId
          ? 1
          : 0;
}
