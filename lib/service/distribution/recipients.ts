import type { DatasetItem } from "../../spec/dataset-item";
import { email } from "../../spec/primitives";

/*
 * Where a job's document goes, as its data says: the e-mail addresses, and the secondary channels
 * to try when the first one fails.
 */

// As intake accepts them (emailList): several addresses separated by "," or ";".
const ADDRESS_SEPARATOR = /[;,]/;
const emailAddress = email();

/** Billing address first, then mailing address, then any other additional address with an e-mail. */
const ADDRESS_PREFERENCE = [3, 1, 4, 5, 6, 2, 7, 8];

interface EmailRecipients {
  valid: string[];
  invalid: string[];
}

/**
 * The addresses the bill is sent to: email and email2 of the job (each may list several); when it
 * has none, the e-mail of an additional address, the billing address first.
 */
export function emailRecipients(item: DatasetItem): EmailRecipients {
  let given = [item.email, item.email2]
    .flatMap((value) => (value ? value.split(ADDRESS_SEPARATOR) : []))
    .map((address) => address.trim())
    .filter(Boolean);
  if (given.length === 0) {
    const withEmail = (item.addaddress ?? []).filter((address) => address?.email);
    withEmail.sort((a, b) => rank(a?.addresstype) - rank(b?.addresstype));
    const first = withEmail[0]?.email;
    given = first
      ? first
          .split(ADDRESS_SEPARATOR)
          .map((address) => address.trim())
          .filter(Boolean)
      : [];
  }
  const unique = [...new Set(given)];
  return {
    valid: unique.filter((address) => emailAddress.safeParse(address).success),
    invalid: unique.filter((address) => !emailAddress.safeParse(address).success),
  };
}

function rank(addresstype: number | null | undefined): number {
  const position = addresstype == null ? -1 : ADDRESS_PREFERENCE.indexOf(addresstype);
  return position === -1 ? ADDRESS_PREFERENCE.length : position;
}

export interface SecondaryChannel {
  sendtype: string;
  evoice: string | null;
  evoiceint: string | null;
}

/** The job's secondarysendtype items that name a channel the service sends by, in the order given. */
export function secondaryChannels(item: DatasetItem): SecondaryChannel[] {
  return (item.secondarysendtype ?? []).flatMap((entry) =>
    entry?.sendtype && entry.sendtype !== "print" ? [{ sendtype: entry.sendtype, evoice: entry.evoice ?? null, evoiceint: entry.evoiceint ?? null }] : [],
  );
}
