/**
 * A property's texts in another language, asked of each contracted supplier that carries it through its
 * content API in that language (each adapter in its supplier's terms: Hotelbeds `language` with its own
 * codes, Rapid `language` as "de-DE", OpenTravel `LanguageCode`), for several properties at once (at most
 * CONTENT_IDS_MAX ids a call), under a time budget. A supplier that fails or runs out of time is logged and
 * left out: its texts stay English, and each text says so.
 */
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import { refKey } from '../domain/property/supplier-ref.js';
import { logger } from '../shared/observability.js';
import type { SupplierContract } from '../suppliers/contracts.js';
import { CONTENT_IDS_MAX, type SupplierPort, type SupplierPropertyContent } from '../suppliers/port.js';
import { supplierFailureReason } from '../suppliers/supplier-error.js';

/** How long the content routes wait for the suppliers' texts in another language. */
export const LOCALIZED_CONTENT_BUDGET_MS = 5_000;

export interface LocalizedContentPorts {
  readonly contracts: readonly SupplierContract[];
  readonly adapterFor: (contract: SupplierContract) => Promise<Pick<SupplierPort, 'supplierId' | 'staticContent'>>;
}

/** The suppliers' content in `language` of these properties' members, keyed by refKey; English asks nothing. */
export async function localizedContent(
  ports: LocalizedContentPorts,
  properties: readonly UnifiedProperty[],
  language: string,
  budgetMs = LOCALIZED_CONTENT_BUDGET_MS,
): Promise<Map<string, SupplierPropertyContent>> {
  const found = new Map<string, SupplierPropertyContent>();
  if (isEnglish(language) || properties.length === 0) return found;
  const signal = AbortSignal.timeout(budgetMs);
  await Promise.all(
    ports.contracts.map(async (contract) => {
      const ids = [
        ...new Set(
          properties.flatMap((p) => p.supplierRefs.filter((r) => r.supplierId === contract.supplierId).map((r) => r.supplierPropertyId)),
        ),
      ];
      if (ids.length === 0) return;
      try {
        const adapter = await ports.adapterFor(contract);
        for (let at = 0; at < ids.length; at += CONTENT_IDS_MAX) {
          const page = await adapter.staticContent({ language, supplierPropertyIds: ids.slice(at, at + CONTENT_IDS_MAX), signal });
          for (const content of page.properties) found.set(refKey(content), content);
        }
      } catch (error) {
        logger.warn('supplier content in another language failed', {
          supplierId: contract.supplierId,
          language,
          reason: supplierFailureReason(error),
        });
      }
    }),
  );
  return found;
}

export function isEnglish(language: string): boolean {
  return language.toLowerCase().split('-')[0] === 'en';
}
