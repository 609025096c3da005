import { z } from "zod";

import type { Db } from "../../db/client";
import { orderedId } from "../../platform/ordered-id";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";

import { canonicalCaseSearch, parseCaseListParams } from "./case-list-params";
import { CASE_TEXTS } from "./texts";

/*
 * A user's saved views of the case list: a name and the view's filters and order. The query
 * string is parsed and written back canonically before it is kept, so a saved view holds only
 * values the list accepts and never a paging cursor. Each user's own; saving a name again
 * replaces that view.
 */

export const MAX_SAVED_VIEWS = 50;

export const saveViewInputSchema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(60, "nameTooLong"),
  search: z.string().max(2000),
});

export const deleteViewInputSchema = z.object({ viewId: z.string().min(1).max(100) });

export interface SavedView {
  id: string;
  name: string;
  href: string;
}

/** The canonical query of a list view, without paging: what a saved view keeps. */
export function savedSearch(search: string): string {
  const { params } = parseCaseListParams(new URLSearchParams(search));
  const canonical = new URLSearchParams(canonicalCaseSearch({ ...params, after: undefined, before: undefined }));
  return canonical.toString();
}

const toView = (row: { id: string; name: string; search: string }): SavedView => ({ id: row.id, name: row.name, href: `/cases?${row.search}` });

export async function saveView(db: Db, user: PortalUser, input: z.output<typeof saveViewInputSchema>): Promise<SavedView> {
  const search = savedSearch(input.search);
  const existing = await db.portalSavedView.findUnique({ where: { userId_name: { userId: user.id, name: input.name } } });
  if (!existing && (await db.portalSavedView.count({ where: { userId: user.id } })) >= MAX_SAVED_VIEWS) {
    throw new ActionError(CASE_TEXTS[user.locale].views.tooMany, { name: CASE_TEXTS[user.locale].views.tooMany });
  }
  const row = await db.portalSavedView.upsert({
    where: { userId_name: { userId: user.id, name: input.name } },
    create: { id: orderedId(Date.now()), organizationId: user.organizationId, userId: user.id, name: input.name, search },
    update: { search },
  });
  return toView(row);
}

export async function listViews(db: Db, user: PortalUser): Promise<SavedView[]> {
  const rows = await db.portalSavedView.findMany({ where: { userId: user.id, organizationId: user.organizationId }, orderBy: { name: "asc" } });
  return rows.map(toView);
}

/** Deletes one of the user's own views; another user's id deletes nothing. */
export async function deleteView(db: Db, user: PortalUser, input: z.output<typeof deleteViewInputSchema>): Promise<boolean> {
  const { count } = await db.portalSavedView.deleteMany({ where: { id: input.viewId, userId: user.id } });
  return count === 1;
}
