import { reunionDay } from '../../../../shared/reunion-day.js';

/** A day picked in the form closes at the end of that day in La Réunion (UTC+4), as the command line does. */
export function endOfReunionDay(day: string): string {
  return `${day}T23:59:59+04:00`;
}

/** The La Réunion day of a stored end date, for the date field of the edit form. */
export function reunionDayOf(iso: string): string {
  return reunionDay(new Date(iso));
}
