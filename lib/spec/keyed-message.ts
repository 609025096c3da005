/*
 * A message that travels where only a string does (a zod issue, a form's or an action's field
 * errors) and is worded by whoever shows it: a key and its parameters in query-string form,
 * "maxLength?max=40". The rules of the interface (ruleKeyed in ./rules.ts) and the portal's own
 * messages (keyed in lib/portal/i18n/messages.ts) are written and read by this one codec.
 */

/** The key, and after a "?" its parameters as a query string; no "?" without parameters. */
export function keyWithParams(key: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
  return query ? `${key}?${query}` : key;
}

/** The key and parameters keyWithParams wrote; whether the key means anything is the reader's to check. */
export function keyAndParams(message: string): { key: string; params: Record<string, string> } {
  const [key = "", query] = message.split("?", 2);
  return { key, params: query === undefined ? {} : Object.fromEntries(new URLSearchParams(query)) };
}
