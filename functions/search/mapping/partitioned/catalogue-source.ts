/**
 * A supplier's catalogue as the mapping job reads it: its port's static content, page by page, and where
 * the supplier offers them, the parts it can be read in at the same time and its own change dates.
 */
import type { SupplierPort } from '../../../suppliers/port.js';

export type CatalogueSource = Pick<SupplierPort, 'supplierId' | 'staticContent' | 'contentSlices' | 'contentChangeDates'>;

/** The contracted suppliers' catalogues (the registry's adapters in production). */
export type CatalogueSources = () => Promise<readonly CatalogueSource[]>;
