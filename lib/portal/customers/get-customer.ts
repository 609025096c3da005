import type { Prisma, Tx } from "../../db/client";
import { openTotal } from "../cases/case-views";
import { lifecycleText } from "../cases/lifecycle-texts";
import type { Locale } from "../i18n/locale";

import { customerBalances, type Balance } from "./list-customers";

/*
 * One customer of the register with its cases, newest first, as plain JSON for the page. Read by
 * id and organization together: another organization's customer is no customer at all.
 */

/** The cases a customer page lists; an older one is on the case list. */
export const CUSTOMER_CASES_SHOWN = 100;

interface CustomerCase {
  id: string;
  jobid: number;
  jobtype: number | null;
  billnum: string | null;
  reference: string | null;
  currency: string | null;
  amount: number | null;
  open: number | null;
  currentPaydate: string | null;
  code: number | null;
  codeText: string | null;
  /** Whether the service sends documents for it (not a draft the portal only knows of). */
  postedAt: string | null;
}

/** What the page shows of the register's row: all but its key and search text, which only the register reads. */
const CUSTOMER_SELECT = {
  id: true,
  environment: true,
  cid: true,
  country: true,
  customertype: true,
  name: true,
  address: true,
  postcode: true,
  city: true,
  email: true,
  custnum: true,
  language: true,
  paymentTerms: true,
  sendtype: true,
  notes: true,
  editedAt: true,
} as const satisfies Prisma.PortalCustomerSelect;

export type CustomerDetail = Omit<Prisma.PortalCustomerGetPayload<{ select: typeof CUSTOMER_SELECT }>, "editedAt"> & {
  editedAt: string | null;
  openCases: number;
  balances: Balance[];
  cases: CustomerCase[];
};

const cents = (value: bigint | null) => (value === null ? null : Number(value));

export async function getCustomer(
  db: Tx,
  { organizationId, id, locale }: { organizationId: string; id: string; locale: Locale },
): Promise<CustomerDetail | null> {
  const customer = await db.portalCustomer.findFirst({ where: { id, organizationId }, select: CUSTOMER_SELECT });
  if (!customer) return null;
  const [cases, balances] = await Promise.all([
    db.portalCase.findMany({
      where: { organizationId, customerId: customer.id },
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take: CUSTOMER_CASES_SHOWN,
      select: {
        id: true,
        jobid: true,
        jobtype: true,
        billnum: true,
        reference: true,
        currency: true,
        amount: true,
        openCapital: true,
        interest: true,
        expenses: true,
        currentPaydate: true,
        code: true,
        statusText: true,
        postedAt: true,
      },
    }),
    customerBalances(db, organizationId, [customer.id]),
  ]);
  return {
    ...customer,
    editedAt: customer.editedAt?.toISOString() ?? null,
    openCases: balances.get(customer.id)?.openCases ?? 0,
    balances: balances.get(customer.id)?.balances ?? [],
    cases: cases.map((row) => ({
      id: row.id,
      jobid: row.jobid,
      jobtype: row.jobtype,
      billnum: row.billnum,
      reference: row.reference,
      currency: row.currency,
      amount: cents(row.amount),
      open: openTotal({ openCapital: cents(row.openCapital), interest: cents(row.interest), expenses: cents(row.expenses) }),
      currentPaydate: row.currentPaydate,
      code: row.code,
      codeText: lifecycleText(row.code, locale, row.statusText),
      postedAt: row.postedAt?.toISOString() ?? null,
    })),
  };
}
