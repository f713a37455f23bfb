import type { BoardBasis } from '../port.js';

/**
 * Rapid has no board code: meals travel as rate amenities (`rate.amenities`, and as bare ids on itinerary
 * rooms). These ids and names are the sandbox's vocabulary; the adapter reads the id and, for amenities it
 * does not know, the name, so a live feed's wording ("Breakfast for 2", "Full board") still maps.
 */
export const BOARD_AMENITIES: Readonly<Record<Exclude<BoardBasis, 'RO'>, { readonly id: string; readonly name: string }>> = {
  BB: { id: '2205', name: 'Breakfast included' },
  HB: { id: '2207', name: 'Half board' },
  FB: { id: '2209', name: 'Full board' },
  AI: { id: '2210', name: 'All inclusive' },
};

const BY_ID: ReadonlyMap<string, BoardBasis> = new Map(
  Object.entries(BOARD_AMENITIES).map(([board, amenity]) => [amenity.id, board as BoardBasis]),
);

/** The richest board among a rate's amenities; room only when none carries meals. */
export function boardFromAmenities(amenities: readonly { readonly id?: string; readonly name?: string }[]): BoardBasis {
  const boards = amenities.map((amenity) => BY_ID.get(amenity.id ?? '') ?? boardFromName(amenity.name ?? ''));
  for (const board of ['AI', 'FB', 'HB', 'BB'] as const) if (boards.includes(board)) return board;
  return 'RO';
}

function boardFromName(name: string): BoardBasis {
  if (/all[ -]inclusive/i.test(name)) return 'AI';
  if (/full board/i.test(name)) return 'FB';
  if (/half board/i.test(name)) return 'HB';
  if (/breakfast/i.test(name)) return 'BB';
  return 'RO';
}
