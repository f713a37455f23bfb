/** Nights between two dates (YYYY-MM-DD): what a stay is priced and booked for. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
}
