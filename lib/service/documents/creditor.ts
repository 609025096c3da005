import { z } from "zod";

import type { Profile } from "../../db/generated/sqlite/client";
import { bicForFinnishIban } from "../../payment-data/finnish-bics";
import type { CreateProfileRequest } from "../../spec/create-profile";
import { COUNTRY_RULES, type Country } from "../../spec/environments";
import { isValidBankgiro, isValidIban, isValidPlusgiro } from "../../spec/national-ids";

/*
 * The creditor as its documents show it: name, address, identifiers and the account a debtor pays
 * to. Kept on the profile (Profile.creditor, JSON) and read through this schema, so a document is
 * never drawn from half-known data.
 */

const creditorSchema = z.object({
  name: z.string().min(1),
  street: z.string().nullish(),
  postcode: z.string().nullish(),
  city: z.string().nullish(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2),
  businessId: z.string().min(1),
  vatNumber: z.string().nullish(),
  /**
   * The registered office (kotipaikka, säte): the municipality of the articles, which a Finnish or
   * Swedish company's invoices and letters must name (particulars.ts).
   */
  registeredOffice: z.string().nullish(),
  /**
   * A Norwegian seller registered in Foretaksregisteret. Unset, an AS or ASA is taken as registered
   * from its name (foretaksregisteretOf in particulars.ts).
   */
  foretaksregisteret: z.boolean().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  www: z.string().nullish(),
  iban: z.string().nullish(),
  bic: z.string().nullish(),
  bankgiro: z.string().nullish(),
  plusgiro: z.string().nullish(),
  /** A Norwegian domestic account (11 digits). */
  account: z.string().nullish(),
});
export type Creditor = z.output<typeof creditorSchema>;

const ALPHA3_TO_ALPHA2: Record<string, string> = { FIN: "FI", SWE: "SE", NOR: "NO" };

/** What a createprofile request tells of the creditor; null when it lacks the name. */
export function creditorFromProfileRequest(request: CreateProfileRequest, country: Country): Creditor | null {
  const info = request.customer_info;
  if (!info.name) return null;
  const settlement = request.settlement_settings;
  const number = settlement?.bank_account_number?.replace(/\s/g, "") ?? null;
  const type = settlement?.bank_account_type ?? 0;
  const iban = type === 0 && number && isValidIban(number) ? number.toUpperCase() : null;
  return {
    name: info.name,
    street: [info.street_address, info.street_address2].filter(Boolean).join(", ") || null,
    postcode: info.postal_code ?? null,
    city: info.town_or_city ?? null,
    country: (info.country && ALPHA3_TO_ALPHA2[info.country]) ?? COUNTRY_RULES[country].alpha2,
    businessId: info.business_id,
    // A VAT number on a document says the seller charges VAT (in Norway as "MVA" after the
    // organisation number, bokføringsforskriften § 5-1-2): one that says it is not liable prints none.
    vatNumber: info.liable_to_pay_vat === 2 ? null : (info.vat_number ?? null),
    registeredOffice: info.registered_office ?? null,
    foretaksregisteret: info.foretaksregisteret ?? null,
    email: request.customer_service_contact?.email ?? null,
    phone: request.customer_service_contact?.telephone ?? null,
    www: request.customer_service_contact?.www ?? null,
    iban,
    bic: iban ? bicForFinnishIban(iban) : null,
    bankgiro: type === 3 && number && isValidBankgiro(number) ? number : null,
    plusgiro: type === 2 && number && isValidPlusgiro(number) ? number : null,
    account: type === 1 && number ? number : null,
  };
}

/** The creditor details the profile was given (createprofile's customer_info and settlement_settings); null where it has none on file. */
export function creditorOnFile(profile: Pick<Profile, "creditor">): Creditor | null {
  const parsed = creditorSchema.safeParse(profile.creditor);
  return parsed.success ? parsed.data : null;
}

/** The profile's creditor details, or a minimal one from what every profile has. */
export function creditorOf(profile: Pick<Profile, "creditor" | "name" | "businessId">, country: Country): Creditor {
  const parsed = creditorSchema.safeParse(profile.creditor);
  if (parsed.success) return parsed.data;
  return { name: profile.name ?? profile.businessId, country: COUNTRY_RULES[country].alpha2, businessId: profile.businessId };
}
