import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it, vi } from "vitest";

import { GET as keptPdf } from "@/app/rest/jobs/[jobid]/documents/[dispatchid]/pdf/route";
import { GET as listDocuments } from "@/app/rest/jobs/[jobid]/documents/route";
import { POST } from "@/app/rest/jobs/route";
import { getDb, type Db } from "@/lib/db/client";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { log } from "@/lib/log";
import { environment, type EnvironmentId } from "@/lib/spec/environments";
import { deliveryMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, finvoiceInvoice, invoice, letter } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";
import { validateAgainstXsd } from "@/lib/testing/xml-validation";

import { fixedClock } from "../../platform/clock";
import { metrics } from "../../platform/metrics";
import { failureFields, RunFailure } from "../../platform/run-loops";
import { addDays } from "../calendar/dates";
import { sentDocumentOf } from "../debtor/debtor-case";
import { debtorToken, onlineLinkOf } from "../debtor/link-token";
import { computeInterest } from "../lifecycle/interest";
import { LIFECYCLE_RULES, noticeDue } from "../lifecycle/rules";
import { updateDueDate } from "../payments/update-due-date";

import { delivered as deliveredResult, failed as failedResult } from "./channel-result";
import type { LoadedDispatch } from "./deliver-dispatch";
import { distributeDocuments } from "./distribute-documents";
import { claimDispatches, dueDispatchIds, loadDispatches, releaseDispatches } from "./load-dispatches";
import { queueDispatches } from "./queue-dispatches";
import { recordOutcomes } from "./record-outcomes";
import { manifestSchema, printBatchDir, PrintRound, readManifest } from "./send/print-batch";

/* The distribution worker: every waiting document goes out by its channel, with its delivery event. */

const SCHEMAS = path.resolve(import.meta.dirname, "../../testing/fixtures/schemas");
const tokens: Partial<Record<EnvironmentId, string>> = {};

beforeAll(async () => {
  for (const environment of ["fin-test", "swe-test"] as const) tokens[environment] = await demoToken(environment);
});

async function postJob(item: Record<string, unknown>, environment: EnvironmentId = "fin-test"): Promise<number> {
  const response = await call(POST, `/${environment}/rest/jobs`, { body: envelope(item), token: tokens[environment] });
  const body = await json<JobsResponse>(response);
  expect(body.result[0]?.error ?? null).toBeNull();
  return body.result[0]!.jobid!;
}

/** The delivered/error events of a job, parsed as the receiver gets them. */
/** Posts `count` Finnish e-mail invoices in one request, numbered from `from` under `tag`; their jobids. */
async function postEmails(tag: string, from: number, count: number): Promise<number[]> {
  const items = Array.from({ length: count }, (_, index) =>
    invoice({
      sendtype: "email",
      email: `${tag}-${from + index}@example.fi`,
      ownref: `${tag}-${from + index}`,
      billnum: `${tag.toUpperCase()}-${from + index}`,
    }),
  );
  const posted = await json<JobsResponse>(await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: tokens["fin-test"] }));
  return posted.result.map((result) => result.jobid!);
}

async function deliveryEvents(jobid: number) {
  const events = await getDb().event.findMany({ where: { jobId: jobid, type: "delivery" }, orderBy: { seq: "asc" } });
  return events.map((event) => deliveryMessageSchema.parse(event.message)).filter((message) => message.status !== "received");
}

/** The recipient and the PDF attachment of an .eml as nodemailer writes it (base64 parts). */
function readEml(file: string): { to: string | undefined; filename: string | undefined; pdf: Buffer } {
  const raw = readFileSync(file, "utf8").replace(/\r\n/g, "\n");
  const part = /^Content-Type: application\/pdf;[^\n]*\n(?:[ \t][^\n]*\n|[A-Za-z-]+:[^\n]*\n)*\n([A-Za-z0-9+/=\n]+)/m.exec(raw);
  return {
    to: /^To: (.+)$/m.exec(raw)?.[1],
    filename: /filename="?([^"\n]+)"?/.exec(raw)?.[1],
    pdf: Buffer.from((part?.[1] ?? "").replace(/\s/g, ""), "base64"),
  };
}

const outboxDir = () => path.join(getEnv().DATA_DIR, "mail-outbox");
const outboxFiles = (dispatchId: string) => (existsSync(outboxDir()) ? readdirSync(outboxDir()).filter((file) => file.endsWith(`${dispatchId}.eml`)) : []);

describe("e-mail", () => {
  it("sends the invoice with its PDF to the job's address and reports it delivered", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "maija@example.fi", ownref: "mail-1", billnum: "MAIL-1" }));
    const clock = fixedClock("2026-11-22T08:00:00Z");
    const summary = await distributeDocuments(getDb(), clock);
    expect(summary.delivered).toBeGreaterThanOrEqual(1);

    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    expect(job.pendingDocument).toBeNull();
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(dispatch).toMatchObject({
      document: "original",
      sendtype: "email",
      distributionChannel: "email",
      secondary: false,
      status: "delivered",
      attempts: 1,
      leaseOwner: null,
    });

    const [file] = outboxFiles(dispatch.id);
    expect(dispatch.artifact).toBe(path.join(outboxDir(), file!));
    const mail = readEml(dispatch.artifact!);
    expect(mail.to).toBe("maija@example.fi");
    // From the service's own address, under the name of the creditor who sends the invoice through it.
    const profile = await getDb().profile.findFirstOrThrow({ where: { id: dispatch.profileId } });
    const sender = /^From: "?(.+?)"? <(.+)>$/m.exec(readFileSync(dispatch.artifact!, "utf8").replace(/\r\n/g, "\n"));
    expect(sender?.slice(1)).toEqual([`${profile.name} via Nordic Receivables`, "no-reply@localhost"]);
    expect(mail.filename).toBe("lasku-MAIL-1.pdf");
    expect(mail.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await pdfPageTexts(mail.pdf)).join(" ")).toContain("MAIL-1");
    // The debtor's own page of the case, in the message and on the invoice.
    const link = onlineLinkOf(jobid);
    expect(readFileSync(dispatch.artifact!, "utf8").replace(/=\r?\n/g, "")).toContain(link);
    expect((await pdfPageTexts(mail.pdf)).join(" ")).toContain(debtorToken(jobid));

    const events = await deliveryEvents(jobid);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      jobid,
      cid: "demo-fin",
      distributionchannel: "email",
      documentid: "mail-1",
      invoicenumber: "MAIL-1",
      status: "delivered",
      errors: [],
    });
    expect(events[0]!.statustime).toBe("2026-11-22T08:00:00.000Z");
  });

  it("fails a dispatch that does not fit its kind on its first claim, with the reason, and sends the one beside it", async () => {
    const db = getDb();
    const invalid = async () =>
      (await metrics().jobs.get()).values.find((value) => value.labels.kind === "dispatch" && value.labels.outcome === "invalid")?.value ?? 0;
    const invalidBefore = await invalid();
    const broken = await postJob(invoice({ sendtype: "email", email: "broken@example.fi", ownref: "invalid-1", billnum: "INVALID-1" }));
    const fine = await postJob(invoice({ sendtype: "email", email: "fine@example.fi", ownref: "invalid-2", billnum: "INVALID-2" }));
    const clock = fixedClock("2026-11-22T08:00:00Z");
    await queueDispatches(db, clock, 100);
    // Changed straight in the table, as a hand fix or an older version might have.
    await db.dispatch.updateMany({ where: { jobId: broken }, data: { document: "brochure", sendtype: "" } });

    await distributeDocuments(db, clock);
    expect(await db.dispatch.findFirstOrThrow({ where: { jobId: fine } })).toMatchObject({ status: "delivered" });
    const failed = await db.dispatch.findFirstOrThrow({ where: { jobId: broken } });
    expect(failed).toMatchObject({ status: "error", errorCode: "invalid_row", attempts: 1, leaseUntil: null, leaseOwner: null });
    expect(failed.lastError).toMatch(/not tried again: .*document: /);
    expect(failed.lastError).toMatch(/sendtype: /);
    expect(failed.lastError).not.toContain("brochure");
    expect((await invalid()) - invalidBefore).toBe(1);

    clock.set("2026-11-23T08:00:00Z");
    await distributeDocuments(db, clock);
    expect(await db.dispatch.findFirstOrThrow({ where: { jobId: broken } })).toMatchObject({ status: "error", attempts: 1 });
    expect((await invalid()) - invalidBefore).toBe(1);
  });

  it("retries a mail server that does not answer, then reports an error", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "retry@example.fi", ownref: "mail-retry" }));
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there
    process.env.TEST_ENVIRONMENT_MAIL = "smtp";
    resetEnvForTests();
    try {
      const clock = fixedClock("2026-11-22T09:00:00Z");
      const first = await distributeDocuments(getDb(), clock);
      expect(first.retries).toBe(1);
      const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
      expect(dispatch).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
      expect(dispatch.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 60_000);
      expect(await deliveryEvents(jobid)).toEqual([]);

      // Not due yet: nothing is tried.
      expect((await distributeDocuments(getDb(), clock)).retries).toBe(0);
      for (let attempt = 2; attempt <= 5; attempt++) {
        clock.advance(60 * 60_000);
        await distributeDocuments(getDb(), clock);
      }
      const failed = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
      expect(failed).toMatchObject({ status: "error", attempts: 5 });
      const events = await deliveryEvents(jobid);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ status: "error", distributionchannel: "email" });
      expect(events[0]!.errors![0]).toMatchObject({ code: "smtp_error" });
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.TEST_ENVIRONMENT_MAIL;
      resetEnvForTests();
    }
  });
});

describe("post", () => {
  it("puts the print-ready PDF into the day's print batch and lists it in the manifest", async () => {
    const jobid = await postJob(invoice({ sendtype: "post", ownref: "post-1", color: 1, postclass: 1, doublesided: 1 }));
    const clock = fixedClock("2026-11-23T07:00:00Z");
    await distributeDocuments(getDb(), clock);
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(dispatch).toMatchObject({ status: "delivered", distributionChannel: "post" });
    expect(path.dirname(dispatch.artifact!)).toBe(path.join(getEnv().DATA_DIR, "print", "fin-test", "2026-11-23"));
    expect(readFileSync(dispatch.artifact!).subarray(0, 5).toString()).toBe("%PDF-");

    const manifest = readManifest(getEnv().DATA_DIR, "fin-test", "2026-11-23")!;
    expect(manifest).toMatchObject({ environment: "fin-test", date: "2026-11-23" });
    const entry = manifest.documents.find((document) => document.jobid === jobid);
    expect(entry).toMatchObject({ document: "original", file: path.basename(dispatch.artifact!), postclass: 1, color: true, doublesided: true, country: "FI" });
    expect(entry!.pages).toBeGreaterThanOrEqual(1);
    expect(readdirSync(path.dirname(dispatch.artifact!)).some((name) => name.startsWith("."))).toBe(false);
    expect((await deliveryEvents(jobid))[0]).toMatchObject({ status: "delivered", distributionchannel: "post" });
  });

  it("lists a send on the profile's clock as it stood then, in a test environment whose clock ran ahead, and keeps it when the clock moves on", async () => {
    const own = await profileWithToken("fin-test");
    const day = 24 * 60 * 60;
    await getDb().profile.update({ where: { id: own.id }, data: { clockOffsetSeconds: 30 * day } });
    const posted = await json<JobsResponse>(
      await call(POST, "/fin-test/rest/jobs", { body: envelope(invoice({ sendtype: "post", ownref: "clock-sent-1" })), token: own.token }),
    );
    const jobid = posted.result[0]!.jobid!;
    await distributeDocuments(getDb(), fixedClock("2026-11-23T07:00:00Z"));
    await getDb().profile.update({ where: { id: own.id }, data: { clockOffsetSeconds: 90 * day } });
    const listed = await json<{ documents: unknown[] }>(
      await call(listDocuments, `/fin-test/rest/jobs/${jobid}/documents`, { method: "GET", token: own.token }),
    );
    expect(listed.documents).toEqual([expect.objectContaining({ document: "original", status: "delivered", sentat: "2026-12-23T07:00:00.000Z" })]);
    // The real instant stays what leases, retries and reports count by.
    expect((await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } })).doneAt).toEqual(new Date("2026-11-23T07:00:00Z"));
  });

  it("posts a letter with the address page in front of the customer's PDF", async () => {
    const jobid = await postJob(letter({ ownref: "letter-1" }));
    const clock = fixedClock("2026-11-23T07:30:00Z");
    await distributeDocuments(getDb(), clock);
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(dispatch).toMatchObject({ status: "delivered", sendtype: "post" });
    const pages = await pdfPageTexts(readFileSync(dispatch.artifact!));
    expect(pages).toHaveLength(2); // the address page and the one-page letter
    expect(pages[0]).toContain("Maija Meikäläinen");
    const entry = readManifest(getEnv().DATA_DIR, "fin-test", "2026-11-23")!.documents.find((document) => document.jobid === jobid);
    expect(entry).toMatchObject({ pages: 2, postclass: 2, color: false });
  });
});

describe("e-invoices", () => {
  it("writes a Finvoice 3.0 message valid against its XSD for a Finnish evoice job", async () => {
    const jobid = await postJob(finvoiceInvoice({ ownref: "fv-1", billnum: "FV-1" }));
    await distributeDocuments(getDb(), fixedClock("2026-11-23T08:00:00Z"));
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(dispatch).toMatchObject({ status: "delivered", distributionChannel: "b2b" });
    expect(dispatch.artifact).toBe(path.join(getEnv().DATA_DIR, "einvoice", "fin-test", "finvoice", `${jobid}.xml`));
    const xml = readFileSync(dispatch.artifact!, "utf8");
    const result = await validateAgainstXsd(xml, path.join(SCHEMAS, "finvoice/Finvoice3.0.xsd"));
    expect(result.errors).toEqual([]);
    expect(xml).toContain("<ToIdentifier>003701120389</ToIdentifier>");
    expect(xml).toContain("<InvoiceNumber>FV-1</InvoiceNumber>");
    expect(existsSync(path.join(path.dirname(dispatch.artifact!), `${jobid}.pdf`))).toBe(true);
    expect((await deliveryEvents(jobid))[0]).toMatchObject({ status: "delivered", distributionchannel: "b2b", invoicenumber: "FV-1" });
  }, 60_000);

  it("writes a Peppol BIS UBL invoice with the PDF embedded for a peppol job", async () => {
    const jobid = await postJob(
      invoice({
        sendtype: "peppol",
        customertype: "1",
        person: null,
        company: "Mottagare AB",
        postcode: "111 22",
        city: "Stockholm",
        evoice: "0007:5560360793",
        yourcode: "Ref 42",
        ownref: "ubl-1",
        billnum: "UBL-1",
      }),
      "swe-test",
    );
    await distributeDocuments(getDb(), fixedClock("2026-11-23T08:30:00Z"));
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(dispatch).toMatchObject({ status: "delivered", distributionChannel: "peppol" });
    expect(dispatch.artifact).toBe(path.join(getEnv().DATA_DIR, "einvoice", "swe-test", "peppol", `${jobid}.xml`));
    const xml = readFileSync(dispatch.artifact!, "utf8");
    const result = await validateAgainstXsd(xml, path.join(SCHEMAS, "ubl-2.1/maindoc/UBL-Invoice-2.1.xsd"));
    expect(result.errors).toEqual([]);
    expect(xml).toContain("urn:fdc:peppol.eu:2017:poacc:billing:3.0");
    expect(xml).toMatch(/<cbc:EndpointID schemeID="0007">5560360793<\/cbc:EndpointID>/);
    expect(xml).toMatch(/<cbc:EmbeddedDocumentBinaryObject mimeCode="application\/pdf"[^>]*>JVBERi0/);
    // What the PDF prints under a Swedish invoice's total, for the debtor who reads only the e-invoice (räntelagen 4 §).
    expect(xml).toMatch(/<cac:PaymentTerms>\s*<cbc:Note>[^<]*räntelagen[^<]*<\/cbc:Note>\s*<\/cac:PaymentTerms>/);
  }, 60_000);
});

describe("secondary channels", () => {
  it("reports the first channel's error, then delivers by the secondarysendtype", async () => {
    const jobid = await postJob(
      invoice({ sendtype: "email", email: "gone@example.fi", ownref: "second-1", secondarysendtype: [{ sendtype: "post", evoice: null, evoiceint: null }] }),
    );
    // The address was removed after intake (the receiver asked it to be forgotten).
    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    await getDb().job.update({ where: { id: jobid }, data: { data: { ...(job.data as object), email: null } } });

    await distributeDocuments(getDb(), fixedClock("2026-11-24T08:00:00Z"));
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: jobid }, orderBy: { createdAt: "asc" } });
    expect(dispatches.map((dispatch) => [dispatch.sendtype, dispatch.secondary, dispatch.status])).toEqual([
      ["email", false, "error"],
      ["post", true, "delivered"],
    ]);
    const events = await deliveryEvents(jobid);
    expect(events.map((event) => [event.distributionchannel, event.status])).toEqual([
      ["email", "error"],
      ["post", "delivered"],
    ]);
    expect(events[0]!.errors![0]).toMatchObject({ code: "missing_data", field: "email" });
  });

  it("ends in error without a secondary channel when the job names none", async () => {
    const jobid = await postJob(invoice({ sendtype: "post", ownref: "second-2" }));
    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    await getDb().job.update({ where: { id: jobid }, data: { data: { ...(job.data as object), address: null } } });
    await distributeDocuments(getDb(), fixedClock("2026-11-24T09:00:00Z"));
    const events = await deliveryEvents(jobid);
    expect(events.map((event) => [event.distributionchannel, event.status])).toEqual([["post", "error"]]);
    expect(events[0]!.errors![0]).toMatchObject({ field: "address" });
    expect(await getDb().dispatch.count({ where: { jobId: jobid } })).toBe(1);
  });
});

describe("notices of a case", () => {
  it("renders a reminder from the case's open amounts, showing the fee", async () => {
    const jobid = await postJob(invoice({ sendtype: "post", ownref: "notice-1", billnum: "NOTICE-1" }));
    await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
    // The lifecycle reminded the case on 2026-12-15: a 5.00 fee and 1.23 interest, with their ledger rows.
    await getDb().job.update({ where: { id: jobid }, data: { jobstatus: 1, openExpenses: 500n, openInterest: 123n, pendingDocument: "reminder" } });
    const { profileId } = await getDb().job.findUniqueOrThrow({ where: { id: jobid }, select: { profileId: true } });
    const entry = (kind: string, component: string, amount: bigint) => ({
      id: randomUUID(),
      jobId: jobid,
      profileId,
      component,
      amount,
      kind,
      date: "2026-12-15",
      createdAt: new Date("2026-12-15T08:00:00Z"),
    });
    await getDb().caseEntry.createMany({ data: [entry("reminder_fee", "expenses", 500n), entry("interest", "interest", 123n)] });

    await distributeDocuments(getDb(), fixedClock("2026-12-15T08:00:00Z"));
    const reminder = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid, document: "reminder" } });
    expect(reminder).toMatchObject({ status: "delivered", sendtype: "post" });
    expect(path.dirname(reminder.artifact!)).toContain("2026-12-15");
    const text = (await pdfPageTexts(readFileSync(reminder.artifact!))).join(" ");
    expect(text).toContain("MAKSUMUISTUTUS");
    expect(text).toContain("Muistutusmaksu 15.12.2026 5,00");
    // Its due date had passed when the reminder went: the letter gives the law's term from the day it
    // went, Monday 4 January (lifecycle/decide-step.ts noticeTermAtSending), and the case takes it.
    const due = noticeDue("FIN", "reminder", "2026-12-15");
    expect(due).toBe("2027-01-04");
    expect(text).toContain("Eräpäivä 4.1.2027");
    // Interest charged to the reminder's day, and what accrues up to that due date.
    const ahead = computeInterest("FIN", false, 27_300n, "2026-12-15", due, null).amount;
    const interest = (123n + ahead).toString().replace(/(\d\d)$/, ",$1");
    // The 1.23 charged is no rate × days of this capital, so the amount stands alone (job-documents.ts).
    expect(text).toContain(`Viivästyskorko ${interest}`);
    // The period from the first day after the original due date (6.12.2026), as 513/1999 5 a § asks the rate and the period.
    expect(text).toContain("Viivästyskorko (korkolaki 633/1982) on laskettu ajalta 7.12.2026–4.1.2027.");
    expect(text).toContain("NOTICE-1");
    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    // Capital 2 × 100 × 1.255 + 20 × 1.10 = 273.00, with the fee and the interest.
    expect(job.openCapital).toBe(27300n);
    expect(text).toContain((27_300n + 500n + 123n + ahead).toString().replace(/(\d\d)$/, ",$1"));
    expect(job.pendingDocument).toBeNull();
    expect(job.currentPaydate).toBe(due);

    // The reminder as it went is kept (the original renders the same from its job any day), and the
    // debtor's link opens it, no other link does.
    const kept = await getDb().sentDocument.findMany({ where: { jobId: jobid } });
    expect(kept.map((row) => ({ dispatchId: row.dispatchId, document: row.document }))).toEqual([{ dispatchId: reminder.id, document: "reminder" }]);
    const opened = await sentDocumentOf(getDb(), debtorToken(jobid), reminder.id);
    expect((await pdfPageTexts(opened!.pdf)).join(" ")).toContain("Muistutusmaksu 15.12.2026 5,00");
    const other = await postJob(invoice({ sendtype: "post", ownref: "notice-other" }));
    expect(await sentDocumentOf(getDb(), debtorToken(other), reminder.id)).toBeNull();
    // The creditor lists what was sent and opens the reminder as it went, through the API; another profile cannot.
    const listed = await call(listDocuments, `/fin-test/rest/jobs/${jobid}/documents`, { method: "GET", token: tokens["fin-test"] });
    expect(await json(listed)).toEqual({
      jobid,
      documents: [
        expect.objectContaining({ document: "original", status: "delivered", pdf: false }),
        { dispatchid: reminder.id, document: "reminder", distributionchannel: "post", status: "delivered", sentat: reminder.doneAt!.toISOString(), pdf: true },
      ],
    });
    const pdfAnswer = await call(keptPdf, `/fin-test/rest/jobs/${jobid}/documents/${reminder.id}/pdf`, { method: "GET", token: tokens["fin-test"] });
    expect(pdfAnswer.headers.get("content-type")).toBe("application/pdf");
    expect((await pdfPageTexts(new Uint8Array(await pdfAnswer.arrayBuffer()))).join(" ")).toContain("Muistutusmaksu 15.12.2026 5,00");
    const stranger = await profileWithToken("fin-test");
    expect((await call(listDocuments, `/fin-test/rest/jobs/${jobid}/documents`, { method: "GET", token: stranger.token })).status).toBe(404);
    expect((await call(keptPdf, `/fin-test/rest/jobs/${jobid}/documents/${reminder.id}/pdf`, { method: "GET", token: stranger.token })).status).toBe(404);
    expect((await call(keptPdf, `/fin-test/rest/jobs/${other}/documents/${reminder.id}/pdf`, { method: "GET", token: tokens["fin-test"] })).status).toBe(404);
  });

  it("sends no notice for a case settled before it went out", async () => {
    const jobid = await postJob(invoice({ sendtype: "post", ownref: "notice-paid" }));
    const clock = fixedClock("2026-12-16T08:00:00Z");
    await distributeDocuments(getDb(), clock);
    // Paid between the sweep's request and the worker's round.
    await getDb().job.update({ where: { id: jobid }, data: { pendingDocument: "reminder", jobstatus: 101, openCapital: 0n, closedAt: clock.now() } });
    await distributeDocuments(getDb(), clock);
    expect(await getDb().dispatch.count({ where: { jobId: jobid, document: "reminder" } })).toBe(0);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: jobid } })).pendingDocument).toBeNull();

    // Paid after the dispatch was made but before it was sent.
    await getDb().job.update({ where: { id: jobid }, data: { pendingDocument: "collection", jobstatus: 2, openCapital: 1000n, closedAt: null } });
    await queueDispatches(getDb(), clock, 100);
    await getDb().job.update({ where: { id: jobid }, data: { jobstatus: 101, openCapital: 0n, closedAt: clock.now() } });
    const summary = await distributeDocuments(getDb(), clock);
    expect(summary.cancelled).toBe(1);
    expect(await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid, document: "collection" } })).toMatchObject({ status: "cancelled", artifact: null });
    expect((await deliveryEvents(jobid)).map((event) => event.status)).toEqual(["delivered"]);
  });
});

describe("concurrency", () => {
  it("never sends one dispatch twice when two workers run at once", async () => {
    const jobids = await Promise.all(
      ["a", "b", "c", "d"].map((suffix) => postJob(invoice({ sendtype: "email", email: `twice-${suffix}@example.fi`, ownref: `twice-${suffix}` }))),
    );
    const clock = fixedClock("2026-11-25T08:00:00Z");
    await Promise.all([distributeDocuments(getDb(), clock, { owner: "worker-a" }), distributeDocuments(getDb(), clock, { owner: "worker-b" })]);
    for (const jobid of jobids) {
      const dispatches = await getDb().dispatch.findMany({ where: { jobId: jobid } });
      expect(dispatches).toHaveLength(1);
      expect(dispatches[0]).toMatchObject({ status: "delivered", attempts: 1 });
      expect(outboxFiles(dispatches[0]!.id)).toHaveLength(1);
      expect((await deliveryEvents(jobid)).map((event) => event.status)).toEqual(["delivered"]);
    }
  });

  it("takes batch after batch in one run, and two such runs beside each other still send each document once", async () => {
    const items = Array.from({ length: 40 }, (_, index) => invoice({ sendtype: "post", ownref: `batches-${index}`, billnum: `BATCHES-${index}` }));
    const posted = await json<JobsResponse>(await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: tokens["fin-test"] }));
    const jobids = posted.result.map((result) => result.jobid!);
    expect(jobids.every((jobid) => jobid !== null)).toBe(true);
    const clock = fixedClock("2026-11-25T09:00:00Z");

    // Batches of 8, with time enough for every batch however slow the machine: each run takes
    // batches until the backlog is gone, each worker's beside the other's.
    const summaries = await Promise.all(["worker-a", "worker-b"].map((owner) => distributeDocuments(getDb(), clock, { owner, limit: 8, runMs: 600_000 })));
    expect(summaries.every((summary) => !summary.full)).toBe(true);
    expect(summaries[0]!.queued + summaries[1]!.queued).toBe(40);
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: { in: jobids } } });
    expect(dispatches).toHaveLength(40);
    expect(new Set(dispatches.map((dispatch) => dispatch.jobId)).size).toBe(40);
    expect(dispatches.every((dispatch) => dispatch.status === "delivered" && dispatch.attempts === 1 && dispatch.leaseOwner === null)).toBe(true);
    for (const jobid of jobids) expect((await deliveryEvents(jobid)).map((event) => event.status)).toEqual(["delivered"]);
    // Every letter's line was appended once (manifest.json, rebuilt from the lines, would hide a
    // second), and the manifest rebuilt at each run's end lists every letter once.
    const batchDir = printBatchDir(getEnv().DATA_DIR, "fin-test", "2026-11-25");
    const ids = new Set(dispatches.map((dispatch) => dispatch.id));
    const lines = readFileSync(path.join(batchDir, "manifest.ndjson"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => (JSON.parse(line) as { dispatchid: string }).dispatchid)
      .filter((id) => ids.has(id));
    expect(lines.sort()).toEqual([...ids].sort());
    const manifestFile = path.join(batchDir, "manifest.json");
    const listed = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, "utf8"))).documents.filter((entry) => jobids.includes(entry.jobid));
    expect(listed.map((entry) => entry.dispatchid).sort()).toEqual(dispatches.map((dispatch) => dispatch.id).sort());
  });

  it("ends a run whose time ran out after its batch, saying more is waiting", async () => {
    const items = Array.from({ length: 5 }, (_, index) => invoice({ sendtype: "post", ownref: `timeout-${index}`, billnum: `TIMEOUT-${index}` }));
    const posted = await json<JobsResponse>(await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: tokens["fin-test"] }));
    const jobids = posted.result.map((result) => result.jobid!);
    const clock = fixedClock("2026-11-25T10:00:00Z");

    const summary = await distributeDocuments(getDb(), clock, { limit: 2, runMs: 0 });
    expect(summary).toMatchObject({ queued: 2, delivered: 2, full: true });
    expect(await getDb().job.count({ where: { id: { in: jobids }, pendingDocument: { not: null } } })).toBe(3);

    // The next runs take the rest, the last of them saying nothing more waits.
    const summaries = [];
    for (let run = 0; run < 3; run++) summaries.push(await distributeDocuments(getDb(), clock, { limit: 2, runMs: 0 }));
    expect(summaries.map((next) => [next.delivered, next.full])).toEqual([
      [2, true],
      [1, false],
      [0, false],
    ]);
  });

  it("takes no new batch once it is told to stop, and sends the batch it has", async () => {
    const items = Array.from({ length: 6 }, (_, index) => invoice({ sendtype: "post", ownref: `stop-${index}`, billnum: `STOP-${index}` }));
    const posted = await json<JobsResponse>(await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: tokens["fin-test"] }));
    const jobids = posted.result.map((result) => result.jobid!);
    const stop = new AbortController();
    // The process is told to stop while the first batch is being queued.
    const fixed = fixedClock("2026-11-25T11:00:00Z");
    const real = getDb();
    const job = new Proxy(real.job, {
      get: (target, key) => {
        if (key === "findMany") stop.abort();
        return Reflect.get(target, key);
      },
    });
    const stopped = new Proxy(real, { get: (target, key) => (key === "job" ? job : Reflect.get(target, key)) }) as Db;

    const summary = await distributeDocuments(stopped, fixed, { limit: 2, runMs: 600_000, stopping: stop.signal });
    expect(summary).toMatchObject({ queued: 2, delivered: 2 });
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: { in: jobids } } });
    expect(dispatches.map((dispatch) => dispatch.status)).toEqual(["delivered", "delivered"]);
    expect(await getDb().job.count({ where: { id: { in: jobids }, pendingDocument: { not: null } } })).toBe(4);

    // The next run, not stopping, sends the rest.
    expect(await distributeDocuments(getDb(), fixed, { limit: 2, runMs: 600_000 })).toMatchObject({ queued: 4, delivered: 4, full: false });
  });

  it("ends the run when the next batch cannot be read, failing it with the dispatches it claimed, as a first batch's", async () => {
    const items = Array.from({ length: 4 }, (_, index) => invoice({ sendtype: "post", ownref: `unread-${index}`, billnum: `UNREAD-${index}` }));
    const posted = await json<JobsResponse>(await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: tokens["fin-test"] }));
    const jobids = posted.result.map((result) => result.jobid!);
    // The database fails while the second batch is read, after it was claimed.
    let profileReads = 0;
    const real = getDb();
    const profile = new Proxy(real.profile, {
      get: (target, key) =>
        key === "findMany"
          ? (...args: Parameters<typeof target.findMany>) => {
              if (++profileReads === 2) throw new Error("database gone");
              return target.findMany(...args);
            }
          : Reflect.get(target, key),
    });
    const failing = new Proxy(real, { get: (target, key) => (key === "profile" ? profile : Reflect.get(target, key)) }) as Db;
    const errors = vi.spyOn(log, "error");
    try {
      const failure = await distributeDocuments(failing, fixedClock("2026-11-25T12:00:00Z"), { owner: "unread", limit: 2, concurrency: 1 }).catch(
        (error: unknown) => error,
      );
      // The first batch was sent and recorded.
      expect(await getDb().dispatch.count({ where: { jobId: { in: jobids }, status: "delivered" } })).toBe(2);
      const waiting = await getDb().dispatch.findMany({ where: { jobId: { in: jobids }, status: "pending" } });
      expect(waiting).toHaveLength(2);
      expect(waiting.every((dispatch) => dispatch.leaseOwner === "unread")).toBe(true);
      // The run fails as one whose first batch cannot be read does: the loop logs it, under one message.
      expect(failure).toBeInstanceOf(RunFailure);
      expect((failure as RunFailure).message).toBe("distribution batch not claimed");
      expect(((failure as RunFailure).fields.claimed as string[]).sort()).toEqual(waiting.map((dispatch) => dispatch.id).sort());
      expect(failureFields(failure)).toMatchObject({ claimedElsewhere: [], detail: "database gone" });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    // Once their lease has run out, the next run sends them.
    expect(await distributeDocuments(getDb(), fixedClock("2026-11-25T12:05:01Z"))).toMatchObject({ delivered: 2, full: false });
  });

  it("does not send a dispatch whose lease has less than a minute left when its turn comes, and gives it back", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "late-lease@example.fi", ownref: "late-lease-1" }));
    const fixed = fixedClock("2026-11-27T08:00:00Z");
    await queueDispatches(getDb(), fixed, 100);
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    // A worker that stalls four and a half minutes right after its claim: by the time the dispatch it
    // claimed is taken, its five-minute lease is nearly out.
    const real = getDb();
    const claiming = new Proxy(real.dispatch, {
      get: (target, key) =>
        key === "updateManyAndReturn"
          ? async (...args: Parameters<typeof target.updateManyAndReturn>) => {
              const claimed = await target.updateManyAndReturn(...args);
              fixed.advance(270_000);
              return claimed;
            }
          : Reflect.get(target, key),
    });
    const slow = new Proxy(real, { get: (target, key) => (key === "dispatch" ? claiming : Reflect.get(target, key)) }) as Db;

    const summary = await distributeDocuments(slow, fixed, { owner: "slow" });
    expect(summary.delivered).toBe(0);
    expect(outboxFiles(dispatch.id)).toHaveLength(0);
    // Given back: no lease, and the claim's attempt not counted.
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).toMatchObject({
      status: "pending",
      leaseOwner: null,
      leaseUntil: null,
      attempts: 0,
    });

    // So the next worker takes it at once, without waiting for the lease to run out, and sends it.
    await distributeDocuments(getDb(), fixed, { owner: "prompt" });
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).toMatchObject({ status: "delivered", attempts: 1, leaseOwner: null });
    expect(outboxFiles(dispatch.id)).toHaveLength(1);
  });

  it("gives back only the lease its claim took, not the one the same worker took again once its clock jumped past it", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "jump@example.fi", ownref: "jump-1" }));
    const clock = fixedClock("2026-11-26T07:00:00Z");
    await queueDispatches(getDb(), clock, 100);
    const { id } = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    const [first] = await claimDispatches(getDb(), clock, "jumping", [id]);
    // The clock jumps past the lease, and the same worker claims the dispatch again and sends it.
    clock.advance(6 * 60_000);
    const [again] = await claimDispatches(getDb(), clock, "jumping", [id]);
    expect(again!.leaseUntil!.getTime()).toBeGreaterThan(first!.leaseUntil!.getTime());

    // The first claim's release, come late, leaves the second claim alone: it is not due again.
    expect(await releaseDispatches(getDb(), "jumping", [first!])).toBe(0);
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id } })).toMatchObject({ leaseOwner: "jumping", leaseUntil: again!.leaseUntil, attempts: 2 });
    expect(await dueDispatchIds(getDb(), clock, 1_000)).not.toContain(id);

    expect(await releaseDispatches(getDb(), "jumping", [again!])).toBe(1);
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id } })).toMatchObject({ leaseOwner: null, leaseUntil: null, attempts: 1 });
  });

  it("records a send only under the claim that made it, not over the claim the same worker took once the lease ran out", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "overrun@example.fi", ownref: "overrun-1" }));
    const clock = fixedClock("2026-11-26T06:00:00Z");
    await queueDispatches(getDb(), clock, 100);
    const { id } = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    const loadedOf = async (claimed: Parameters<typeof loadDispatches>[2]): Promise<LoadedDispatch> => {
      const [entry] = await loadDispatches(getDb(), clock, claimed);
      if (!entry || !("loaded" in entry)) throw new Error("dispatch not loaded");
      return entry.loaded;
    };
    const [first] = await claimDispatches(getDb(), clock, "overrunning", [id]);
    const older = await loadedOf([first!]);
    // The send outlives its lease (a render without limit, a clock that jumps), and the same worker
    // claims the dispatch again and sends it too.
    clock.advance(6 * 60_000);
    const [again] = await claimDispatches(getDb(), clock, "overrunning", [id]);
    const newer = await loadedOf([again!]);

    const warnings = vi.spyOn(log, "warn");
    // Counted in /metrics too: the registry is the process's, so only this test's increase is read.
    const lostCount = async (outcome: string) =>
      (await metrics().dispatchOutcomesLost.get()).values.find((value) => value.labels.sendtype === "email" && value.labels.outcome === outcome)?.value ?? 0;
    const lostBefore = await lostCount("failed");
    try {
      const lost = () => warnings.mock.calls.filter(([message]) => message.startsWith("dispatch outcome not recorded"));
      // The first claim's outcome comes first, a failure: it is not written over the newer claim, and is logged.
      const late = await recordOutcomes(getDb(), clock, "overrunning", [
        { loaded: older, result: failedResult("The mailbox is full", [{ code: "smtp_error", message: "552 mailbox full" }]) },
      ]);
      expect(late).toMatchObject({ delivered: 0, errors: 0, retries: 0 });
      expect(await getDb().dispatch.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "pending",
        leaseOwner: "overrunning",
        leaseUntil: again!.leaseUntil,
        lastError: null,
      });
      expect(lost()).toEqual([
        [
          expect.any(String),
          expect.objectContaining({ dispatchId: id, owner: "overrunning", leaseUntil: first!.leaseUntil!.toISOString(), outcome: "failed" }),
        ],
      ]);
      expect(await deliveryEvents(jobid)).toEqual([]);
      expect(await lostCount("failed")).toBe(lostBefore + 1);

      // The newer claim's own outcome is the one recorded, with the one event.
      const recorded = await recordOutcomes(getDb(), clock, "overrunning", [{ loaded: newer, result: deliveredResult("newer.eml", "Sent by e-mail") }]);
      expect(recorded.delivered).toBe(1);
      expect(await getDb().dispatch.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "delivered",
        artifact: "newer.eml",
        leaseOwner: null,
        leaseUntil: null,
        attempts: 2,
      });
      expect((await deliveryEvents(jobid)).map((event) => event.status)).toEqual(["delivered"]);
      expect(lost()).toHaveLength(1);
      expect(await lostCount("failed")).toBe(lostBefore + 1);
    } finally {
      warnings.mockRestore();
    }
  });

  it("moves a late notice's case to the due date it printed only with the send its own claim delivered: a failure or a lost claim changes nothing", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "reterm@example.fi", ownref: "reterm-1" }));
    await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
    // Reminded on 1 December with a due date of the 10th; the letter goes on the 15th.
    const before = { jobstatus: 1, phaseSince: "2026-12-01", currentPaydate: "2026-12-10", reviewOn: "2026-12-14" };
    await getDb().job.update({ where: { id: jobid }, data: { ...before, pendingDocument: "reminder" } });
    const clock = fixedClock("2026-12-15T08:00:00Z");
    await queueDispatches(getDb(), clock, 100);
    const { id } = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid, document: "reminder" } });
    const loadedOf = async (claimed: Parameters<typeof loadDispatches>[2]): Promise<LoadedDispatch> => {
      const [entry] = await loadDispatches(getDb(), clock, claimed);
      if (!entry || !("loaded" in entry)) throw new Error("dispatch not loaded");
      return entry.loaded;
    };
    const due = noticeDue("FIN", "reminder", "2026-12-15");
    const unchanged = async () => {
      expect(await getDb().job.findUniqueOrThrow({ where: { id: jobid } })).toMatchObject(before);
      expect(await getDb().dueDateChange.count({ where: { jobId: jobid } })).toBe(0);
      expect(await getDb().event.count({ where: { jobId: jobid, type: "duedateupdate" } })).toBe(0);
    };

    // A send that failed (to be tried again) printed the term, but the debtor has no letter: the case keeps its date.
    const [first] = await claimDispatches(getDb(), clock, "reterm", [id]);
    const failing = await loadedOf([first!]);
    expect(failing.reterm).toMatchObject({ from: "2026-12-10", currentPaydate: due });
    const failed = await recordOutcomes(getDb(), clock, "reterm", [
      { loaded: failing, result: failedResult("The mail server did not answer", [{ code: "smtp_error", message: "timeout" }], true) },
    ]);
    expect(failed).toMatchObject({ delivered: 0, retries: 1 });
    await unchanged();

    // Tried again, the send outlives its lease and another claim takes the dispatch: the first one's delivery is not recorded, nor its due date.
    clock.advance(3 * 60 * 60_000);
    const [second] = await claimDispatches(getDb(), clock, "reterm", [id]);
    expect(second).toBeDefined();
    const overrun = await loadedOf([second!]);
    clock.advance(6 * 60_000);
    const [third] = await claimDispatches(getDb(), clock, "reterm-other", [id]);
    expect(third).toBeDefined();
    const current = await loadedOf([third!]);
    const lost = await recordOutcomes(getDb(), clock, "reterm", [{ loaded: overrun, result: deliveredResult("overrun.eml", "Sent by e-mail") }]);
    expect(lost.delivered).toBe(0);
    await unchanged();

    // The claim that holds it delivers: the case takes the printed due date once, reported once.
    const recorded = await recordOutcomes(getDb(), clock, "reterm-other", [{ loaded: current, result: deliveredResult("current.eml", "Sent by e-mail") }]);
    expect(recorded.delivered).toBe(1);
    expect(await getDb().job.findUniqueOrThrow({ where: { id: jobid } })).toMatchObject({ jobstatus: 1, currentPaydate: due });
    expect(await getDb().dueDateChange.findMany({ where: { jobId: jobid } })).toEqual([
      expect.objectContaining({ source: "aspa_other_reason", previousDate: "2026-12-10", currentPaydate: due }),
    ]);
    expect(await getDb().event.count({ where: { jobId: jobid, type: "duedateupdate" } })).toBe(1);
  });

  it("moves a late notice's case once when two sends of its letter are recorded in one chunk, and warns of neither", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "twice@example.fi", ownref: "reterm-twice" }));
    await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
    await getDb().job.update({
      where: { id: jobid },
      data: { jobstatus: 1, phaseSince: "2026-12-01", currentPaydate: "2026-12-10", reviewOn: "2026-12-14", pendingDocument: "reminder" },
    });
    const clock = fixedClock("2026-12-15T08:00:00Z");
    await queueDispatches(getDb(), clock, 100);
    const primary = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid, document: "reminder" } });
    // The same letter to a second channel of the case (a copy), sent in the same chunk.
    const copy = await getDb().dispatch.create({ data: { ...primary, id: randomUUID(), secondary: true } });
    const claimed = await claimDispatches(getDb(), clock, "twice", [primary.id, copy.id]);
    expect(claimed).toHaveLength(2);
    const loaded = (await loadDispatches(getDb(), clock, claimed)).map((entry) => {
      if (!("loaded" in entry)) throw new Error("dispatch not loaded");
      return entry.loaded;
    });
    const due = noticeDue("FIN", "reminder", "2026-12-15");
    for (const entry of loaded) expect(entry.reterm).toMatchObject({ from: "2026-12-10", currentPaydate: due });

    const warnings = vi.spyOn(log, "warn");
    try {
      const recorded = await recordOutcomes(
        getDb(),
        clock,
        "twice",
        loaded.map((entry, index) => ({ loaded: entry, result: deliveredResult(`twice-${index}.eml`, "Sent by e-mail") })),
      );
      expect(recorded.delivered).toBe(2);
      expect(await getDb().job.findUniqueOrThrow({ where: { id: jobid } })).toMatchObject({ currentPaydate: due });
      expect(await getDb().dueDateChange.findMany({ where: { jobId: jobid } })).toEqual([
        expect.objectContaining({ source: "aspa_other_reason", previousDate: "2026-12-10", currentPaydate: due }),
      ]);
      expect(await getDb().event.count({ where: { jobId: jobid, type: "duedateupdate" } })).toBe(1);
      // The second send printed the date the first already gave the case: nothing changed under it.
      expect(warnings.mock.calls.filter(([message]) => String(message).includes("no longer takes"))).toEqual([]);
    } finally {
      warnings.mockRestore();
    }
  });

  it("gives a late notice's case the printed due date over one the API user moved earlier while it went, not over one moved later", async () => {
    const clock = fixedClock("2026-12-15T08:00:00Z");
    const due = noticeDue("FIN", "reminder", "2026-12-15");
    const sendAfterMove = async (ownref: string, movedTo: string) => {
      const jobid = await postJob(invoice({ sendtype: "email", email: `${ownref}@example.fi`, ownref }));
      await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
      await getDb().job.update({
        where: { id: jobid },
        data: { jobstatus: 1, phaseSince: "2026-12-01", currentPaydate: "2026-12-10", reviewOn: "2026-12-14", pendingDocument: "reminder" },
      });
      await queueDispatches(getDb(), clock, 100);
      const { id } = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid, document: "reminder" } });
      const [claimed] = await claimDispatches(getDb(), clock, "moved", [id]);
      const [entry] = await loadDispatches(getDb(), clock, [claimed!]);
      if (!entry || !("loaded" in entry)) throw new Error("dispatch not loaded");
      expect(entry.loaded.reterm).toMatchObject({ from: "2026-12-10", currentPaydate: due });
      // The letter is made; the API user moves the due date before its send is recorded.
      const { profile } = await getDb().job.findUniqueOrThrow({ where: { id: jobid }, select: { profile: { select: { id: true, cid: true } } } });
      await updateDueDate(getDb(), { environment: environment("fin-test"), profile, clock }, jobid, { currentpaydate: movedTo });
      expect(
        await recordOutcomes(getDb(), clock, "moved", [{ loaded: entry.loaded, result: deliveredResult(`${ownref}.eml`, "Sent by e-mail") }]),
      ).toMatchObject({
        delivered: 1,
      });
      const changes = await getDb().dueDateChange.findMany({ where: { jobId: jobid }, orderBy: { createdAt: "asc" } });
      return { job: await getDb().job.findUniqueOrThrow({ where: { id: jobid } }), changes };
    };

    // Moved to the 18th, before the letter's due date: the debtor holds the letter, the case takes its date.
    const earlier = await sendAfterMove("moved-earlier", "2026-12-18");
    expect(earlier.job).toMatchObject({ currentPaydate: due, reviewOn: addDays(due, LIFECYCLE_RULES.FIN.graceDays + 1) });
    expect(earlier.changes.map((change) => [change.source, change.previousDate, change.currentPaydate])).toEqual([
      ["restapi", "2026-12-10", "2026-12-18"],
      ["aspa_other_reason", "2026-12-18", due],
    ]);
    // Moved past it: the later date stands.
    const later = addDays(due, 10);
    const past = await sendAfterMove("moved-later", later);
    expect(past.job).toMatchObject({ currentPaydate: later, reviewOn: later });
    expect(past.changes.map((change) => change.source)).toEqual(["restapi"]);
  });

  it("takes over a dispatch whose worker's lease ran out, and leaves a live lease alone", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "lease@example.fi", ownref: "lease-1" }));
    const clock = fixedClock("2026-11-26T08:00:00Z");
    await queueDispatches(getDb(), clock, 100);
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    // A worker claimed it and crashed mid-send.
    await getDb().dispatch.update({ where: { id: dispatch.id }, data: { leaseOwner: "crashed", leaseUntil: new Date("2026-11-26T08:05:00Z"), attempts: 1 } });

    await distributeDocuments(getDb(), clock, { owner: "survivor" });
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).toMatchObject({ status: "pending", leaseOwner: "crashed" });
    expect(outboxFiles(dispatch.id)).toHaveLength(0);

    clock.set("2026-11-26T08:05:01Z");
    await distributeDocuments(getDb(), clock, { owner: "survivor" });
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).toMatchObject({ status: "delivered", attempts: 2, leaseOwner: null });
    expect(outboxFiles(dispatch.id)).toHaveLength(1);
    expect((await deliveryEvents(jobid)).map((event) => event.status)).toEqual(["delivered"]);
  });
  it("stops sending once outcomes cannot be written, gives back what it did not send, and fails the run", async () => {
    const jobids = await postEmails("writer", 0, 60);
    const clock = fixedClock("2026-11-29T08:00:00Z");
    // Queued beforehand, so every transaction of the run is a chunk of outcomes being written.
    await queueDispatches(getDb(), clock, 1_000);
    // The database takes the first chunk, then fails every write.
    let transactions = 0;
    const real = getDb();
    const failing = new Proxy(real, {
      get: (target, key) =>
        key === "$transaction"
          ? (...args: unknown[]) => (++transactions > 1 ? Promise.reject(new Error("disk full")) : Reflect.apply(target.$transaction, target, args))
          : Reflect.get(target, key),
    }) as Db;
    const errors = vi.spyOn(log, "error");
    // The run fails, so the loop counts it failed and its last success stops moving: the alert fires.
    const failure = await distributeDocuments(failing, clock, { owner: "failing-writer", concurrency: 2 })
      .catch((error: unknown) => error)
      .finally(() => errors.mockRestore());
    expect(failure).toBeInstanceOf(RunFailure);
    expect(failureFields(failure)).toMatchObject({ failure: "dispatch outcomes not recorded", detail: "disk full" });
    // Logged once, by the loop.
    expect(errors).not.toHaveBeenCalled();
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: { in: jobids } } });
    expect(dispatches).toHaveLength(60);
    const sent = dispatches.filter((dispatch) => outboxFiles(dispatch.id).length > 0);
    // The lanes stopped soon after the second chunk failed: two chunks and one dispatch per lane at most.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(2 * 25 + 2);
    // Recorded delivered only what was sent; what was not sent is given back, no attempt counted.
    const delivered = dispatches.filter((dispatch) => dispatch.status === "delivered");
    expect(delivered.length).toBeLessThanOrEqual(25);
    expect(delivered.every((dispatch) => outboxFiles(dispatch.id).length === 1)).toBe(true);
    const unsent = dispatches.filter((dispatch) => outboxFiles(dispatch.id).length === 0);
    expect(unsent.every((dispatch) => dispatch.status === "pending" && dispatch.leaseOwner === null && dispatch.attempts === 0)).toBe(true);
    // Sent and not recorded: they keep their leases, not given back to be sent again at once, and the failure names them.
    const unrecorded = sent.filter((dispatch) => dispatch.status === "pending");
    expect(unrecorded.length).toBeGreaterThan(0);
    expect(unrecorded.every((dispatch) => dispatch.leaseOwner === "failing-writer" && dispatch.leaseUntil !== null && dispatch.attempts === 1)).toBe(true);
    const due = await dueDispatchIds(getDb(), clock, 1_000);
    expect(unrecorded.filter((dispatch) => due.includes(dispatch.id))).toEqual([]);
    expect(((failure as RunFailure).fields.notRecorded as string[]).sort()).toEqual(unrecorded.map((dispatch) => dispatch.id).sort());

    // Once the leases of those sent but not recorded have run out, the next run sends the rest.
    clock.advance(5 * 60_000 + 1_000);
    await distributeDocuments(getDb(), clock);
    expect(await getDb().dispatch.count({ where: { jobId: { in: jobids }, status: "delivered" } })).toBe(60);
  });

  it("pauses a worker whose outcomes could not be written, longer while they still cannot be", async () => {
    const sentOf = async (jobids: number[]) =>
      (await getDb().dispatch.findMany({ where: { jobId: { in: jobids } } })).filter((dispatch) => outboxFiles(dispatch.id).length > 0).length;
    const clock = fixedClock("2026-11-29T09:00:00Z");
    // Every write of outcomes fails; the dispatches are queued beforehand, with a database that answers.
    const real = getDb();
    const failing = new Proxy(real, {
      get: (target, key) => (key === "$transaction" ? () => Promise.reject(new Error("disk full")) : Reflect.get(target, key)),
    }) as Db;
    const owner = "pausing";
    const run = (db: Db) => distributeDocuments(db, clock, { owner }).catch((error: unknown) => error as RunFailure);

    const first = await postEmails("paused", 0, 2);
    await queueDispatches(real, clock, 1_000);
    expect(await run(failing)).toMatchObject({ message: "dispatch outcomes not recorded", pauseMs: 10_000 });
    expect(await sentOf(first)).toBe(2);

    // Within the pause the worker sends nothing, even with a database that answers: a job posted
    // meanwhile is not even queued.
    const second = await postEmails("paused", 2, 1);
    clock.advance(5_000);
    expect(await run(real)).toMatchObject({ message: "distribution paused after its outcomes could not be written", pauseMs: 5_000 });
    expect(await getDb().job.count({ where: { id: { in: second }, pendingDocument: null } })).toBe(0);
    // Another worker is not paused by it.
    expect(await distributeDocuments(real, clock, { owner: "not-pausing" })).toMatchObject({ delivered: 1 });

    // After the pause it sends again; failing again, it pauses twice as long.
    const third = await postEmails("paused", 3, 1);
    await queueDispatches(real, clock, 1_000);
    clock.advance(5_000);
    expect(await run(failing)).toMatchObject({ message: "dispatch outcomes not recorded", pauseMs: 20_000 });
    expect(await sentOf(third)).toBe(1);

    // Once outcomes are written again, the pauses are forgotten: the next failure pauses 10 s.
    clock.advance(5 * 60_000 + 1_000);
    expect(await run(real)).toMatchObject({ delivered: 3 });
    await postEmails("paused", 4, 1);
    await queueDispatches(real, clock, 1_000);
    expect(await run(failing)).toMatchObject({ message: "dispatch outcomes not recorded", pauseMs: 10_000 });
  });

  it("runs when its loop wakes a moment before the pause ends, for the loop's timer keeps other time than its clock", async () => {
    const clock = fixedClock("2026-11-29T10:00:00Z");
    const real = getDb();
    const failing = new Proxy(real, {
      get: (target, key) => (key === "$transaction" ? () => Promise.reject(new Error("disk full")) : Reflect.get(target, key)),
    }) as Db;
    const owner = "waking-early";
    const run = (db: Db) => distributeDocuments(db, clock, { owner }).catch((error: unknown) => error as RunFailure);
    await postEmails("early", 0, 1);
    await queueDispatches(real, clock, 1_000);
    expect(await run(failing)).toMatchObject({ message: "dispatch outcomes not recorded", pauseMs: 10_000 });

    const [jobid] = await postEmails("early", 1, 1);
    // More than a second early is a run that came too soon: paused still.
    clock.advance(8_999);
    expect(await run(real)).toMatchObject({ message: "distribution paused after its outcomes could not be written", pauseMs: 1_001 });
    // The loop waited the 10 s its run failed with, and its timer fired a millisecond before the clock
    // says the pause ended: the run sends.
    clock.advance(1_000);
    expect(await run(real)).not.toBeInstanceOf(Error);
    expect(await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } })).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("pauses and fails, as any write failure, when its print batches cannot be closed", async () => {
    const clock = fixedClock("2026-11-29T11:00:00Z");
    // Closing flushes the round's print lines and rebuilds the manifests: a full disk fails it.
    const close = vi.spyOn(PrintRound.prototype, "close").mockRejectedValueOnce(new Error("disk full"));
    const failure = await distributeDocuments(getDb(), clock, { owner: "closing" })
      .catch((error: unknown) => error)
      .finally(() => close.mockRestore());
    expect(failure).toMatchObject({ message: "dispatch outcomes not recorded", pauseMs: 10_000 });
    expect(failureFields(failure)).toMatchObject({ detail: "disk full" });
  });

  it("gives back what it claimed and did not send when the run fails unexpectedly, and keeps the leases of those it sent", async () => {
    const jobids = await postEmails("thrown", 0, 5);
    const clock = fixedClock("2026-11-30T07:00:00Z");
    await queueDispatches(getDb(), clock, 1_000);
    // Something the run asks fails without warning once the batch is under way: here whether the
    // process is stopping, asked when the first batch is taken and again when two are left to send.
    let asked = 0;
    const stopping = {
      get aborted() {
        if (++asked > 1) throw new Error("broken");
        return false;
      },
    } as AbortSignal;

    await expect(distributeDocuments(getDb(), clock, { owner: "thrown", concurrency: 1, stopping })).rejects.toThrow("broken");
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: { in: jobids } } });
    const sent = dispatches.filter((dispatch) => outboxFiles(dispatch.id).length > 0);
    const unsent = dispatches.filter((dispatch) => outboxFiles(dispatch.id).length === 0);
    expect([sent.length, unsent.length]).toEqual([3, 2]);
    // Those not sent are due again at once, without an attempt counted; those sent and not recorded
    // wait for their leases to run out.
    expect(unsent.every((dispatch) => dispatch.status === "pending" && dispatch.leaseOwner === null && dispatch.attempts === 0)).toBe(true);
    expect(sent.every((dispatch) => dispatch.status === "pending" && dispatch.leaseOwner === "thrown" && dispatch.attempts === 1)).toBe(true);
    expect((await dueDispatchIds(getDb(), clock, 1_000)).filter((id) => dispatches.some((dispatch) => dispatch.id === id)).sort()).toEqual(
      unsent.map((dispatch) => dispatch.id).sort(),
    );
  });

  it("leaves the log of a first batch that cannot be read to the loop, with the dispatches it claimed", async () => {
    const jobid = await postJob(invoice({ sendtype: "email", email: "first-unread@example.fi", ownref: "first-unread-1" }));
    const clock = fixedClock("2026-11-30T08:00:00Z");
    // Queued beforehand, so the run's first read of profiles is its batch's.
    await queueDispatches(getDb(), clock, 1_000);
    const real = getDb();
    const profile = new Proxy(real.profile, {
      get: (target, key) =>
        key === "findMany"
          ? () => {
              throw new Error("database gone");
            }
          : Reflect.get(target, key),
    });
    const failing = new Proxy(real, { get: (target, key) => (key === "profile" ? profile : Reflect.get(target, key)) }) as Db;
    const errors = vi.spyOn(log, "error");
    try {
      const failure = await distributeDocuments(failing, clock, { owner: "first-unread" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RunFailure);
      const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
      expect(dispatch).toMatchObject({ status: "pending", leaseOwner: "first-unread" });
      expect((failure as RunFailure).fields.claimed).toContain(dispatch.id);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    clock.advance(5 * 60_000 + 1_000);
    await distributeDocuments(getDb(), clock);
    expect(await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } })).toMatchObject({ status: "delivered" });
  });

  it("never claims again, in a later batch of its run, a dispatch it is still sending though its lease ran out meanwhile", async () => {
    const clock = fixedClock("2026-12-01T07:00:00Z");
    // What earlier tests left due goes first, so the run below has one dispatch to take.
    await distributeDocuments(getDb(), clock);
    const jobid = await postJob(invoice({ sendtype: "email", email: "in-flight@example.fi", ownref: "in-flight-1" }));
    // Batches of one: the run looks for its next batch while it sends the first dispatch. The clock
    // jumps past that dispatch's lease just then (its render took that long, or the clock was set):
    // once the next batch's jobs to queue are read, before what is due is.
    let looked = 0;
    const real = getDb();
    const jobs = new Proxy(real.job, {
      get: (target, key) =>
        key === "findMany"
          ? (...args: Parameters<typeof target.findMany>) => {
              const found = target.findMany(...args);
              if (!args[0]?.where?.pendingDocument || ++looked !== 2) return found;
              return found.then((rows) => {
                clock.advance(6 * 60_000);
                return rows;
              });
            }
          : Reflect.get(target, key),
    });
    const jumping = new Proxy(real, { get: (target, key) => (key === "job" ? jobs : Reflect.get(target, key)) }) as Db;

    const summary = await distributeDocuments(jumping, clock, { owner: "in-flight", limit: 1, concurrency: 1, runMs: 600_000 });
    expect(looked).toBeGreaterThanOrEqual(2);
    // Sent once, under its one claim, and recorded by it though its lease had run out: no other claim took it.
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(dispatch).toMatchObject({ status: "delivered", attempts: 1, leaseOwner: null });
    expect(outboxFiles(dispatch.id)).toHaveLength(1);
    expect(summary).toMatchObject({ delivered: 1, full: false });
    expect((await deliveryEvents(jobid)).map((event) => event.status)).toEqual(["delivered"]);
  });
});
