import type { Country } from "@/lib/spec/environments";

/*
 * The VAT rates a clerk may choose on an invoice row, highest first, the general rate being the
 * default. The service accepts any rate 0–100 (an ERP may need a rate the form does not offer);
 * the form offers the rates in force in the connection's country.
 */
export const VAT_RATES: Record<Country, readonly string[]> = {
  FIN: ["25.5", "14", "10", "0"],
  SWE: ["25", "12", "6", "0"],
  NOR: ["25", "15", "12", "0"],
};

export const defaultVatRate = (country: Country): string => VAT_RATES[country][0]!;
