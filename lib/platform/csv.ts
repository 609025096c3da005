/*
 * CSV as RFC 4180 writes it (comma, CRLF, fields quoted when they hold a separator, quote or line
 * break), for files a person opens in a spreadsheet: a text that starts like a formula is defused
 * with a leading apostrophe, so a debtor's name cannot run as one (CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a separator, quote or line break; a text that starts like a formula is defused. */
export function csvField(value: string | number | null | undefined, kind: "text" | "number" = "text"): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (kind === "text" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record of fields, with its line break. */
export const csvLine = (fields: readonly string[]) => `${fields.join(",")}\r\n`;
