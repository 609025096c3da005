import { z } from "zod";

/*
 * The service runs one test and one production environment for each of three countries. Each has
 * its own base URL, its own customer profiles and its own rules (currency, payment reference
 * format, time zone). The identifiers below are the path prefixes of those base URLs.
 */

export const COUNTRIES = ["FIN", "SWE", "NOR"] as const;
export type Country = (typeof COUNTRIES)[number];

type Stage = "test" | "prod";

export const ENVIRONMENT_IDS = ["fin-test", "fin-prod", "swe-test", "swe-prod", "nor-test", "nor-prod"] as const;
export type EnvironmentId = (typeof ENVIRONMENT_IDS)[number];

export const environmentIdSchema = z.enum(ENVIRONMENT_IDS);

interface CountryRules {
  country: Country;
  /** ISO 3166-1 alpha-2, as date-holidays, IBANs and VAT numbers use it. */
  alpha2: "FI" | "SE" | "NO";
  name: string;
  /** "Finnish", for "a valid Finnish VAT number". */
  adjective: string;
  currency: "EUR" | "SEK" | "NOK";
  timeZone: string;
  /** Default language of documents and onboarding when the caller names none. */
  language: "fin" | "swe" | "nor";
  /** The national payment reference the service creates when a job has no billcode. */
  reference: "fi-national" | "se-ocr" | "no-kid";
}

export const COUNTRY_RULES: Record<Country, CountryRules> = {
  FIN: {
    country: "FIN",
    alpha2: "FI",
    name: "Finland",
    adjective: "Finnish",
    currency: "EUR",
    timeZone: "Europe/Helsinki",
    language: "fin",
    reference: "fi-national",
  },
  SWE: {
    country: "SWE",
    alpha2: "SE",
    name: "Sweden",
    adjective: "Swedish",
    currency: "SEK",
    timeZone: "Europe/Stockholm",
    language: "swe",
    reference: "se-ocr",
  },
  NOR: {
    country: "NOR",
    alpha2: "NO",
    name: "Norway",
    adjective: "Norwegian",
    currency: "NOK",
    timeZone: "Europe/Oslo",
    language: "nor",
    reference: "no-kid",
  },
};

export interface Environment {
  id: EnvironmentId;
  country: Country;
  stage: Stage;
  rules: CountryRules;
  /** Only test environments may move their clock and simulate incoming payments. */
  isTest: boolean;
}

export function environment(id: EnvironmentId): Environment {
  const [prefix, stage] = id.split("-") as [string, Stage];
  const country = prefix.toUpperCase() as Country;
  return { id, country, stage, rules: COUNTRY_RULES[country], isTest: stage === "test" };
}

export const ENVIRONMENTS: readonly Environment[] = ENVIRONMENT_IDS.map(environment);

export function isEnvironmentId(value: unknown): value is EnvironmentId {
  return typeof value === "string" && (ENVIRONMENT_IDS as readonly string[]).includes(value);
}
