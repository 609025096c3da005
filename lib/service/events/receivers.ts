import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { encodeCursor } from "../../platform/page-cursor";
import { seal } from "../../platform/secrets";
import type { ReceiverRequest, ReceiverView } from "../../spec/event-receiver";
import { CURSOR_TAGS } from "../http/read-cursor";

/*
 * A profile's event receiver: one per profile. A new receiver starts at the current end of the
 * profile's events; what happened before is available by polling GET /events. Replacing the
 * address or credentials keeps the receiver's position and its batches, so nothing is skipped or
 * sent twice; only the cached OAuth token is dropped.
 */

type ReceiverRow = NonNullable<Awaited<ReturnType<Db["eventReceiver"]["findUnique"]>>>;

/** A receiver's credentials as shown: everything but the secret, which shows only that it is set. */
export function authView(row: Pick<ReceiverRow, "scheme" | "tokenUrl" | "clientId" | "scope" | "username">): ReceiverView["auth"] {
  return row.scheme === "oauth2"
    ? { scheme: "oauth2", tokenUrl: row.tokenUrl ?? "", clientId: row.clientId ?? "", clientSecret: "set", scope: row.scope }
    : { scheme: "basic", username: row.username ?? "", password: "set" };
}

/** The columns a receiver's address and credentials are kept in: the secret sealed, a cached token dropped. */
export function receiverSettings(request: ReceiverRequest, now: Date) {
  const auth = request.auth;
  return {
    url: request.url,
    scheme: auth.scheme,
    tokenUrl: auth.scheme === "oauth2" ? auth.tokenUrl : null,
    clientId: auth.scheme === "oauth2" ? auth.clientId : null,
    scope: auth.scheme === "oauth2" ? (auth.scope ?? null) : null,
    username: auth.scheme === "basic" ? auth.username : null,
    secretEncrypted: seal(auth.scheme === "oauth2" ? auth.clientSecret : auth.password),
    accessTokenEncrypted: null,
    accessTokenExpiresAt: null,
    updatedAt: now,
  };
}

function receiverView(row: ReceiverRow): ReceiverView {
  return {
    url: row.url,
    auth: authView(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    batchedThroughCursor: encodeCursor(CURSOR_TAGS.events, row.batchedThroughSeq),
  };
}

export async function getReceiver(db: Db, profileId: string): Promise<ReceiverView | null> {
  const row = await db.eventReceiver.findUnique({ where: { profileId } });
  return row ? receiverView(row) : null;
}

export async function putReceiver(db: Db, profileId: string, request: ReceiverRequest, clock: Clock): Promise<{ created: boolean; receiver: ReceiverView }> {
  const now = clock.now();
  const settings = { ...receiverSettings(request, now), active: true };
  // The end of the events is read in the same transaction that creates the receiver, so an event
  // committed in between is either before the start (pollable) or after it (pushed), never lost.
  return db.$transaction(async (tx) => {
    const existing = await tx.eventReceiver.findUnique({ where: { profileId } });
    if (existing) {
      const row = await tx.eventReceiver.update({ where: { id: existing.id }, data: settings });
      return { created: false, receiver: receiverView(row) };
    }
    const last = await tx.event.aggregate({ where: { profileId }, _max: { seq: true } });
    const row = await tx.eventReceiver.create({
      data: { id: randomUUID(), profileId, ...settings, batchedThroughSeq: last._max.seq ?? 0, createdAt: now },
    });
    return { created: true, receiver: receiverView(row) };
  });
}

/** Removes the receiver and its batches; a later PUT starts again at the end of the events. */
export async function deleteReceiver(db: Db, profileId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const existing = await tx.eventReceiver.findUnique({ where: { profileId } });
    if (!existing) return false;
    await tx.eventBatch.deleteMany({ where: { receiverId: existing.id, profileId } });
    await tx.eventReceiver.delete({ where: { id: existing.id } });
    return true;
  });
}
