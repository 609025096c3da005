import type { Country } from "@/lib/spec/environments";

/** A connection as a form may know it: nothing secret. */
export interface FormConnection {
  id: string;
  label: string;
  environmentId: string;
  country: Country;
}
