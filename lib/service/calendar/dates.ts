import { Temporal } from "temporal-polyfill";

/*
 * Calendar-date arithmetic on YYYY-MM-DD strings for the service. The day arithmetic is the
 * platform's (lib/platform/calendar-days.ts), which the portal shares; month arithmetic stays here,
 * as only the service's instalment schedules need it and it brings the Temporal polyfill along.
 */

export { addDays, dateOfDay, dayNumber, daysBetween, isIsoDate, laterOf, weekday } from "../../platform/calendar-days";

export function addMonths(date: string, months: number): string {
  // Temporal constrains the 31st to the month's last day, as instalment schedules expect.
  return Temporal.PlainDate.from(date).add({ months }).toString();
}
