import type { Country } from "../../spec/environments";
import { addBusinessDays } from "../calendar/business-days";

/*
 * The day a payment the service did not learn from a bank statement is settled to the principal:
 * money booked on a day is paid out on the next business day of the country's bank calendar. A
 * statement's own entries carry the bank's value date instead (import-statement.ts).
 */
export function settlementDateOf(country: Country, accountDate: string): string {
  return addBusinessDays(country, accountDate, 1);
}
