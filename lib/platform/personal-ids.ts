import { isSealed, seal, unseal } from "./secrets";

/*
 * Personal identity codes at rest: in a stored dataset item the customer's `govid` and each
 * additional address's (`addaddress[].govid`; the specification's "business id or personal
 * identity code"), in a profile's onboarding data createprofile's `users[].ssn`.
 * A document may need them back (a Finvoice's buyer id, a collection letter), so they are sealed
 * with the data key (AES-256-GCM) rather than hashed; the invoice query finds a case by the keyed
 * hash in Job.nationalIdHash, never by this value. A sealed value is seal()'s "v1.…" string in
 * the member's place, so a reader that forgets to open it prints ciphertext, never the code.
 */

type Item = Record<string, unknown>;

/** Where personal ids sit: in a dataset item (govid, addaddress[].govid) and in createprofile's body (users[].ssn). */
const PATHS: readonly (readonly string[])[] = [["govid"], ["addaddress", "*", "govid"], ["users", "*", "ssn"]];

function mapPath(value: unknown, path: readonly string[], change: (id: string) => string): unknown {
  if (!value || typeof value !== "object") return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "*") return Array.isArray(value) ? value.map((entry: unknown) => mapPath(entry, rest, change)) : value;
  if (Array.isArray(value)) return value;
  const record = value as Item;
  if (!(head in record)) return value;
  const inner = record[head];
  if (rest.length > 0) return { ...record, [head]: mapPath(inner, rest, change) };
  return typeof inner === "string" && inner !== "" ? { ...record, [head]: change(inner) } : value;
}

function mapIds(item: Item, change: (value: string) => string): Item {
  return PATHS.reduce<Item>((out, path) => mapPath(out, path, change) as Item, item);
}

/** The item as it is stored: its personal ids sealed. Sealing twice does nothing. */
export function sealPersonalIds<T extends object>(item: T): T {
  return mapIds(item as Item, (value) => (isSealed(value) ? value : seal(value))) as T;
}

/** The item as it was posted: its sealed personal ids opened. Values stored in clear stay as they are. */
export function openPersonalIds<T extends object>(item: T): T {
  return mapIds(item as Item, (value) => (isSealed(value) ? unseal(value) : value)) as T;
}

/** Whether any personal id of the item is stored in clear (rows written before ids were sealed). */
export function hasClearPersonalIds(item: object): boolean {
  let clear = false;
  mapIds(item as Item, (value) => {
    if (!isSealed(value)) clear = true;
    return value;
  });
  return clear;
}

/**
 * The item as a page shows it to anyone: each personal id as its last two characters after dots
 * ("•••••••34"), enough to tell two customers apart, not enough to be one's identity code.
 */
export function maskPersonalIds<T extends object>(item: T): T {
  return mapIds(item as Item, (value) => {
    const clear = isSealed(value) ? unseal(value) : value;
    return `${"•".repeat(Math.max(0, clear.length - 2))}${clear.slice(-2)}`;
  }) as T;
}

/**
 * The personal id at a member of the item ("govid", "addaddress.0.govid", "users.1.ssn": the
 * form's spelling of a path of PATHS), as it is stored there: sealed, clear or masked; null when
 * the member is no personal id's place or holds none.
 */
export function personalIdAt(item: object, member: string): string | null {
  const steps = member.split(".");
  const place = PATHS.find(
    (path) => path.length === steps.length && path.every((step, index) => (step === "*" ? /^\d{1,4}$/.test(steps[index]!) : step === steps[index])),
  );
  if (!place) return null;
  let value: unknown = item;
  for (const step of steps) {
    if (!value || typeof value !== "object") return null;
    value = Array.isArray(value) ? value[Number(step)] : Object.hasOwn(value, step) ? (value as Item)[step] : undefined;
  }
  return typeof value === "string" && value !== "" ? value : null;
}

/** Whether an id is shown masked (maskPersonalIds): a reader has nothing more of it to open. */
export const isMaskedPersonalId = (value: string) => value.startsWith("•");
