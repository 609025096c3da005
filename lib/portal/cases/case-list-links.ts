/*
 * Links between views of the case list (sort headers, pages, filters): pure string work, small
 * enough for the browser bundle.
 */

/**
 * The search parameters of a list view, with `changes` applied; undefined or empty removes one.
 * Paging cursors are dropped unless given, because they belong to one filter and sort.
 */
export function caseListSearch(current: Partial<Record<string, string>>, changes: Partial<Record<string, string | undefined>>): string {
  const merged: Record<string, string | undefined> = { ...current, after: undefined, before: undefined, ...changes };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(merged)) if (value !== undefined && value !== "") search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}
