/*
 * The contract numbers an invoice names: its places of use (usageplaces[].energycontract[], where
 * the old letter generation's contractnumber also lands) and its contract[] list.
 */

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function contractNumbersOfJob(data: unknown): string[] {
  const item = asRecord(data);
  const numbers = new Set<string>();
  const add = (entry: unknown) => {
    const number = asRecord(entry).contract_no;
    if (typeof number === "string" && number.trim() !== "") numbers.add(number.trim());
  };
  for (const place of asArray(item.usageplaces)) asArray(asRecord(place).energycontract).forEach(add);
  asArray(item.contract).forEach(add);
  return [...numbers];
}

/** Is the job a telecom receivable? The principal marks it with collectionprocess "telecom". */
export function isTelecomJob(data: unknown): boolean {
  const process = asRecord(data).collectionprocess;
  return typeof process === "string" && process.trim().toLowerCase() === "telecom";
}
