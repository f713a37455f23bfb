/**
 * Hard pairs picked from the sandbox world (default seed): each trap the world sets for matching, scored
 * as the mapping job scores it, with and without the phone and e-mail the suppliers send.
 */
import { describe, expect, it } from 'vitest';
import { matchProfile } from '../../functions/search/mapping/match-profile.js';
import { matchProperties } from '../../functions/search/mapping/match-properties.js';
import { MATCH_THRESHOLD, scorePair } from '../../functions/search/mapping/pair-score.js';
import { worldSupplierContent } from '../../sandbox/world/world-content.js';
import type { SupplierPropertyContent } from '../../functions/suppliers/port.js';
import { distanceMetres, getWorld } from '../../sandbox/world/generate-world.js';
import { getSupplierView, SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';
import type { WorldHotel } from '../../sandbox/world/types.js';

const world = getWorld();

function contentByHotel(withoutContacts: boolean): Map<string, SupplierPropertyContent[]> {
  const out = new Map<string, SupplierPropertyContent[]>();
  for (const supplierId of SUPPLIER_IDS) {
    const truth = getSupplierView(supplierId).groundTruth;
    for (const content of worldSupplierContent(supplierId, { withoutContacts })) {
      const hotelId = truth.get(content.supplierPropertyId)!;
      out.set(hotelId, [...(out.get(hotelId) ?? []), content]);
    }
  }
  return out;
}

const withContacts = contentByHotel(false);
const withoutContacts = contentByHotel(true);
const score = (a: SupplierPropertyContent, b: SupplierPropertyContent) => scorePair(matchProfile(a), matchProfile(b)).score;
const sameCluster = (a: SupplierPropertyContent, b: SupplierPropertyContent) =>
  matchProperties([a, b]).clusters.some((cluster) => cluster.includes(a) && cluster.includes(b));

/** Pairs of supplier properties of two different hotels, or of one hotel, chosen by a predicate. */
function pairsAcross(hotelA: WorldHotel, hotelB: WorldHotel, by: Map<string, SupplierPropertyContent[]>) {
  const out: [SupplierPropertyContent, SupplierPropertyContent][] = [];
  for (const a of by.get(hotelA.id) ?? []) for (const b of by.get(hotelB.id) ?? []) if (a.supplierId !== b.supplierId) out.push([a, b]);
  return out;
}
function pairsWithin(hotel: WorldHotel, by: Map<string, SupplierPropertyContent[]>) {
  const members = by.get(hotel.id) ?? [];
  const out: [SupplierPropertyContent, SupplierPropertyContent][] = [];
  for (let i = 0; i < members.length; i += 1) for (let j = i + 1; j < members.length; j += 1) out.push([members[i]!, members[j]!]);
  return out;
}

describe('hard pairs from the sandbox world', () => {
  it('the same brand at another address in the same city is not a match, even with coordinates close', () => {
    // Hotels of one brand in one city within a kilometre of each other: the hardest cases.
    let checked = 0;
    for (const hotels of world.hotelsByCity.values()) {
      const branded = hotels.filter((h) => h.traps.includes('brand_multiple_addresses'));
      for (let i = 0; i < branded.length; i += 1) {
        for (let j = i + 1; j < branded.length; j += 1) {
          const [a, b] = [branded[i]!, branded[j]!];
          if (a.brand !== b.brand || a.address === b.address || distanceMetres(a.geo, b.geo) > 1000) continue;
          for (const [x, y] of [...pairsAcross(a, b, withContacts), ...pairsAcross(a, b, withoutContacts)]) {
            expect(score(x, y), `${x.name} / ${y.name}`).toBeLessThan(MATCH_THRESHOLD);
            expect(sameCluster(x, y)).toBe(false);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('two hotels in one building (same address and coordinates, different names) are not a match', () => {
    const shared = world.hotels.filter((h) => h.traps.includes('shared_building'));
    let checked = 0;
    for (const a of shared) {
      for (const b of shared) {
        if (a.id >= b.id || a.cityCode !== b.cityCode || a.address !== b.address) continue;
        for (const [x, y] of [...pairsAcross(a, b, withContacts), ...pairsAcross(a, b, withoutContacts)]) {
          // A local-script name next to another hotel's romanised one, with no phone on either side, leaves
          // nothing to tell them apart (the name cannot be compared, the place is the same): not asserted.
          if (/[^\p{Script=Latin}\p{Script=Common}]/u.test(x.name + y.name) && !(x.phone && y.phone)) continue;
          expect(score(x, y), `${x.name} / ${y.name}`).toBeLessThan(MATCH_THRESHOLD);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a name in the local script matches its romanised name on address, position and phone', () => {
    let checked = 0;
    for (const hotel of world.hotels.filter((h) => h.localName)) {
      for (const [a, b] of [...pairsWithin(hotel, withContacts), ...pairsWithin(hotel, withoutContacts)]) {
        if ((a.name === hotel.localName) === (b.name === hotel.localName)) continue; // one local, one romanised
        if (distanceMetres(a.geo!, b.geo!) > 600) continue; // a wrong geocode besides: covered below
        expect(score(a, b), `${a.name} / ${b.name}`).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a renamed hotel shown under its previous name matches (the phone and the place agree)', () => {
    let checked = 0;
    for (const hotel of world.hotels.filter((h) => h.previousName)) {
      for (const [a, b] of pairsWithin(hotel, withContacts)) {
        const stale = (p: SupplierPropertyContent) => p.name.toLowerCase().includes(hotel.previousName!.toLowerCase().slice(0, 8));
        // Some suppliers send no phone (as real ones do): then nothing but the place speaks for the pair.
        if (stale(a) === stale(b) || !a.phone || !b.phone) continue;
        expect(score(a, b), `${a.name} / ${b.name}`).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
        expect(sameCluster(a, b)).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('coordinates kilometres off still match when name and address agree, even without a phone', () => {
    let checked = 0;
    for (const hotel of world.hotels) {
      for (const [a, b] of pairsWithin(hotel, withoutContacts)) {
        if (distanceMetres(a.geo!, b.geo!) < 800 || hotel.previousName || hotel.localName) continue;
        if (a.name !== b.name) continue;
        expect(score(a, b), `${a.name} ${distanceMetres(a.geo!, b.geo!).toFixed(0)} m`).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('two different hotels with the same name in one city are told apart by address and position', () => {
    let checked = 0;
    for (const hotels of world.hotelsByCity.values()) {
      const byName = new Map<string, WorldHotel[]>();
      for (const hotel of hotels) byName.set(hotel.name, [...(byName.get(hotel.name) ?? []), hotel]);
      for (const twins of byName.values()) {
        if (twins.length < 2) continue;
        for (const [x, y] of pairsAcross(twins[0]!, twins[1]!, withoutContacts)) {
          if (twins[0]!.address === twins[1]!.address) continue;
          expect(score(x, y), `${x.name}`).toBeLessThan(MATCH_THRESHOLD);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
