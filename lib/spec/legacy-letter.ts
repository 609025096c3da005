/*
 * Letter (jobtype 301) payloads exist in two generations (Versioning, point 3). The older one used
 * other member names; the service accepts them and maps them to the newer names before
 * validation, so everything after intake sees one shape. A newer member that is present wins over
 * its older name. The mapping applies to letters only: on an invoice `deliverymethod` and `country`
 * are members of their own with other meanings.
 */

import { isPresent } from "./primitives";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
/** Old name → new name, for members that keep their place at the top of the item. */
const RENAMED = [
  ["deliverymethod", "sendtype"],
  ["countrycode", "addresscountry"],
  ["country", "countryname"],
  ["emailaddress", "email"],
  ["phonenumber", "phone"],
  ["customernumber", "custnum"],
] as const;

interface LegacyUpgrade {
  item: unknown;
  /** "old → new" for every member that was renamed; empty when the item was already new. */
  mapped: string[];
}

export function isLetter(item: unknown): boolean {
  return isObject(item) && (item.jobtype === 301 || item.jobtype === "301");
}

export function upgradeLegacyLetter(input: unknown): LegacyUpgrade {
  if (!isLetter(input)) return { item: input, mapped: [] };
  const item: Json = { ...(input as Json) };
  const mapped: string[] = [];
  const move = (from: string, to: string, value: unknown) => {
    mapped.push(`${from} → ${to}`);
    return value;
  };

  for (const [from, to] of RENAMED) {
    if (!(from in item)) continue;
    const value = item[from];
    delete item[from];
    if (!isPresent(item[to])) item[to] = move(from, to, value);
    else mapped.push(`${from} ignored: ${to} is present`);
  }

  if ("filename" in item) {
    const filename = item.filename;
    delete item.filename;
    const image: Json = isObject(item.image) ? { ...item.image } : {};
    if (!isPresent(image.filename)) image.filename = move("filename", "image.filename", filename);
    else mapped.push("filename ignored: image.filename is present");
    item.image = image;
  }

  // The old generation described one place of use flatly; the new one nests it in usageplaces[].
  const legacySite = isObject(item.deliverysite) ? item.deliverysite : undefined;
  const hasPlace = "contractnumber" in item || "{base_url}" in item || legacySite !== undefined;
  if (hasPlace) {
    // Each legacy member, with the path it has in the new generation.
    const moves: [string, string, unknown][] = [];
    if (legacySite && isPresent(legacySite.address)) moves.push(["deliverysite.address", "usageplaces.address.address", legacySite.address]);
    if (isPresent(item["{base_url}"])) moves.push(["{base_url}", "usageplaces.address.sitecode", item["{base_url}"]]);
    if (isPresent(item.contractnumber)) moves.push(["contractnumber", "usageplaces.energycontract.contract_no", item.contractnumber]);
    delete item.contractnumber;
    delete item["{base_url}"];
    if (legacySite) {
      const rest = { ...legacySite };
      delete rest.address;
      if (Object.keys(rest).length > 0) item.deliverysite = rest;
      else delete item.deliverysite;
    }
    if (moves.length > 0 && Array.isArray(item.usageplaces) && item.usageplaces.length > 0) {
      mapped.push(`${moves.map(([from]) => from).join(", ")} ignored: usageplaces is present`);
    } else if (moves.length > 0) {
      const address: Json = {};
      const place: Json = {};
      for (const [from, to, value] of moves) {
        mapped.push(`${from} → ${to}`);
        if (to === "usageplaces.address.address") address.address = value;
        else if (to === "usageplaces.address.sitecode") address.sitecode = value;
        else place.energycontract = [{ contract_no: value }];
      }
      if (Object.keys(address).length > 0) place.address = address;
      item.usageplaces = [place];
    }
  }

  return { item, mapped };
}
