import type { Tx } from "../../db/client";
import { recipientValuesOf, type RecipientValues } from "../forms/form-fields";

/*
 * Earlier recipients of the organization, for the job forms' suggestions as a clerk types a name:
 * read from the jobs the portal posted (a case's posted copy), newest first, one per name and
 * address. Personal identity codes never come along: a suggestion is what an address book holds.
 */

/** The recipient members of the job forms that an address book holds. */
export type Recipient = Pick<RecipientValues, "customertype" | "name" | "address" | "postcode" | "city" | "email" | "custnum">;

const MAX_SUGGESTIONS = 10;

export async function findRecipients(db: Tx, { organizationId, query }: { organizationId: string; query: string }): Promise<Recipient[]> {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const rows = await db.portalCase.findMany({
    where: { organizationId, searchText: { contains: q } },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: 100,
    select: { job: true },
  });
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const { job } of rows) {
    if (!job || typeof job !== "object" || Array.isArray(job)) continue;
    const {
      customertype = "2",
      name = "",
      address = "",
      postcode = "",
      city = "",
      email = "",
      custnum = "",
    } = recipientValuesOf(job as Record<string, unknown>);
    if (!name.toLowerCase().includes(q)) continue;
    const recipient: Recipient = { customertype, name, address, postcode, city, email, custnum };
    const key = `${recipient.name}\u0000${recipient.address}\u0000${recipient.postcode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(recipient);
    if (recipients.length === MAX_SUGGESTIONS) break;
  }
  return recipients;
}
