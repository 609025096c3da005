import { randomUUID } from "node:crypto";

import { lockCases, lockFor } from "../../db/advisory-lock";
import type { Db, Prisma } from "../../db/client";
import { inChunks } from "../../db/in-chunks";
import { fromCents } from "../../payment-data/amounts";
import type { CamtPayment } from "../../payment-data/camt/parse-camt";
import type { Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";
import { MAX_STATEMENT_PAYMENTS } from "../../spec/limits";
import { ServiceError } from "../errors";
import { render } from "../render/render-pool";

import { bookPayment, unmatchedPaymentRow, type IncomingPayment } from "./book-payment";
import { compactReference, findCasesByReferences, isPaymentReference } from "./match-reference";

/*
 * Importing a camt.054 or camt.053 of a profile's own collection account: every incoming reference
 * payment is booked to that profile's case it names, or kept unmatched for manual allocation. A
 * file imported again books nothing (BankStatement.sha256), and neither does an entry that came
 * before in another file (Payment.bankEntryRef, unique in the environment).
 */

interface StatementPaymentSummary {
  paymentId: string | null;
  bankEntryRef: string;
  reference: string | null;
  amount: number;
  currency: string;
  paymentdate: string;
  accountdate: string;
  status: "booked" | "unmatched" | "duplicate";
  jobid: number | null;
  unallocated: number;
}

export interface StatementSummary {
  statementId: string;
  kind: string;
  messageId: string;
  entries: number;
  skipped: number;
  booked: number;
  unmatched: number;
  duplicates: number;
  payments: StatementPaymentSummary[];
}

/** The bank's entry id, qualified by the account: two banks may number their entries alike. */
const entryRef = (payment: CamtPayment) => `${payment.accountIban ?? "-"}:${payment.bankRef}`.slice(0, 200);

/** The structured reference, or a message line that is a valid reference the payer typed there. */
function referenceOf(environment: Environment, payment: CamtPayment): string | null {
  if (payment.reference) return compactReference(payment.reference);
  if (payment.unstructured && isPaymentReference(environment.country, payment.unstructured)) return compactReference(payment.unstructured);
  return null;
}

export async function importStatement(
  db: Db,
  input: { environment: Environment; profileId: string; content: Buffer; filename?: string | null; clock: Clock },
): Promise<StatementSummary> {
  // Read on a render pool thread (read-statement.ts); the request's thread only waits for it.
  const reading = await render("readStatement", new Uint8Array(input.content.buffer, input.content.byteOffset, input.content.byteLength));
  if (!reading.ok && reading.problem === "unreadable") {
    throw new ServiceError("invalid_request", `The file is not a readable camt.053 or camt.054: ${reading.message}.`, {
      problems: [{ field: "body", code: "invalid", message: reading.message }],
    });
  }
  if (!reading.ok) {
    throw new ServiceError("payload_too_large", `The file holds ${reading.payments} payments; send at most ${MAX_STATEMENT_PAYMENTS} in one file.`);
  }
  const { camt, sha256 } = reading;
  const { environment } = input;

  return db.$transaction(
    async (tx) => {
      // Two imports of overlapping files must not both find an entry new and both book it.
      await lockFor(tx, `statement:${environment.id}`);
      const at = input.clock.now();
      const refs = camt.payments.map(entryRef);
      const known = new Map<string, { id: string; jobId: number | null }>();
      const earlierRows = await inChunks(refs, (chunk) =>
        tx.payment.findMany({
          where: { environment: environment.id, bankEntryRef: { in: chunk } },
          select: { id: true, jobId: true, bankEntryRef: true, profileId: true },
        }),
      );
      // Another profile's payment is only reported as a duplicate, never shown.
      for (const row of earlierRows)
        known.set(row.bankEntryRef!, { id: row.profileId === input.profileId ? row.id : "", jobId: row.profileId === input.profileId ? row.jobId : null });
      const previous = await tx.bankStatement.findUnique({ where: { environment_sha256: { environment: environment.id, sha256 } } });
      const statementId = previous?.id ?? randomUUID();
      if (!previous) {
        await tx.bankStatement.create({
          data: {
            id: statementId,
            environment: environment.id,
            kind: camt.kind,
            messageId: camt.messageId,
            sha256,
            filename: input.filename ?? null,
            entries: camt.entryCount,
            booked: 0,
            unmatched: 0,
            createdAt: at,
          },
        });
      }
      const references = camt.payments.map((payment) => referenceOf(environment, payment));
      const matches = await findCasesByReferences(
        tx,
        { environment: environment.id, profileId: input.profileId },
        camt.payments.flatMap((payment, index) =>
          references[index] && !known.has(refs[index]!) ? [{ reference: references[index], currency: payment.currency }] : [],
        ),
      );
      // Every case the file pays, locked before the first is booked (lockCases says why).
      await lockCases(
        tx,
        [...matches.values()].filter((id): id is number => id !== null),
      );
      // Unmatched payments touch no case: they are written together at the end, in one statement.
      const unmatchedRows: Prisma.PaymentCreateManyInput[] = [];
      const payments: StatementPaymentSummary[] = [];
      for (const [index, payment] of camt.payments.entries()) {
        const bankEntryRef = refs[index]!;
        const reference = references[index]!;
        const common = {
          bankEntryRef,
          reference,
          amount: fromCents(payment.amount),
          currency: payment.currency,
          paymentdate: payment.valueDate,
          accountdate: payment.bookingDate,
        };
        const earlier = known.get(bankEntryRef);
        if (earlier) {
          payments.push({ ...common, paymentId: earlier.id || null, status: "duplicate", jobid: earlier.jobId, unallocated: 0 });
          continue;
        }
        const incoming: IncomingPayment = {
          environment,
          profileId: input.profileId,
          reference,
          amount: payment.amount,
          currency: payment.currency,
          paymentDate: payment.valueDate,
          accountDate: payment.bookingDate,
          // The statement is of the principal's own account: the money is theirs on its value date.
          settlementDate: payment.valueDate,
          source: "bank",
          payerName: payment.payerName,
          message: payment.unstructured,
          bankEntryRef,
          statementId,
          at,
        };
        const jobId = reference ? (matches.get(`${reference} ${payment.currency}`) ?? null) : null;
        if (jobId === null) {
          const row = unmatchedPaymentRow(incoming);
          unmatchedRows.push(row);
          known.set(bankEntryRef, { id: row.id, jobId: null });
          payments.push({ ...common, paymentId: row.id, status: "unmatched", jobid: null, unallocated: common.amount });
          continue;
        }
        const booked = await bookPayment(db, tx, { ...incoming, jobId });
        known.set(bankEntryRef, { id: booked.paymentId, jobId: booked.jobId });
        payments.push({ ...common, paymentId: booked.paymentId, status: booked.status, jobid: booked.jobId, unallocated: fromCents(booked.unallocated) });
      }
      for (let i = 0; i < unmatchedRows.length; i += 500) await tx.payment.createMany({ data: unmatchedRows.slice(i, i + 500) });
      const booked = payments.filter((payment) => payment.status === "booked").length;
      const unmatched = payments.filter((payment) => payment.status === "unmatched").length;
      if (!previous) await tx.bankStatement.update({ where: { id: statementId }, data: { booked, unmatched } });
      return {
        statementId,
        kind: camt.kind,
        messageId: camt.messageId,
        entries: camt.payments.length,
        skipped: camt.skipped,
        booked,
        unmatched,
        duplicates: payments.length - booked - unmatched,
        payments,
      };
    },
    { timeout: 300_000 },
  );
}
