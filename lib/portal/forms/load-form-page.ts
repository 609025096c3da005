import { randomUUID } from "node:crypto";

import { redirect } from "next/navigation";
import type { z } from "zod";

import { getDb } from "@/lib/db/client";
import type { PortalUser } from "@/lib/portal/auth/session";
import { listFormConnections } from "@/lib/portal/connections/form-connections";
import { DRAFT_PATHS, getDraft, type DraftKind } from "@/lib/portal/drafts/drafts";

import type { FormConnection } from "./form-connections";

/*
 * What a job form's page needs before it draws: the organization's connections (nothing secret)
 * and, when the page was opened from a draft, the draft's values. A new form gets a new draft id,
 * which its saves and a failed post keep using.
 */

export interface FormPageSetup {
  connections: FormConnection[];
  draftId: string;
  /** The draft's saved values, not yet checked against the form. */
  draftData: Record<string, unknown> | null;
  draftSavedAt: Date | null;
  /** A draft was asked for but is not there (deleted, or someone else's). */
  draftMissing: boolean;
}

export async function loadFormPage(user: PortalUser, kind: DraftKind, draftParam: string | string[] | undefined): Promise<FormPageSetup> {
  const db = getDb();
  const connections = await listFormConnections(db, user.organizationId);
  const draftId = typeof draftParam === "string" && /^[0-9a-f-]{36}$/i.test(draftParam) ? draftParam : null;
  if (!draftId) return { connections, draftId: randomUUID(), draftData: null, draftSavedAt: null, draftMissing: draftParam !== undefined };
  const draft = await getDraft(db, { organizationId: user.organizationId, userId: user.id, draftId });
  if (!draft) return { connections, draftId: randomUUID(), draftData: null, draftSavedAt: null, draftMissing: true };
  if (draft.kind !== kind) redirect(`${DRAFT_PATHS[draft.kind]}?draft=${draft.id}`);
  const data = typeof draft.data === "object" && draft.data !== null && !Array.isArray(draft.data) ? (draft.data as Record<string, unknown>) : {};
  return { connections, draftId: draft.id, draftData: data, draftSavedAt: draft.updatedAt, draftMissing: false };
}

/**
 * The draft's values over the form's defaults, if together they still fit the form (a draft saved
 * by an older form may not); else the defaults. A connection that is gone is replaced by the default.
 */
export function restoreValues<V extends { draftId: string; connectionId: string }>(
  schema: z.ZodType<V>,
  defaults: V,
  data: Record<string, unknown> | null,
  connections: readonly FormConnection[],
): V {
  if (!data) return defaults;
  const candidate = { ...defaults, ...data, draftId: defaults.draftId };
  if (!connections.some((connection) => connection.id === candidate.connectionId)) candidate.connectionId = defaults.connectionId;
  const parsed = schema.safeParse(candidate);
  return parsed.success ? parsed.data : defaults;
}
