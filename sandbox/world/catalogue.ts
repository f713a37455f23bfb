import type { RoomType } from './types.js';

/** Hotel brands (chains) with their usual star rating and how they write their property names. */
export interface Brand {
  readonly name: string;
  readonly stars: 1 | 2 | 3 | 4 | 5;
  /** Relative frequency among chain hotels. */
  readonly weight: number;
}

export const BRANDS: readonly Brand[] = [
  { name: 'Ibis', stars: 2, weight: 10 },
  { name: 'Ibis Styles', stars: 3, weight: 5 },
  { name: 'Ibis Budget', stars: 1, weight: 4 },
  { name: 'Novotel', stars: 4, weight: 7 },
  { name: 'Mercure', stars: 3, weight: 7 },
  { name: 'Pullman', stars: 5, weight: 2 },
  { name: 'Sofitel', stars: 5, weight: 2 },
  { name: 'Holiday Inn', stars: 3, weight: 7 },
  { name: 'Holiday Inn Express', stars: 2, weight: 7 },
  { name: 'Crowne Plaza', stars: 4, weight: 3 },
  { name: 'InterContinental', stars: 5, weight: 2 },
  { name: 'Hotel Indigo', stars: 4, weight: 2 },
  { name: 'Hilton', stars: 4, weight: 5 },
  { name: 'Hampton by Hilton', stars: 3, weight: 5 },
  { name: 'DoubleTree by Hilton', stars: 4, weight: 3 },
  { name: 'Marriott', stars: 4, weight: 4 },
  { name: 'Courtyard by Marriott', stars: 3, weight: 4 },
  { name: 'Moxy', stars: 3, weight: 3 },
  { name: 'Sheraton', stars: 4, weight: 3 },
  { name: 'The Westin', stars: 5, weight: 2 },
  { name: 'Radisson Blu', stars: 4, weight: 4 },
  { name: 'Park Inn by Radisson', stars: 3, weight: 3 },
  { name: 'Best Western', stars: 3, weight: 6 },
  { name: 'Best Western Plus', stars: 3, weight: 3 },
  { name: 'Premier Inn', stars: 3, weight: 4 },
  { name: 'NH Collection', stars: 4, weight: 3 },
  { name: 'NH', stars: 3, weight: 3 },
  { name: 'Meliá', stars: 4, weight: 3 },
  { name: 'Motel One', stars: 2, weight: 3 },
  { name: 'citizenM', stars: 4, weight: 2 },
  { name: 'Hyatt Regency', stars: 5, weight: 2 },
  { name: 'Kempinski', stars: 5, weight: 1 },
  { name: 'Four Seasons', stars: 5, weight: 1 },
  { name: 'Scandic', stars: 3, weight: 2 },
];

/** Words for invented independent hotels ("Hotel Golden Crown", "The Little Rose House", ...). */
export const NAME_ADJECTIVES = [
  'Grand',
  'Royal',
  'Park',
  'Garden',
  'City',
  'Central',
  'Golden',
  'Silver',
  'Little',
  'Old',
  'New',
  'Blue',
  'Green',
  'White',
  'Imperial',
  'Crystal',
  'Ivy',
  'Maple',
  'Harbour',
  'Riverside',
  'Sunset',
  'Continental',
  'Victoria',
  'Regent',
  'Majestic',
  'Cosy',
  'Bright',
  'Urban',
  'Quiet',
  'Northern',
];
export const NAME_NOUNS = [
  'Palace',
  'House',
  'Inn',
  'Residence',
  'Lodge',
  'Suites',
  'Court',
  'Gate',
  'Tower',
  'View',
  'Square',
  'Bridge',
  'Star',
  'Crown',
  'Rose',
  'Garden',
  'Manor',
  'Terrace',
  'Plaza',
  'Corner',
  'Hall',
  'Loft',
  'Nest',
  'Harbour',
  'Station',
  'Arch',
  'Mews',
  'Quarters',
  'Retreat',
  'Yard',
];
export const NAME_PATTERNS = [
  'Hotel {adj} {noun}',
  '{adj} {noun} Hotel',
  'The {adj} {noun}',
  '{adj} {noun}',
  '{district} {noun} Hotel',
  'Hotel {district} {noun}',
  'The {noun} at {district}',
  '{adj} {noun} Boutique Hotel',
  '{adj} {noun} Apartments',
  '{adj} {noun} Hostel',
];

export const AMENITIES = [
  'wifi',
  'air_conditioning',
  '24h_front_desk',
  'non_smoking',
  'elevator',
  'luggage_storage',
  'restaurant',
  'bar',
  'room_service',
  'gym',
  'parking',
  'laundry',
  'family_rooms',
  'accessible',
  'business_centre',
  'airport_shuttle',
  'pet_friendly',
  'terrace',
  'pool',
  'spa',
  'sauna',
  'concierge',
  'kitchenette',
  'meeting_rooms',
];

const ROOM_TYPES: readonly RoomType[] = [
  {
    code: 'SGL.ST',
    name: 'Single Room Standard',
    maxOccupancy: 1,
    maxChildren: 0,
    beds: [{ type: 'single', count: 1 }],
    priceFactorPermille: 780,
  },
  {
    code: 'DBL.ST',
    name: 'Double Room Standard',
    maxOccupancy: 2,
    maxChildren: 1,
    beds: [{ type: 'double', count: 1 }],
    priceFactorPermille: 1000,
  },
  {
    code: 'TWN.ST',
    name: 'Twin Room Standard',
    maxOccupancy: 2,
    maxChildren: 1,
    beds: [{ type: 'single', count: 2 }],
    priceFactorPermille: 1000,
  },
  {
    code: 'DBL.SU',
    name: 'Superior Double Room',
    maxOccupancy: 2,
    maxChildren: 1,
    beds: [{ type: 'queen', count: 1 }],
    priceFactorPermille: 1220,
  },
  {
    code: 'DBL.DX',
    name: 'Deluxe King Room',
    maxOccupancy: 3,
    maxChildren: 1,
    beds: [{ type: 'king', count: 1 }],
    priceFactorPermille: 1450,
  },
  {
    code: 'TPL.ST',
    name: 'Triple Room',
    maxOccupancy: 3,
    maxChildren: 2,
    beds: [
      { type: 'double', count: 1 },
      { type: 'single', count: 1 },
    ],
    priceFactorPermille: 1300,
  },
  {
    code: 'FAM.ST',
    name: 'Family Room',
    maxOccupancy: 4,
    maxChildren: 3,
    beds: [
      { type: 'double', count: 1 },
      { type: 'single', count: 2 },
    ],
    priceFactorPermille: 1550,
  },
  {
    code: 'STE.JR',
    name: 'Junior Suite',
    maxOccupancy: 3,
    maxChildren: 2,
    beds: [
      { type: 'king', count: 1 },
      { type: 'sofa_bed', count: 1 },
    ],
    priceFactorPermille: 1800,
  },
  {
    code: 'STE.EX',
    name: 'Executive Suite',
    maxOccupancy: 4,
    maxChildren: 2,
    beds: [
      { type: 'king', count: 1 },
      { type: 'sofa_bed', count: 1 },
    ],
    priceFactorPermille: 2400,
  },
  {
    code: 'APT.1B',
    name: 'One-Bedroom Apartment',
    maxOccupancy: 4,
    maxChildren: 3,
    beds: [
      { type: 'queen', count: 1 },
      { type: 'sofa_bed', count: 1 },
    ],
    priceFactorPermille: 1650,
  },
  {
    code: 'DRM.MX',
    name: 'Bed in 6-Bed Mixed Dormitory',
    maxOccupancy: 1,
    maxChildren: 0,
    beds: [{ type: 'bunk', count: 1 }],
    priceFactorPermille: 320,
  },
];

export function roomTypeByCode(code: string): RoomType {
  const found = ROOM_TYPES.find((room) => room.code === code);
  if (!found) throw new RangeError(`unknown room type ${code}`);
  return found;
}

/** Room codes a hotel of this kind offers: the first are always there, the rest drawn. */
export function roomCodesFor(stars: number, kind: 'hotel' | 'apartments' | 'hostel'): { always: string[]; optional: string[] } {
  if (kind === 'hostel') return { always: ['DRM.MX', 'DBL.ST'], optional: ['TWN.ST', 'SGL.ST', 'FAM.ST'] };
  if (kind === 'apartments') return { always: ['APT.1B'], optional: ['DBL.ST', 'FAM.ST', 'STE.JR'] };
  if (stars >= 4) return { always: ['DBL.ST', 'DBL.SU'], optional: ['TWN.ST', 'DBL.DX', 'STE.JR', 'STE.EX', 'FAM.ST', 'SGL.ST'] };
  return { always: ['DBL.ST'], optional: ['SGL.ST', 'TWN.ST', 'TPL.ST', 'FAM.ST', 'DBL.SU'] };
}
