import { refKey, type SupplierRef } from '../domain/property/supplier-ref.js';

/**
 * A Map keyed by supplier ref with exactly the behaviour of a Map keyed by refKey(ref), without building a
 * refKey string per ref (search indexes every ref of the destination per request, where those strings
 * were most of the merge's time): supplierId → supplierPropertyId → value. The two differ only when a
 * supplierId contains the ":" refKey joins with (then two refs can share one refKey); on meeting such a
 * supplierId, the map switches to refKey strings for good.
 */
export class RefMap<V> {
  private nested: Map<string, Map<string, V>> | undefined = new Map();
  private flat: Map<string, V> | undefined;

  get(ref: SupplierRef): V | undefined {
    if (!this.nested) return this.flat!.get(refKey(ref));
    const bySupplier = this.nested.get(ref.supplierId);
    if (bySupplier) return bySupplier.get(ref.supplierPropertyId);
    if (!ref.supplierId.includes(':')) return undefined;
    // Every stored supplierId is free of ":", so the stored ref with this refKey, if any, splits it at the first one.
    const key = refKey(ref);
    const colon = key.indexOf(':');
    return this.nested.get(key.slice(0, colon))?.get(key.slice(colon + 1));
  }

  *values(): IterableIterator<V> {
    if (!this.nested) {
      yield* this.flat!.values();
      return;
    }
    for (const bySupplier of this.nested.values()) yield* bySupplier.values();
  }

  set(ref: SupplierRef, value: V): void {
    if (this.nested) {
      let bySupplier = this.nested.get(ref.supplierId);
      if (!bySupplier && !ref.supplierId.includes(':')) this.nested.set(ref.supplierId, (bySupplier = new Map()));
      if (bySupplier) {
        bySupplier.set(ref.supplierPropertyId, value);
        return;
      }
      this.flat = new Map();
      for (const [supplierId, bySupplierId] of this.nested) {
        for (const [supplierPropertyId, v] of bySupplierId) this.flat.set(refKey({ supplierId, supplierPropertyId }), v);
      }
      this.nested = undefined;
    }
    this.flat!.set(refKey(ref), value);
  }
}
