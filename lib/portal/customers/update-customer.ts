import { z } from "zod";

import type { Tx } from "../../db/client";
import { COUNTRIES, type Country } from "../../spec/environments";
import { postcodeProblem } from "../../spec/minimum-data";
import { problemMessage } from "../../spec/problems";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { keyed } from "../i18n/messages";

import { CUSTOMER_LANGUAGES, CUSTOMER_SENDTYPES, CUSTOMER_TYPES, customerSearchText } from "./customer-facts";
import { CUSTOMER_TEXTS } from "./texts";

/*
 * A clerk's or admin's edit of a customer. From then on the customer is the person's: jobs that
 * name it still link to it, but no longer change its details (lib/portal/customers/link-customers.ts).
 * The customer number is the register's key and stays as the jobs gave it.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: keyed("tooLong", { max }) });
/* A message that is no key of lib/portal/i18n/messages.ts is a key of CUSTOMER_TEXTS.errors. */

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal("").transform(() => null), schema]);

export const customerFormSchema = z.object({
  id: z.uuid(),
  customertype: z.enum(CUSTOMER_TYPES),
  name: text(200).min(1, { error: keyed("enterIt") }),
  address: text(200),
  postcode: text(20),
  city: text(100),
  email: z.union(
    [
      z.literal(""),
      z
        .string()
        .trim()
        .max(200)
        .pipe(z.email({ error: "email" })),
    ],
    { error: "email" },
  ),
  language: optional(z.enum(CUSTOMER_LANGUAGES)),
  paymentTerms: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, { error: keyed("wholeDays") })
      .transform(Number)
      // As far as the invoice form takes terms (the interface's paymentTermDays rule).
      .pipe(z.number().max(365, { error: keyed("atMostDays", { max: 365 }) })),
  ),
  sendtype: optional(z.enum(CUSTOMER_SENDTYPES)),
  notes: text(2000),
});

export async function updateCustomer(
  db: Tx,
  user: Pick<PortalUser, "organizationId" | "locale">,
  input: z.output<typeof customerFormSchema>,
  now = new Date(),
) {
  const current = await db.portalCustomer.findFirst({ where: { id: input.id, organizationId: user.organizationId }, select: { custnum: true, country: true } });
  if (!current) throw new ActionError(CUSTOMER_TEXTS[user.locale].noSuchCustomer);
  // The postcode a job to this customer would be refused for (the job forms' check, by the
  // connection's country: the register keeps no address country, and the forms post none).
  const country = (COUNTRIES as readonly string[]).includes(current.country) ? (current.country as Country) : null;
  const postcode = country && postcodeProblem({ postcode: input.postcode, addresscountry: null }, country);
  if (postcode) throw new ActionError(keyed("checkFields"), { postcode: problemMessage(postcode) });
  const { id, ...values } = input;
  await db.portalCustomer.updateMany({
    where: { id, organizationId: user.organizationId },
    data: { ...values, searchText: customerSearchText({ ...values, custnum: current.custnum }), editedAt: now },
  });
  return { id };
}
