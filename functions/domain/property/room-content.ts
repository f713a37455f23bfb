/** A room type as one supplier describes it; unified content passes these through per supplier unchanged. */
export interface SupplierRoomContent {
  readonly code: string;
  readonly name: string;
  readonly maxOccupancy?: number;
  readonly images?: readonly string[];
}
