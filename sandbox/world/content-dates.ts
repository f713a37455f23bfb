/**
 * When the sandbox world's static content last changed, as the sandbox suppliers' content APIs say it
 * (Hotelbeds `lastUpdate`, Rapid `dates.updated`): the world is generated, so its content never changes after
 * this date, and a mapping run reading changes since its last run finds none.
 */
export const WORLD_CONTENT_ADDED = '2024-01-15T09:00:00.000Z';
export const WORLD_CONTENT_UPDATED = '2025-06-01T08:30:00.000Z';
