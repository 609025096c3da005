import { z } from "zod";

import type { Tx } from "../../db/client";
import type { CustomerSendtype } from "../customers/customer-facts";
import type { RecipientValues } from "../forms/form-fields";

/*
 * The job forms' suggestions as a clerk types a name: customers of the organization's register
 * (lib/portal/customers) whose name holds what is typed, by name. Each carries the customer's
 * default terms and way of sending, so a chosen customer's new invoice starts with them. Personal
 * identity codes never come along: the register holds none.
 */

/** The recipient members of the job forms that the register holds, with the customer's defaults. */
export type Recipient = Pick<RecipientValues, "customertype" | "name" | "address" | "postcode" | "city" | "email" | "custnum"> & {
  /** Days from the bill date to the due date, when the customer has default terms. */
  paymentTerms: number | null;
  sendtype: CustomerSendtype | null;
};

const MAX_SUGGESTIONS = 10;

/**
 * The suggestions' query as the form sends it while a clerk types: the text and the form's
 * connection, each cut to 100 characters rather than refused, since a suggestion is never an error.
 */
export const recipientQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((text) => (text ?? "").slice(0, 100)),
  connection: z
    .string()
    .optional()
    .transform((id) => id?.slice(0, 100)),
});

export async function findRecipients(
  db: Tx,
  { organizationId, query, book }: { organizationId: string; query: string; book?: { environment: string; cid: string } },
): Promise<Recipient[]> {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const rows = await db.portalCustomer.findMany({
    // searchText is stored lower-cased, so one lower-cased LIKE finds it on both engines. With the
    // form's connection, only that connection's customers: another one's "1001" is someone else.
    where: { organizationId, ...(book ? { environment: book.environment, cid: book.cid } : {}), searchText: { contains: q } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 100,
    select: { customertype: true, name: true, address: true, postcode: true, city: true, email: true, custnum: true, paymentTerms: true, sendtype: true },
  });
  return rows
    .filter((row) => row.name.toLowerCase().includes(q))
    .slice(0, MAX_SUGGESTIONS)
    .map((row) => ({
      customertype: row.customertype === "company" ? "1" : "2",
      name: row.name,
      address: row.address,
      postcode: row.postcode,
      city: row.city,
      email: row.email,
      custnum: row.custnum,
      paymentTerms: row.paymentTerms,
      sendtype: row.sendtype as CustomerSendtype | null,
    }));
}
