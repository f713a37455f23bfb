import { distanceMetres, getWorld, offsetPoint } from './generate-world.js';
import { hash32, Rng } from './prng.js';
import { supplierAddressLine, supplierPhone } from './supplier-forms.js';
import type { Address, GeoPoint, RoomType, World, WorldHotel } from './types.js';

/**
 * What each sandbox supplier knows of the world: its own share of the hotels, under its own ids, with
 * its own distortions (names, coordinates, stars, room naming), currency and price margin. Mapping and
 * dedup are measured against `groundTruth` (supplier property id → world hotel id).
 */
export const SUPPLIER_IDS = ['hotelbeds', 'expedia', 'opentravel'] as const;
export type SupplierId = (typeof SUPPLIER_IDS)[number];

export interface SupplierProfile {
  readonly id: SupplierId;
  /** Share of the world's hotels this supplier carries. */
  readonly coverage: number;
  readonly currency: 'EUR' | 'USD' | 'GBP';
  /** Price relative to the hotel's own rate, permille (1040 = 4 % above). */
  readonly marginPermille: number;
  /** Commission paid on commissionable (pay at hotel) rates, permille of the gross price. */
  readonly commissionPermille: number;
  /** Probability of each name distortion being applied to a property's name. */
  readonly nameNoise: number;
  readonly upperCaseNames: number;
  readonly stripDiacritics: number;
  readonly prefersLocalScript: number;
  /** Probability that a renamed hotel still carries its previous name here. */
  readonly staleNames: number;
  readonly starsOffByOne: number;
  readonly farOffCoordinates: number;
}

export const SUPPLIER_PROFILES: Readonly<Record<SupplierId, SupplierProfile>> = {
  hotelbeds: {
    id: 'hotelbeds',
    coverage: 0.8,
    currency: 'EUR',
    marginPermille: 1000,
    commissionPermille: 120,
    nameNoise: 0.35,
    upperCaseNames: 0.15,
    stripDiacritics: 0.3,
    prefersLocalScript: 0.2,
    staleNames: 0.5,
    starsOffByOne: 0.06,
    farOffCoordinates: 0.02,
  },
  expedia: {
    id: 'expedia',
    coverage: 0.72,
    currency: 'USD',
    marginPermille: 1045,
    commissionPermille: 150,
    nameNoise: 0.4,
    upperCaseNames: 0,
    stripDiacritics: 0.1,
    prefersLocalScript: 0.05,
    staleNames: 0.3,
    starsOffByOne: 0.08,
    farOffCoordinates: 0.015,
  },
  opentravel: {
    id: 'opentravel',
    coverage: 0.6,
    currency: 'GBP',
    marginPermille: 965,
    commissionPermille: 100,
    nameNoise: 0.45,
    upperCaseNames: 0.05,
    stripDiacritics: 0.6,
    prefersLocalScript: 0.5,
    staleNames: 0.7,
    starsOffByOne: 0.1,
    farOffCoordinates: 0.03,
  },
};

export interface SupplierRoomType {
  /** The supplier's own room code. */
  readonly code: string;
  readonly name: string;
  readonly worldCode: string;
  readonly maxOccupancy: number;
  readonly maxChildren: number;
  readonly beds: RoomType['beds'];
}

export interface SupplierProperty {
  readonly supplierId: SupplierId;
  /** The supplier's own property id (Hotelbeds: an integer code as a string). */
  readonly supplierPropertyId: string;
  /** Ground truth, never put on the wire. */
  readonly worldHotelId: string;
  readonly cityCode: string;
  readonly name: string;
  readonly stars: 1 | 2 | 3 | 4 | 5;
  readonly geo: GeoPoint;
  readonly address: Address;
  /** The address line as this supplier writes it: its order, abbreviations, number forms (supplier-forms.ts). */
  readonly addressLine: string;
  /** The phone as this supplier writes it; absent when it sends none. */
  readonly phone?: string;
  readonly roomTypes: readonly SupplierRoomType[];
  readonly hotel: WorldHotel;
}

export interface SupplierView {
  readonly supplierId: SupplierId;
  readonly profile: SupplierProfile;
  readonly properties: readonly SupplierProperty[];
  readonly byPropertyId: ReadonlyMap<string, SupplierProperty>;
  readonly byCity: ReadonlyMap<string, readonly SupplierProperty[]>;
  /** supplierPropertyId → world hotel id. */
  readonly groundTruth: ReadonlyMap<string, string>;
}

const memo = new Map<string, SupplierView>();

export function getSupplierView(supplierId: SupplierId, seed?: number): SupplierView {
  const world = getWorld(seed);
  const key = `${world.seed}|${supplierId}`;
  let view = memo.get(key);
  if (!view) {
    view = buildSupplierView(world, supplierId);
    memo.set(key, view);
  }
  return view;
}

function buildSupplierView(world: World, supplierId: SupplierId): SupplierView {
  const profile = SUPPLIER_PROFILES[supplierId];
  const properties: SupplierProperty[] = [];
  const byCity = new Map<string, SupplierProperty[]>();
  const usedIds = new Set<string>();
  for (const hotel of world.hotels) {
    const rng = Rng.derive(world.seed, 'view', supplierId, hotel.id);
    if (!rng.chance(profile.coverage)) continue;
    // In this order: each draws from the supplier's stream for the hotel.
    const name = distortName(rng, profile, hotel);
    const stars = distortStars(rng, profile, hotel.stars);
    const geo = jitter(rng, profile, hotel.geo);
    const address = distortAddress(rng, hotel.address);
    // Its own stream: the real-world forms leave every other distortion as it was.
    const forms = Rng.derive(world.seed, 'view-forms', supplierId, hotel.id);
    const phone = supplierPhone(forms, hotel.phone, hotel.address.countryCode);
    const property: SupplierProperty = {
      supplierId,
      supplierPropertyId: propertyIdFor(supplierId, hotel.id, world.seed, usedIds),
      worldHotelId: hotel.id,
      cityCode: hotel.cityCode,
      name: supplierName(forms, name, hotel),
      stars,
      geo,
      address,
      addressLine: supplierAddressLine(forms, supplierId, address),
      ...(phone ? { phone } : {}),
      roomTypes: hotel.roomTypes.map((room, index) => supplierRoom(supplierId, room, index)),
      hotel,
    };
    properties.push(property);
    const list = byCity.get(hotel.cityCode) ?? [];
    list.push(property);
    byCity.set(hotel.cityCode, list);
  }
  return {
    supplierId,
    profile,
    properties,
    byPropertyId: new Map(properties.map((p) => [p.supplierPropertyId, p])),
    byCity,
    groundTruth: new Map(properties.map((p) => [p.supplierPropertyId, p.worldHotelId])),
  };
}

/** Ids look like each supplier's own: Hotelbeds integer codes, Expedia numeric strings, OTA codes. */
function propertyIdFor(supplierId: SupplierId, hotelId: string, seed: number, used: Set<string>): string {
  for (let attempt = 0; ; attempt += 1) {
    const h = hash32(`${seed}|${supplierId}|${hotelId}|${attempt}`);
    const id =
      supplierId === 'hotelbeds'
        ? String(1000 + (h % 9_000_000))
        : supplierId === 'expedia'
          ? String(10_000_000 + (h % 89_999_999))
          : `OT${h.toString(36).toUpperCase().padStart(7, '0')}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/\bSaint\b/g, 'St.'],
  [/\bHotel\b/g, 'Htl'],
  [/\bInternational\b/g, 'Intl'],
  [/\bApartments\b/g, 'Apts'],
  [/\bResidence\b/g, 'Res.'],
  [/\bBoulevard\b/g, 'Blvd'],
  [/\bStreet\b/g, 'St'],
  [/\bAvenue\b/g, 'Ave'],
  [/\bby Hilton\b/g, 'by Hilton'],
  [/\bCourtyard by Marriott\b/g, 'Courtyard'],
  [/\bDoubleTree by Hilton\b/g, 'DoubleTree'],
];

export function stripDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ı/g, 'i');
}

function distortName(rng: Rng, profile: SupplierProfile, hotel: WorldHotel): string {
  let name = hotel.previousName && rng.chance(profile.staleNames) ? hotel.previousName : hotel.name;
  if (hotel.localName && rng.chance(profile.prefersLocalScript)) return hotel.localName;
  if (rng.chance(profile.nameNoise)) {
    switch (rng.int(0, 5)) {
      case 0: // suffix
        name = /hotel/i.test(name) ? `${name} & Spa` : `${name} ${rng.pick(['Hotel', 'Hotel & Spa', 'Boutique Hotel'])}`;
        break;
      case 1: // word order: "Hotel X" <-> "X Hotel"
        name = name.startsWith('Hotel ')
          ? `${name.slice(6)} Hotel`
          : name.endsWith(' Hotel')
            ? `Hotel ${name.slice(0, -6)}`
            : `Hotel ${name}`;
        break;
      case 2: // abbreviations
        for (const [pattern, replacement] of ABBREVIATIONS) name = name.replace(pattern, replacement);
        break;
      case 3: // city dropped or moved ("Novotel Paris Opéra" -> "Novotel Opéra Paris")
        if (hotel.brand) {
          const city = hotel.address.city;
          name = rng.chance(0.5) ? name.replace(` ${city}`, '') : `${name.replace(` ${city}`, '')} ${city}`;
        } else name = `${name} ${hotel.district}`;
        break;
      case 4: // punctuation and spacing
        name = name.replace(/ & /g, ' and ').replace(/-/g, ' ').replace(/'/g, '');
        break;
      default: // leading article
        name = name.startsWith('The ') ? name.slice(4) : name;
    }
  }
  if (rng.chance(profile.stripDiacritics)) name = stripDiacritics(name);
  if (rng.chance(profile.upperCaseNames)) name = name.toUpperCase();
  return name;
}

function distortStars(rng: Rng, profile: SupplierProfile, stars: 1 | 2 | 3 | 4 | 5): 1 | 2 | 3 | 4 | 5 {
  if (!rng.chance(profile.starsOffByOne)) return stars;
  const shifted = stars + (rng.chance(0.5) ? 1 : -1);
  return Math.min(5, Math.max(1, shifted)) as 1 | 2 | 3 | 4 | 5;
}

/** Mostly under 150 m (geocoding of the entrance vs the building centre); a few far off (wrong geocode). */
function jitter(rng: Rng, profile: SupplierProfile, geo: GeoPoint): GeoPoint {
  const metres = rng.chance(profile.farOffCoordinates) ? rng.int(800, 5000) : Math.round(140 * rng.next() ** 2);
  return offsetPoint(geo, metres, rng.next() * 2 * Math.PI);
}

function distortAddress(rng: Rng, address: Address): Address {
  const street = rng.chance(0.2) ? stripDiacritics(address.street) : address.street;
  return {
    ...address,
    street: rng.chance(0.15)
      ? street
          .replace(/\bStreet\b/, 'St')
          .replace(/\bRoad\b/, 'Rd')
          .replace(/\bAvenue\b/, 'Ave')
      : street,
    postalCode: rng.chance(0.05) ? '' : address.postalCode,
  };
}

const EXPEDIA_BEDS: Readonly<Record<string, string>> = {
  single: 'Single Bed',
  double: 'Double Bed',
  queen: 'Queen Bed',
  king: 'King Bed',
  sofa_bed: 'Sofa Bed',
  bunk: 'Bunk Bed',
};

/** Each supplier names rooms its own way; the world's code stays reachable for benchmarks. */
function supplierRoom(supplierId: SupplierId, room: RoomType, index: number): SupplierRoomType {
  const base = { worldCode: room.code, maxOccupancy: room.maxOccupancy, maxChildren: room.maxChildren, beds: room.beds };
  if (supplierId === 'hotelbeds') {
    const [kind = '', grade = ''] = room.code.split('.');
    const kinds: Record<string, string> = {
      SGL: 'SINGLE',
      DBL: 'DOUBLE',
      TWN: 'TWIN',
      TPL: 'TRIPLE',
      FAM: 'FAMILY',
      STE: 'SUITE',
      APT: 'APARTMENT',
      DRM: 'BED IN DORMITORY',
    };
    const grades: Record<string, string> = {
      ST: 'STANDARD',
      SU: 'SUPERIOR',
      DX: 'DELUXE',
      JR: 'JUNIOR',
      EX: 'EXECUTIVE',
      '1B': 'ONE BEDROOM',
      MX: 'MIXED',
    };
    return { ...base, code: room.code, name: `${kinds[kind] ?? kind} ${grades[grade] ?? grade}` };
  }
  if (supplierId === 'expedia') {
    const beds = room.beds.map((bed) => `${bed.count} ${EXPEDIA_BEDS[bed.type] ?? bed.type}${bed.count > 1 ? 's' : ''}`).join(' and ');
    const kind = room.name.replace(/ Room| Standard/g, '').trim();
    return { ...base, code: String(200_000 + index * 1_001 + (hash32(room.code) % 1000)), name: `${kind} Room, ${beds}` };
  }
  const otaCodes: Record<string, string> = {
    'SGL.ST': 'A1S',
    'DBL.ST': 'A1D',
    'TWN.ST': 'A2T',
    'DBL.SU': 'B1Q',
    'DBL.DX': 'C1K',
    'TPL.ST': 'A3T',
    'FAM.ST': 'F4F',
    'STE.JR': 'S1J',
    'STE.EX': 'S2E',
    'APT.1B': 'P1A',
    'DRM.MX': 'D6M',
  };
  return {
    ...base,
    code: otaCodes[room.code] ?? room.code,
    name: room.name.replace(/ Standard$/, '').replace(/^(\w+) Room$/, 'Standard $1 Room'),
  };
}

/** Share of hotels carried by several suppliers, for the closing note and the benchmark. */
export function overlapStats(seed?: number): {
  total: number;
  bySupplier: Record<SupplierId, number>;
  pairs: Record<string, number>;
  all: number;
} {
  const world = getWorld(seed);
  const sets = Object.fromEntries(SUPPLIER_IDS.map((id) => [id, new Set(getSupplierView(id, seed).groundTruth.values())])) as Record<
    SupplierId,
    Set<string>
  >;
  const pairs: Record<string, number> = {};
  for (let i = 0; i < SUPPLIER_IDS.length; i += 1) {
    for (let j = i + 1; j < SUPPLIER_IDS.length; j += 1) {
      const a = SUPPLIER_IDS[i]!;
      const b = SUPPLIER_IDS[j]!;
      pairs[`${a}+${b}`] = [...sets[a]].filter((id) => sets[b].has(id)).length;
    }
  }
  const all = world.hotels.filter((h) => SUPPLIER_IDS.every((id) => sets[id].has(h.id))).length;
  return {
    total: world.hotels.length,
    bySupplier: Object.fromEntries(SUPPLIER_IDS.map((id) => [id, sets[id].size])) as Record<SupplierId, number>,
    pairs,
    all,
  };
}

export { distanceMetres };

/** Collection and marketing clauses some suppliers append to upscale hotels' names, or the city. */
const NAME_CLAUSES = [
  ', a Member of Design Hotels',
  ' - Small Luxury Hotels of the World',
  ', Autograph Collection',
  ', a Luxury Collection Hotel',
  ', The Leading Hotels of the World',
];

function supplierName(rng: Rng, name: string, hotel: WorldHotel): string {
  const roll = rng.next();
  if (name === hotel.localName) return name;
  if (roll < 0.05 && hotel.stars >= 4) return `${name}${rng.pick(NAME_CLAUSES)}`;
  if (roll < 0.08 && !hotel.brand && !name.includes(hotel.address.city)) return `${name} ${hotel.address.city}`;
  return name;
}
