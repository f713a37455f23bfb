/**
 * A calendar date as requests carry it (YYYY-MM-DD), refused with the field named when it is not one: a day
 * past the month's end ("2027-02-30") or a year JavaScript cannot date ("+99999") is a 400, never a throw.
 */
import * as z from 'zod';

export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'is not a calendar date',
  );
