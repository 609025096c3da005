import type { Tx } from "@/lib/db/client";
import { PROFILE_STATUSES, type ProfileStatus } from "@/lib/spec/create-profile";

/*
 * The organization's onboarded profiles, newest first. Sending a profile again (to complete it)
 * answers with the same customer id, so the list shows each profile once, in the state of its
 * latest answer.
 */

interface OnboardedProfile {
  id: string;
  businessId: string;
  name: string | null;
  contactEmail: string;
  customerId: string | null;
  status: ProfileStatus | null;
  message: string | null;
  createdAt: Date;
  connection: { id: string; label: string; environment: string };
  /** The profile's own connection, once its apicode arrived (receive-apikey.ts). */
  connected: { id: string; label: string } | null;
}

/** Onboardings are few (a partner's customers), so a page of the newest answers is the whole list in practice. */
const LIMIT = 500;

const statusOf = (value: string | null): ProfileStatus | null =>
  (PROFILE_STATUSES as readonly string[]).includes(value ?? "") ? (value as ProfileStatus) : null;

export async function listOnboardings(db: Tx, { organizationId }: { organizationId: string }): Promise<OnboardedProfile[]> {
  const rows = await db.portalOnboarding.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIMIT,
    include: { connection: { select: { id: true, label: true, environment: true } } },
  });
  const cids = [...new Set(rows.flatMap((row) => (row.customerId ? [row.customerId] : [])))];
  const own = cids.length
    ? await db.portalConnection.findMany({ where: { organizationId, cid: { in: cids } }, select: { id: true, label: true, environment: true, cid: true } })
    : [];
  const connectedBy = new Map(own.map((connection) => [`${connection.environment}\u0000${connection.cid}`, { id: connection.id, label: connection.label }]));
  const seen = new Set<string>();
  const profiles: OnboardedProfile[] = [];
  for (const row of rows) {
    if (row.customerId) {
      const key = `${row.connectionId}\u0000${row.customerId}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    profiles.push({
      id: row.id,
      businessId: row.businessId,
      name: row.name,
      contactEmail: row.contactEmail,
      customerId: row.customerId,
      status: statusOf(row.status),
      message: row.message,
      createdAt: row.createdAt,
      connection: row.connection,
      connected: row.customerId ? (connectedBy.get(`${row.connection.environment}\u0000${row.customerId}`) ?? null) : null,
    });
  }
  return profiles;
}
