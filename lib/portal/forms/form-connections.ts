import type { Country } from "@/lib/spec/environments";

/** A connection as a form may know it: nothing secret. */
export interface FormConnection {
  id: string;
  label: string;
  environmentId: string;
  country: Country;
  /** The date new documents of this connection are dated by: a test profile's clock date, else today in the country's time zone. */
  today: string;
  /** A test profile whose clock was moved: its date is not the calendar's. */
  clockMoved: boolean;
}
