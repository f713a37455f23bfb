import { scaleMinor } from '../../functions/domain/money/money.js';
import { AMENITIES, BRANDS, NAME_ADJECTIVES, NAME_NOUNS, NAME_PATTERNS, roomCodesFor, roomTypeByCode } from './catalogue.js';
import { CITIES, hotelCountFor } from './cities.js';
import { countryLocale, cityLocale } from './locales.js';
import { Rng } from './prng.js';
import type { Address, City, GeoPoint, HotelTrap, World, WorldHotel } from './types.js';

/** The seed `npm start`, the tests and the sandbox stacks use unless told otherwise. */
export const DEFAULT_WORLD_SEED = 20_261_101;

const STAR_WEIGHTS = [5, 18, 37, 28, 12];
const STAR_PRICE_PERMILLE = [450, 650, 1000, 1500, 2600];
const FREE_CANCEL_DAYS = [1, 2, 3, 7, 14];
const FREE_CANCEL_WEIGHTS = [3, 4, 4, 2, 1];
const RESORT_CITIES = new Set(['DXB', 'CAI', 'RAK', 'BKK', 'MEX', 'RIO', 'CPT', 'MIA']);
const KM_PER_DEGREE = 111.32;
const CHAIN_SHARE = 0.36;
const RENAMED_SHARE = 0.025;
const SHARED_BUILDING_SHARE = 0.012;
const LOCAL_NAME_SHARE = 0.08;
const SCRIPT_NAME_SHARE = 0.1;

const memo = new Map<number, World>();

/** The world for a seed, generated once per process (it is immutable, so sharing is safe). */
export function getWorld(seed: number = DEFAULT_WORLD_SEED): World {
  let world = memo.get(seed);
  if (!world) {
    world = generateWorld(seed);
    memo.set(seed, world);
  }
  return world;
}

/** Generates the whole world; same seed, same world, byte for byte. Prefer the memoised `getWorld`. */
export function generateWorld(seed: number): World {
  const hotels: WorldHotel[] = [];
  const hotelsByCity = new Map<string, readonly WorldHotel[]>();
  for (const city of CITIES) {
    const cityHotels = generateCityHotels(seed, city);
    hotelsByCity.set(city.code, cityHotels);
    hotels.push(...cityHotels);
  }
  return {
    seed,
    cities: CITIES,
    hotels,
    hotelsByCity,
    hotelsById: new Map(hotels.map((hotel) => [hotel.id, hotel])),
  };
}

type Draft = { -readonly [K in keyof WorldHotel]: WorldHotel[K] };

function generateCityHotels(seed: number, city: City): WorldHotel[] {
  const rng = Rng.derive(seed, 'city', city.code);
  const locale = cityLocale(city.code);
  const count = hotelCountFor(city);
  const usedNames = new Set<string>();
  const phonePrefix = countryLocale(city.countryCode).phonePrefix;
  const drafts: Draft[] = [];
  const traps: HotelTrap[][] = [];

  // Each local-language name is used at most once per city, spread over random hotels.
  const localNameAt = assignOnce(rng, count, locale.localNames, LOCAL_NAME_SHARE);
  const scriptNameAt = assignOnce(rng, count, locale.scriptNames, SCRIPT_NAME_SHARE);

  for (let index = 0; index < count; index += 1) {
    const hotelTraps: HotelTrap[] = [];
    const district = rng.pick(locale.districts);
    let name: string;
    let localName: string | undefined;
    let brand: string | undefined;
    let stars: 1 | 2 | 3 | 4 | 5;
    let kind: 'hotel' | 'apartments' | 'hostel' = 'hotel';
    const scriptPair = scriptNameAt.get(index);
    const localPlain = localNameAt.get(index);

    if (scriptPair) {
      [localName, name] = scriptPair;
      stars = drawStars(rng);
      hotelTraps.push('local_script_name');
    } else if (localPlain) {
      name = localPlain;
      stars = drawStars(rng);
    } else if (rng.chance(CHAIN_SHARE)) {
      const chosen = BRANDS[rng.weightedIndex(BRANDS.map((b) => b.weight))] ?? BRANDS[0]!;
      brand = chosen.name;
      stars = chosen.stars;
      name = uniqueChainName(rng, chosen.name, city, district, locale.districts, locale.streets, usedNames);
    } else {
      const pattern = rng.pick(NAME_PATTERNS);
      name = pattern.replace('{adj}', rng.pick(NAME_ADJECTIVES)).replace('{noun}', rng.pick(NAME_NOUNS)).replace('{district}', district);
      kind = pattern.includes('Hostel') ? 'hostel' : pattern.includes('Apartments') ? 'apartments' : 'hotel';
      stars = kind === 'hostel' ? (rng.chance(0.5) ? 1 : 2) : kind === 'apartments' ? (rng.chance(0.5) ? 3 : 4) : drawStars(rng);
    }
    if (/[À-ɏ]/.test(name)) hotelTraps.push('diacritics');
    usedNames.add(name);

    let previousName: string | undefined;
    if (rng.chance(RENAMED_SHARE)) {
      const sameTier = BRANDS.filter((b) => b.stars === stars && b.name !== brand);
      previousName =
        brand && sameTier.length > 0
          ? `${rng.pick(sameTier).name} ${city.name} ${district}`
          : `Hotel ${rng.pick(NAME_ADJECTIVES)} ${rng.pick(NAME_NOUNS)}`;
      hotelTraps.push('renamed');
    }

    const geo = pointNear(rng, city);
    const address = drawAddress(rng, city, locale.streets);
    const id = `${city.code}-${String(index + 1).padStart(5, '0')}`;
    // The catalogue is ordered from basic to upscale: better hotels draw from more of it, more often.
    const amenityPool = 10 + stars * 3;
    const amenities = AMENITIES.filter((_, i) => i < amenityPool && rng.chance(0.35 + stars * 0.08));
    const roomCodes = roomCodesFor(stars, kind);
    const extraRooms = rng.sample(roomCodes.optional, rng.int(1, stars >= 4 ? 4 : 2));
    const roomTypes = [...roomCodes.always, ...extraRooms].map(roomTypeByCode);
    const priceNoise = rng.int(850, 1200);
    const kindFactor = kind === 'hostel' ? 450 : kind === 'apartments' ? 900 : 1000;
    const baseNightlyEurMinor = roundToWhole(
      scaleMinor(
        scaleMinor(scaleMinor(city.baseNightlyEurMinor, STAR_PRICE_PERMILLE[stars - 1] ?? 1000, 1000), priceNoise, 1000),
        kindFactor,
        1000,
      ),
    );
    const allInclusive = RESORT_CITIES.has(city.code) && stars >= 4 && rng.chance(0.3);
    const description = describe(name, stars, kind, district, city, amenities, rng);

    drafts.push({
      id,
      cityCode: city.code,
      name,
      ...(localName ? { localName } : {}),
      ...(previousName ? { previousName } : {}),
      ...(brand ? { brand } : {}),
      district,
      address,
      geo,
      stars,
      amenities,
      description,
      images: imageUrls(id, rng.int(3, 8)),
      roomTypes,
      checkInTime: rng.pick(['14:00', '15:00', '15:00', '16:00']),
      checkOutTime: rng.pick(['10:00', '11:00', '11:00', '12:00']),
      phone: `${phonePrefix} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}`,
      email: `reservations@${slug(localName ? id : name)}.example`,
      baseNightlyEurMinor,
      freeCancelDaysBefore: FREE_CANCEL_DAYS[rng.weightedIndex(FREE_CANCEL_WEIGHTS)] ?? 2,
      allInclusive,
      traps: [],
    });
    traps.push(hotelTraps);
  }

  // Two hotels in one building: a later hotel moves into an earlier one's address and coordinates.
  for (let index = 1; index < drafts.length; index += 1) {
    if (!rng.chance(SHARED_BUILDING_SHARE)) continue;
    const host = drafts[rng.int(0, index - 1)]!;
    const guest = drafts[index]!;
    if (host.name === guest.name) continue;
    guest.address = host.address;
    guest.geo = host.geo;
    traps[index]!.push('shared_building');
    traps[drafts.indexOf(host)]!.push('shared_building');
  }

  // The same brand at several addresses in one city.
  const brandCounts = new Map<string, number>();
  for (const draft of drafts) if (draft.brand) brandCounts.set(draft.brand, (brandCounts.get(draft.brand) ?? 0) + 1);
  drafts.forEach((draft, index) => {
    if (draft.brand && (brandCounts.get(draft.brand) ?? 0) > 1) traps[index]!.push('brand_multiple_addresses');
    draft.traps = [...new Set(traps[index])];
  });
  return drafts;
}

function drawStars(rng: Rng): 1 | 2 | 3 | 4 | 5 {
  return (rng.weightedIndex(STAR_WEIGHTS) + 1) as 1 | 2 | 3 | 4 | 5;
}

/** Chains name properties "<Brand> <City> <District>"; a second one in a district takes a street instead. */
function uniqueChainName(
  rng: Rng,
  brand: string,
  city: City,
  district: string,
  districts: readonly string[],
  streets: readonly string[],
  used: ReadonlySet<string>,
): string {
  const first = `${brand} ${city.name} ${district}`;
  if (!used.has(first)) return first;
  const candidates = [...rng.shuffle(districts), ...rng.shuffle(streets)].map((place) => `${brand} ${city.name} ${place}`);
  return candidates.find((candidate) => !used.has(candidate)) ?? `${brand} ${city.name} ${district} ${rng.int(2, 9)}`;
}

function assignOnce<T>(rng: Rng, count: number, items: readonly T[], share: number): Map<number, T> {
  const out = new Map<number, T>();
  const slots = Math.min(items.length, Math.max(1, Math.round(count * share)));
  if (items.length === 0) return out;
  const indices = rng.sample(
    Array.from({ length: count }, (_, i) => i),
    slots,
  );
  rng
    .shuffle(items)
    .slice(0, slots)
    .forEach((item, i) => out.set(indices[i]!, item));
  return out;
}

/** A point within the city's radius, denser towards the centre; 6 decimals (about 0.1 m). */
function pointNear(rng: Rng, city: City): GeoPoint {
  const distanceKm = city.radiusKm * rng.next() ** 1.15;
  const bearing = rng.next() * 2 * Math.PI;
  return offsetPoint(city.centre, distanceKm * 1000, bearing);
}

/** Moves a point by metres along a bearing (equirectangular; fine at city scale). */
export function offsetPoint(origin: GeoPoint, metres: number, bearingRadians: number): GeoPoint {
  const dLat = (metres * Math.cos(bearingRadians)) / 1000 / KM_PER_DEGREE;
  const dLng = (metres * Math.sin(bearingRadians)) / 1000 / (KM_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180));
  return { lat: round6(origin.lat + dLat), lng: round6(origin.lng + dLng) };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function drawAddress(rng: Rng, city: City, streets: readonly string[]): Address {
  const locale = countryLocale(city.countryCode);
  const number = `${rng.int(1, 240)}${rng.chance(0.05) ? rng.pick(['A', 'B', 'bis']) : ''}`;
  const postalCode = rng
    .pick(locale.postalTemplates)
    .replace(/[#@]/g, (c) => (c === '#' ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25))));
  return { street: rng.pick(streets), number, postalCode, city: city.name, countryCode: city.countryCode };
}

function describe(name: string, stars: number, kind: string, district: string, city: City, amenities: readonly string[], rng: Rng): string {
  const noun = kind === 'hotel' ? rng.pick(['hotel', 'property', 'hotel']) : kind;
  const highlights = amenities
    .slice(0, 3)
    .map((a) => a.replace(/_/g, ' '))
    .join(', ');
  const mood = rng.pick(['quiet', 'lively', 'central', 'well-connected', 'leafy', 'historic']);
  return `${name} is a ${stars}-star ${noun} in the ${mood} ${district} area of ${city.name}. ` + `Guests enjoy ${highlights}.`;
}

function imageUrls(id: string, count: number): string[] {
  const urls: string[] = [];
  for (let n = 1; n <= count; n += 1) urls.push(`https://sandbox-images.hotel-api.dev/hotels/${id}/${n}.jpg`);
  return urls;
}

function slug(text: string): string {
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return (
    plain
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'hotel'
  );
}

/** Rounds a price to whole currency units: hotels publish round rack rates. */
function roundToWhole(minor: number): number {
  return scaleMinor(minor, 1, 100) * 100;
}
