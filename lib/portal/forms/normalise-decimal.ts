/**
 * A number as a clerk types it ("1 234,50", "12,5", " 3 ") in the interface's form ("1234.50").
 * Nordic users write a decimal comma and group digits with spaces; the interface wants a dot and
 * no grouping. Anything that is not such a number is returned trimmed, for the schema to refuse.
 */
export function normaliseDecimal(value: string): string {
  const compact = value.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (/^[+-]?\d+(,\d+)?$/.test(compact)) return compact.replace(",", ".").replace(/^\+/, "");
  if (/^[+-]?\d+(\.\d+)?$/.test(compact)) return compact.replace(/^\+/, "");
  // A minus sign typed as the typographic one.
  if (/^\u2212\d+([.,]\d+)?$/.test(compact)) return `-${compact.slice(1).replace(",", ".")}`;
  return value.trim();
}
