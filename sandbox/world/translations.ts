/**
 * The sandbox suppliers' content in other languages: German, French and Spanish for a share of each
 * supplier's properties (a different share per supplier, as real suppliers translate different hotels),
 * the description and the room names. Derived from the world's facts (stars, district, city, amenities,
 * the world room type) without drawing on the world's random streams, so the world stays byte for byte what
 * it was. English is the world's own text; a property outside its supplier's share has no other language,
 * and each sandbox server answers such a property's content without texts when asked for one.
 */
import { hash32 } from './prng.js';
import type { SupplierProperty } from './supplier-views.js';

export const SANDBOX_LANGUAGES = ['de', 'fr', 'es'] as const;
export type SandboxLanguage = (typeof SANDBOX_LANGUAGES)[number];

/** Per cent of each supplier's properties translated into every sandbox language. */
export const TRANSLATED_SHARE: Readonly<Record<string, number>> = { hotelbeds: 60, expedia: 50, opentravel: 40 };

export interface TranslatedContent {
  readonly language: SandboxLanguage;
  readonly description: string;
  /** Room names by the supplier's own room code. */
  readonly roomNames: ReadonlyMap<string, string>;
}

/** The property's texts in the language (its primary subtag: "de-DE" is German), or undefined. */
export function translatedContent(property: SupplierProperty, language: string): TranslatedContent | undefined {
  const primary = language.toLowerCase().split('-')[0] as SandboxLanguage;
  if (!SANDBOX_LANGUAGES.includes(primary) || !isTranslated(property)) return undefined;
  const hotel = property.hotel;
  const words = WORDS[primary];
  const amenities = hotel.amenities.slice(0, 3).map((a) => words.amenities[a] ?? a.replace(/_/g, ' '));
  return {
    language: primary,
    description: words.describe(property.name, hotel.stars, hotel.district, property.address.city, amenities.join(', ')),
    roomNames: new Map(property.roomTypes.map((room) => [room.code, words.rooms[room.worldCode] ?? room.name])),
  };
}

export function isTranslated(property: SupplierProperty): boolean {
  return hash32(`translated|${property.supplierId}|${property.supplierPropertyId}`) % 100 < (TRANSLATED_SHARE[property.supplierId] ?? 0);
}

interface Words {
  readonly describe: (name: string, stars: number, district: string, city: string, amenities: string) => string;
  readonly amenities: Readonly<Record<string, string>>;
  readonly rooms: Readonly<Record<string, string>>;
}

const WORDS: Readonly<Record<SandboxLanguage, Words>> = {
  de: {
    describe: (name, stars, district, city, amenities) =>
      `${name} ist ein ${stars}-Sterne-Haus im Viertel ${district} in ${city}. Gäste schätzen ${amenities}.`,
    amenities: {
      wifi: 'WLAN',
      air_conditioning: 'Klimaanlage',
      '24h_front_desk': '24-Stunden-Rezeption',
      non_smoking: 'Nichtraucherzimmer',
      elevator: 'Aufzug',
      luggage_storage: 'Gepäckaufbewahrung',
      restaurant: 'Restaurant',
      bar: 'Bar',
      room_service: 'Zimmerservice',
      gym: 'Fitnessraum',
      parking: 'Parkplatz',
      laundry: 'Wäscheservice',
      family_rooms: 'Familienzimmer',
      accessible: 'Barrierefreiheit',
      business_centre: 'Businesscenter',
      airport_shuttle: 'Flughafentransfer',
      pet_friendly: 'Haustiere erlaubt',
      terrace: 'Terrasse',
      pool: 'Pool',
      spa: 'Spa',
      sauna: 'Sauna',
      concierge: 'Concierge',
      kitchenette: 'Kochnische',
      meeting_rooms: 'Tagungsräume',
    },
    rooms: {
      'SGL.ST': 'Einzelzimmer Standard',
      'DBL.ST': 'Doppelzimmer Standard',
      'TWN.ST': 'Zweibettzimmer Standard',
      'DBL.SU': 'Superior Doppelzimmer',
      'DBL.DX': 'Deluxe Doppelzimmer',
      'TPL.ST': 'Dreibettzimmer',
      'FAM.ST': 'Familienzimmer',
      'STE.JR': 'Junior Suite',
      'STE.EX': 'Executive Suite',
      'APT.1B': 'Apartment mit einem Schlafzimmer',
      'DRM.MX': 'Bett im gemischten 6-Bett-Schlafsaal',
    },
  },
  fr: {
    describe: (name, stars, district, city, amenities) =>
      `${name} est un établissement ${stars} étoiles dans le quartier ${district} à ${city}. Les clients apprécient : ${amenities}.`,
    amenities: {
      wifi: 'Wi-Fi',
      air_conditioning: 'climatisation',
      '24h_front_desk': 'réception 24 h/24',
      non_smoking: 'chambres non-fumeurs',
      elevator: 'ascenseur',
      luggage_storage: 'bagagerie',
      restaurant: 'restaurant',
      bar: 'bar',
      room_service: 'service en chambre',
      gym: 'salle de sport',
      parking: 'parking',
      laundry: 'blanchisserie',
      family_rooms: 'chambres familiales',
      accessible: 'accès handicapés',
      business_centre: "centre d'affaires",
      airport_shuttle: 'navette aéroport',
      pet_friendly: 'animaux acceptés',
      terrace: 'terrasse',
      pool: 'piscine',
      spa: 'spa',
      sauna: 'sauna',
      concierge: 'conciergerie',
      kitchenette: 'kitchenette',
      meeting_rooms: 'salles de réunion',
    },
    rooms: {
      'SGL.ST': 'Chambre simple standard',
      'DBL.ST': 'Chambre double standard',
      'TWN.ST': 'Chambre lits jumeaux standard',
      'DBL.SU': 'Chambre double supérieure',
      'DBL.DX': 'Chambre double deluxe',
      'TPL.ST': 'Chambre triple',
      'FAM.ST': 'Chambre familiale',
      'STE.JR': 'Suite junior',
      'STE.EX': 'Suite exécutive',
      'APT.1B': 'Appartement une chambre',
      'DRM.MX': 'Lit en dortoir mixte de 6 lits',
    },
  },
  es: {
    describe: (name, stars, district, city, amenities) =>
      `${name} es un alojamiento de ${stars} estrellas en el barrio de ${district}, en ${city}. Los huéspedes valoran: ${amenities}.`,
    amenities: {
      wifi: 'wifi',
      air_conditioning: 'aire acondicionado',
      '24h_front_desk': 'recepción 24 horas',
      non_smoking: 'habitaciones para no fumadores',
      elevator: 'ascensor',
      luggage_storage: 'consigna de equipaje',
      restaurant: 'restaurante',
      bar: 'bar',
      room_service: 'servicio de habitaciones',
      gym: 'gimnasio',
      parking: 'aparcamiento',
      laundry: 'lavandería',
      family_rooms: 'habitaciones familiares',
      accessible: 'accesibilidad',
      business_centre: 'centro de negocios',
      airport_shuttle: 'traslado al aeropuerto',
      pet_friendly: 'se admiten mascotas',
      terrace: 'terraza',
      pool: 'piscina',
      spa: 'spa',
      sauna: 'sauna',
      concierge: 'conserjería',
      kitchenette: 'cocina americana',
      meeting_rooms: 'salas de reuniones',
    },
    rooms: {
      'SGL.ST': 'Habitación individual estándar',
      'DBL.ST': 'Habitación doble estándar',
      'TWN.ST': 'Habitación con dos camas estándar',
      'DBL.SU': 'Habitación doble superior',
      'DBL.DX': 'Habitación doble deluxe',
      'TPL.ST': 'Habitación triple',
      'FAM.ST': 'Habitación familiar',
      'STE.JR': 'Junior suite',
      'STE.EX': 'Suite ejecutiva',
      'APT.1B': 'Apartamento de un dormitorio',
      'DRM.MX': 'Cama en dormitorio mixto de 6 camas',
    },
  },
};
