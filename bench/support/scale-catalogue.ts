/**
 * Catalogues of any size for bench:mapping-scale, in each supplier's wire format, made hotel by hotel from
 * its index (nothing held in memory beyond an index per supplier): hotels placed around the destination
 * catalogue's 4,300 cities, big cities far denser than small ones; each hotel carried by two or three of the
 * three suppliers (about 3/4 each), each writing it its own way (name order and case, address form, phone
 * form, coordinates a hundred metres apart, a star off now and then). A fraction of hotels changed "today"
 * (`changed`): new names, new dates, for the incremental run.
 */
import { allCities, type City } from '../../functions/domain/destinations/index.js';
import type { WireContentHotel } from '../../functions/suppliers/hotelbeds/wire.js';
import type { WirePropertyContent } from '../../functions/suppliers/expedia/wire.js';

export const SCALE_SUPPLIERS = ['hotelbeds', 'expedia', 'opentravel'] as const;
export type ScaleSupplier = (typeof SCALE_SUPPLIERS)[number];

/** Each supplier carries a hotel with this probability. */
const CARRIED = 0.75;
const BASE_DATE = '2025-03-01';

/** Which property of a hotel a number is drawn for: each draw independent of the others. */
enum Draw {
  Carried = 1,
  City,
  Radius,
  Angle,
  Changed,
  Word,
  Brand,
  Kind,
  Length,
  Stars,
  StreetKind,
  Number,
  Postal,
  Area,
  Phone,
  Street,
  Jitter,
  StarsOff,
  HasPhone,
  Dial,
}

/** 32 well-mixed bits for (draw, index, extra): a splitmix-style finaliser. Millions a second, the same everywhere. */
function hash(draw: number, index: number, extra = 0): number {
  let x = (Math.imul(index + 1, 0x9e3779b9) ^ Math.imul(draw, 0x85ebca6b) ^ Math.imul(extra + 1, 0xc2b2ae35)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x = Math.imul(x ^ (x >>> 16), 0x27d4eb2f);
  return (x ^ (x >>> 15)) >>> 0;
}
const unit = (draw: number, index: number, extra = 0) => hash(draw, index, extra) / 0x1_0000_0000;

const SYLLABLES = [
  'ka',
  'lo',
  'mer',
  'vin',
  'sa',
  'tor',
  'el',
  'ri',
  'an',
  'do',
  'bel',
  'cas',
  'mon',
  'ta',
  'vi',
  'ra',
  'no',
  'zen',
  'pa',
  'lu',
  'gra',
  'ste',
  'fi',
  'or',
  'qui',
  'ha',
  'nu',
  'bre',
  'shi',
  'ko',
];
const KINDS = ['Hotel', 'Inn', 'Suites', 'Resort', 'Lodge', 'House', 'Residence', 'Palace', 'Boutique Hotel', 'Guesthouse'];
const BRANDS = ['', '', '', '', 'Grand', 'Royal', 'Park', 'City', 'Ibis', 'Novotel', 'Hilton', 'Marriott', 'Best Western', 'Holiday Inn'];
const STREETS = ['Street', 'Avenue', 'Road', 'Boulevard', 'Lane', 'Square'];
const STREET_ABBREVIATIONS: Record<string, string> = {
  Street: 'St',
  Avenue: 'Ave',
  Road: 'Rd',
  Boulevard: 'Blvd',
  Lane: 'Ln',
  Square: 'Sq',
};

export interface ScaleHotel {
  readonly index: number;
  readonly city: City;
  readonly name: string;
  readonly stars: number;
  readonly lat: number;
  readonly lng: number;
  readonly street: string;
  readonly streetKind: string;
  readonly number: number;
  readonly postalCode: string;
  readonly phone: string;
  readonly changed: boolean;
}

export class ScaleWorld {
  readonly hotels: number;
  /** Off for the first run; on, the `changedShare` of hotels read as changed today (the incremental run). */
  showChanges = false;
  private readonly cities: readonly City[];
  private readonly cumulative: Float64Array;
  /** Per supplier, the hotel indexes it carries, in its catalogue's order. */
  private readonly carried = new Map<ScaleSupplier, Int32Array>();

  constructor(
    perSupplier: number,
    readonly changedShare = 0,
    readonly today = new Date().toISOString().slice(0, 10),
  ) {
    this.hotels = Math.ceil(perSupplier / CARRIED);
    this.cities = allCities();
    // A city's share grows with its area (its radius squared), metropolitan codes four times over.
    this.cumulative = new Float64Array(this.cities.length);
    let sum = 0;
    this.cities.forEach((city, index) => {
      sum += city.radiusKm * city.radiusKm * (city.metropolitan ? 4 : 1);
      this.cumulative[index] = sum;
    });
    for (let i = 0; i < this.cumulative.length; i += 1) this.cumulative[i]! /= sum;
    for (const supplier of SCALE_SUPPLIERS) {
      const list: number[] = [];
      for (let i = 0; i < this.hotels && list.length < perSupplier; i += 1) if (this.carries(supplier, i)) list.push(i);
      this.carried.set(supplier, Int32Array.from(list));
    }
  }

  carries(supplier: ScaleSupplier, index: number): boolean {
    return unit(Draw.Carried, index, SCALE_SUPPLIERS.indexOf(supplier)) < CARRIED;
  }

  catalogue(supplier: ScaleSupplier): Int32Array {
    return this.carried.get(supplier)!;
  }

  hotel(index: number): ScaleHotel {
    const city = this.cities[Math.min(this.cities.length - 1, lowerBound(this.cumulative, unit(Draw.City, index)))]!;
    // Around the centre, densest in the middle (a normal spread of a third of the city's radius).
    const r = (city.radiusKm / 3) * Math.sqrt(-2 * Math.log(Math.max(1e-9, unit(Draw.Radius, index))));
    const angle = 2 * Math.PI * unit(Draw.Angle, index);
    const lat = city.centre.lat + (r / 111.32) * Math.sin(angle);
    const lng = city.centre.lng + (r / (111.32 * Math.max(0.1, Math.cos((city.centre.lat * Math.PI) / 180)))) * Math.cos(angle);
    const changed = this.showChanges && unit(Draw.Changed, index) < this.changedShare;
    const word = (salt: number, syllables: number) => {
      let out = '';
      for (let k = 0; k < syllables; k += 1) out += SYLLABLES[hash(Draw.Word, index, salt * 8 + k) % SYLLABLES.length];
      return out;
    };
    const proper = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
    const brand = BRANDS[hash(Draw.Brand, index) % BRANDS.length]!;
    const kind = KINDS[hash(Draw.Kind, index) % KINDS.length]!;
    const name = [brand, proper(word(1, 2 + (hash(Draw.Length, index) % 2))), kind, changed ? 'Superior' : ''].filter(Boolean).join(' ');
    return {
      index,
      city,
      name,
      stars: 1 + (hash(Draw.Stars, index) % 5),
      lat: round6(lat),
      lng: round6(lng),
      street: proper(word(2, 3)),
      streetKind: STREETS[hash(Draw.StreetKind, index) % STREETS.length]!,
      number: 1 + (hash(Draw.Number, index) % 240),
      postalCode: String(10000 + (hash(Draw.Postal, index) % 89999)),
      phone: `${200 + (hash(Draw.Area, index) % 700)}${String(hash(Draw.Phone, index) % 10_000_000).padStart(7, '0')}`,
      changed,
    };
  }

  /** The supplier's change date of the hotel's content. */
  updated(hotel: ScaleHotel): string {
    return hotel.changed ? this.today : BASE_DATE;
  }

  // ---------- each supplier's way of writing a hotel ----------

  hotelbeds(hotel: ScaleHotel): WireContentHotel {
    const jitter = offset(0, hotel.index);
    return {
      code: 100_000 + hotel.index,
      name: { content: hotel.name.toUpperCase() },
      description: { content: `${hotel.name} in ${hotel.city.name}.` },
      countryCode: hotel.city.countryCode,
      destinationCode: hotel.city.code,
      coordinates: { latitude: round6(hotel.lat + jitter.lat), longitude: round6(hotel.lng + jitter.lng) },
      categoryCode: `${starsOff(hotel, 0)}EST`,
      address: {
        content: `${hotel.street} ${hotel.streetKind}, ${hotel.number}`,
        street: `${hotel.street} ${hotel.streetKind}`,
        number: String(hotel.number),
      },
      postalCode: hotel.postalCode,
      city: { content: hotel.city.name.toUpperCase() },
      phones: [{ phoneNumber: `+${countryDial(hotel)}${hotel.phone}`, phoneType: 'PHONEBOOKING' }],
      rooms: [{ roomCode: 'DBL.ST', description: 'Double Standard', maxPax: 2 }],
      facilities: [{ facilityCode: 'wifi' }],
      images: [{ path: `${hotel.index}/hb.jpg`, order: 1, imageTypeCode: 'GEN' }],
      checkInTime: '15:00',
      checkOutTime: '11:00',
      lastUpdate: this.updated(hotel),
    };
  }

  expedia(hotel: ScaleHotel): WirePropertyContent {
    const jitter = offset(1, hotel.index);
    const id = String(1_000_000 + hotel.index);
    return {
      property_id: id,
      name: hotel.name,
      address: {
        line_1: `${hotel.number} ${hotel.street} ${STREET_ABBREVIATIONS[hotel.streetKind]}`,
        city: hotel.city.name,
        postal_code: hotel.postalCode,
        country_code: hotel.city.countryCode,
      },
      ratings: { property: { rating: `${starsOff(hotel, 1)}.0`, type: 'Star' } },
      location: { coordinates: { latitude: round6(hotel.lat + jitter.lat), longitude: round6(hotel.lng + jitter.lng) } },
      ...(unit(Draw.HasPhone, hotel.index, 1) < 0.9
        ? { phone: `${countryDial(hotel)}-${hotel.phone.slice(0, 3)}-${hotel.phone.slice(3)}` }
        : {}),
      checkin: { begin_time: '3:00 PM' },
      checkout: { time: '11:00 AM' },
      amenities: { '2390': { id: '2390', name: 'Free WiFi' } },
      images: [{ hero_image: true, links: { '350px': { method: 'GET', href: `https://i.example/${id}.jpg` } } }] as never,
      airports: { preferred: { iata_airport_code: hotel.city.airportCodes[0] ?? hotel.city.code } },
      dates: { added: `${BASE_DATE}T00:00:00.000Z`, updated: `${this.updated(hotel)}T06:00:00.000Z` },
      supply_source: 'expedia',
    };
  }

  /** An OpenTravel catalogue <Hotel> element. */
  opentravel(hotel: ScaleHotel): string {
    const jitter = offset(2, hotel.index);
    const name = hotel.name.split(' ').reverse().join(' ');
    return (
      `<Hotel HotelCode="OT${hotel.index}" HotelName="${xml(name)}" HotelCityCode="${hotel.city.code}" Rating="${starsOff(hotel, 2)}" CheckInTime="14:00" CheckOutTime="12:00">` +
      `<Position Latitude="${(hotel.lat + jitter.lat).toFixed(6)}" Longitude="${(hotel.lng + jitter.lng).toFixed(6)}"/>` +
      `<Address><AddressLine>${xml(`${hotel.street} ${STREET_ABBREVIATIONS[hotel.streetKind]} ${hotel.number}`)}</AddressLine><CityName>${xml(hotel.city.name)}</CityName><PostalCode>${hotel.postalCode}</PostalCode><CountryName Code="${hotel.city.countryCode}"/></Address>` +
      (unit(Draw.HasPhone, hotel.index, 2) < 0.8 ? `<Phone>0${hotel.phone}</Phone>` : '') +
      `<Description>${xml(hotel.name)}</Description><Amenity Code="WIFI"/><Image URL="https://img.example/ot/${hotel.index}.jpg"/>` +
      `<Room RoomTypeCode="DBL" Name="Double" MaxOccupancy="2"/></Hotel>`
    );
  }
}

function lowerBound(values: Float64Array, target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Up to ~150 m apart: how far two suppliers' geocodes of one hotel usually are. */
function offset(supplier: number, index: number): { lat: number; lng: number } {
  return { lat: (unit(Draw.Jitter, index, supplier * 2) - 0.5) * 0.0027, lng: (unit(Draw.Jitter, index, supplier * 2 + 1) - 0.5) * 0.0027 };
}

/** A supplier one star off, one time in ten. */
function starsOff(hotel: ScaleHotel, supplier: number): number {
  const off = unit(Draw.StarsOff, hotel.index, supplier) < 0.1 ? (hotel.stars === 5 ? -1 : 1) : 0;
  return hotel.stars + off;
}

function countryDial(hotel: ScaleHotel): string {
  return String(1 + (hash(Draw.Dial, hotel.city.countryCode.charCodeAt(0) * 256 + hotel.city.countryCode.charCodeAt(1)) % 98));
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
