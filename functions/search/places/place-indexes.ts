/**
 * The two indexes a container keeps: the catalogue's (cities and airports, built once at the first
 * type-ahead) and the mapped properties' (read from the destination index and rebuilt every
 * PROPERTY_INDEX_MS: the mapping job runs daily, so minutes of staleness cost nothing). While a rebuild
 * runs, the index before it answers; a failed rebuild keeps it and is tried again at the next call.
 */
import { cataloguePlaces } from './catalogue-places.js';
import { PlaceIndex } from './place-index.js';
import { propertyPlaces, type DestinationEntries } from './property-places.js';

export const PROPERTY_INDEX_MS = 10 * 60 * 1000;

let catalogue: PlaceIndex | undefined;

export function catalogueIndex(): PlaceIndex {
  return (catalogue ??= new PlaceIndex(cataloguePlaces()));
}

export class PropertyIndexCache {
  private current: { index: PlaceIndex; builtAt: number } | undefined;
  private building: Promise<PlaceIndex> | undefined;

  constructor(
    private readonly source: DestinationEntries,
    private readonly now: () => number = Date.now,
  ) {}

  async index(): Promise<PlaceIndex> {
    const current = this.current;
    if (current && this.now() - current.builtAt < PROPERTY_INDEX_MS) return current.index;
    const rebuild = (this.building ??= this.rebuild());
    // The first build is awaited; after it, a stale index answers while the next one is built.
    return current ? current.index : rebuild;
  }

  private async rebuild(): Promise<PlaceIndex> {
    try {
      const index = new PlaceIndex(await propertyPlaces(this.source));
      this.current = { index, builtAt: this.now() };
      return index;
    } finally {
      this.building = undefined;
    }
  }
}
