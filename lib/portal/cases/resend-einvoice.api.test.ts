import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as resendRoute } from "../../../app/rest/jobs/[jobid]/einvoice/resend/route";
import { POST as postJobs } from "../../../app/rest/jobs/route";
import { POST as rejectRoute } from "../../../app/rest/testing/einvoice/rejections/route";
import { POST as tokenRoute } from "../../../app/rest/token/route";
import { getDb } from "../../db/client";
import { fixedClock } from "../../platform/clock";
import { seal } from "../../platform/secrets";
import { distributeDocuments } from "../../service/distribution/distribute-documents";
import { eventBatchSchema } from "../../spec/events";
import type { JobsResponse } from "../../spec/jobs";
import { envelope, finvoiceInvoice } from "../../testing/jobs";
import { call, demoToken, json, serveRoutes } from "../../testing/rest";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { ingestBatch } from "../events/ingest-batch";
import { formatDate } from "../i18n/format-time";

import { einvoiceResendInputSchema, resendCaseEInvoice } from "./case-actions";
import { toCaseSummary } from "./case-views";
import { CASE_TEXTS } from "./texts";
import { undeliveredStanding } from "./undelivered";

/*
 * A clerk sends an e-invoice the operator refused again from its case page: through the portal's
 * real client to the service's real route handlers (behind a server on 127.0.0.1, as a connection
 * reaches a service). The corrected address is the job's from then on and the invoice waits to go
 * again; a resend the service refuses comes back in words.
 */

const ORG = "org-einvoice-resend";
const user: PortalUser = { id: "u1", organizationId: ORG, email: "clerk@example.com", name: "Clerk", role: "clerk", locale: "eng" };

// The page's action, with the session as the only stand-in: it checks the role before anything runs.
let current: PortalUser | null = null;
vi.mock("@/lib/portal/auth/session", () => ({ getPortalUser: async () => current }));
const { resendEInvoiceAction } = await import("../../../app/(portal)/cases/[id]/actions");

/** While set, run once the service has taken a resend and before its answer reaches the portal. */
let beforeAnswer: (() => Promise<unknown>) | null = null;

const ROUTES: [RegExp, (request: Request) => Promise<Response>][] = [
  [/^\/token$/, tokenRoute],
  [
    /^\/jobs\/\d+\/einvoice\/resend$/,
    async (request) => {
      const response = await resendRoute(request);
      if (response.ok && beforeAnswer) await beforeAnswer();
      return response;
    },
  ],
];

let close: () => Promise<void>;
let refusedJob = 0;
let deliveredJob = 0;
let pendingJob = 0;
let overtakenJob = 0;
let cid = "";

/**
 * A delivery event of a job, through the portal's event intake: the case's delivery state is written
 * by its raw SQL (lib/portal/events/write-cases.ts), as the service's events write it.
 */
const delivery = (jobid: number, invoicenumber: string, status: "delivered" | "error", statustime: string) =>
  ingestBatch(getDb(), {
    organizationId: ORG,
    source: "push",
    envelope: eventBatchSchema.parse({
      created_at: statustime,
      id: randomUUID(),
      data: {
        delivery: [
          {
            jobid,
            cid,
            distributionchannel: "b2c",
            invoicenumber,
            status,
            statustime,
            description: status === "delivered" ? "Handed to the e-invoice operator" : "The operator refused the e-invoice",
            errors: status === "delivered" ? [] : [{ code: "einvoice_rejected", message: "Unknown address" }],
          },
        ],
      },
    }),
  });

beforeAll(async () => {
  const served = await serveRoutes(ROUTES);
  close = served.close;
  const baseUrl = served.baseUrl;

  // The demo profile: it has the bank (BIC) a Finvoice is sent through.
  const profile = { cid: "demo-fin", token: await demoToken("fin-test") };
  cid = profile.cid;
  const post = async (billnum: string) => {
    const body = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", { body: envelope(finvoiceInvoice({ billnum, ownref: billnum })), token: profile.token }),
    );
    return body.result[0]!.jobid!;
  };
  refusedJob = await post("RESEND-1");
  deliveredJob = await post("RESEND-2");
  pendingJob = await post("RESEND-3");
  overtakenJob = await post("RESEND-4");
  await distributeDocuments(getDb(), fixedClock("2026-11-22T08:00:00Z"));
  for (const jobid of [refusedJob, pendingJob, overtakenJob]) {
    const refused = await call(rejectRoute, "/fin-test/rest/testing/einvoice/rejections", {
      body: { jobid, reason: "Unknown receiver address" },
      token: profile.token,
    });
    expect(refused.status).toBe(201);
  }

  const db = getDb();
  await db.portalOrganization.create({ data: { id: ORG, name: "Resend Oy" } });
  await db.portalConnection.create({
    data: {
      id: "conn-einvoice-resend",
      organizationId: ORG,
      environment: "fin-test",
      label: "FIN test",
      baseUrl,
      cid: profile.cid,
      apicodeEncrypted: seal("demo-fin-apicode"),
    },
  });
  const common = { organizationId: ORG, environment: "fin-test", country: "FIN", cid: profile.cid, jobtype: 0, code: 0, currency: "EUR" };
  await db.portalCase.createMany({
    data: [
      {
        id: "case-resend-refused",
        jobid: refusedJob,
        deliveryStatus: "error",
        deliveryErrorCode: "einvoice_rejected",
        lastDeliveryAt: new Date("2026-11-22T08:05:00Z"),
        ...common,
      },
      { id: "case-resend-delivered", jobid: deliveredJob, deliveryStatus: "delivered", ...common },
      { id: "case-resend-pending", jobid: pendingJob, ...common },
      { id: "case-resend-overtaken", jobid: overtakenJob, ...common },
    ],
  });
  // Their failures as the events bring them: the marker's guard compares the time read back with the one written here.
  await delivery(pendingJob, "RESEND-3", "error", "2026-11-22T08:05:00.123Z");
  await delivery(overtakenJob, "RESEND-4", "error", "2026-11-22T08:05:00.123Z");
});

afterAll(async () => {
  await close();
});

describe("a refused e-invoice sent again from the portal", () => {
  it("goes again with its corrected address, the debtor's due date moved when the resend ends later", async () => {
    const input = einvoiceResendInputSchema.parse({ caseId: "case-resend-refused", evoice: " 003798765432 ", evoiceint: "" });
    expect(input).toEqual({ caseId: "case-resend-refused", evoice: "003798765432", evoiceint: undefined });
    const result = await resendCaseEInvoice(getDb(), user, input);
    const job = await getDb().job.findUniqueOrThrow({ where: { id: refusedJob } });
    // Due on 6 December, resent today with its 14 days: the new due date, in the clerk's words.
    expect(result).toEqual({ currentpaydate: formatDate(job.currentPaydate, "eng"), duedatemoved: true });
    expect(job.currentPaydate! > "2026-12-06").toBe(true);
    expect(job.pendingDocument).toBe("original");
    expect(job.data).toMatchObject({ evoice: "003798765432", evoiceint: "NDEAFIHH" });
  });

  it("is refused in words for an invoice the operator did not refuse, and an address too long is named on its field", async () => {
    const error = await resendCaseEInvoice(getDb(), user, einvoiceResendInputSchema.parse({ caseId: "case-resend-delivered" })).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ActionError);
    expect((error as ActionError).message).toMatch(/^The service refused/);
    const tooLong = einvoiceResendInputSchema.safeParse({ caseId: "case-resend-refused", evoice: "1".repeat(101) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.path).toEqual(["evoice"]);
  });

  it("is refused for another organization's case and for a viewer, and nothing is sent", async () => {
    await getDb().portalOrganization.create({ data: { id: "org-einvoice-other", name: "Other Oy" } });
    const stranger: PortalUser = { ...user, id: "u2", organizationId: "org-einvoice-other" };
    const error = await resendCaseEInvoice(getDb(), stranger, einvoiceResendInputSchema.parse({ caseId: "case-resend-refused" })).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ActionError);
    expect((error as ActionError).message).toBe(CASE_TEXTS.eng.notFound);

    const before = await getDb().job.findUniqueOrThrow({ where: { id: refusedJob } });
    current = { ...user, id: "u3", role: "viewer" };
    const refused = await resendEInvoiceAction({ caseId: "case-resend-refused", evoice: "003711111111" });
    expect(refused).toMatchObject({ ok: false, fieldErrors: {} });
    current = { ...user, organizationId: "org-einvoice-other" };
    expect(await resendEInvoiceAction({ caseId: "case-resend-refused" })).toEqual({ ok: false, message: CASE_TEXTS.eng.notFound, fieldErrors: {} });
    const after = await getDb().job.findUniqueOrThrow({ where: { id: refusedJob } });
    expect([after.data, after.currentPaydate, after.pendingDocument]).toEqual([before.data, before.currentPaydate, before.pendingDocument]);
  });
});

describe("a resend on its way", () => {
  const standing = async (caseId: string) => {
    const summary = toCaseSummary(await getDb().portalCase.findUniqueOrThrow({ where: { id: caseId } }), "eng");
    return { pending: summary.einvoiceResendPendingSince, standing: undeliveredStanding(summary, [], new Date("2026-11-25T10:00:00Z")) };
  };

  it("is told with its time instead of the resend form until the service hands it over, and the form comes back when the operator refuses it", async () => {
    expect(await standing("case-resend-pending")).toMatchObject({ pending: null, standing: { remedy: "einvoice", resentAt: null } });
    const before = Date.now();
    await resendCaseEInvoice(getDb(), user, einvoiceResendInputSchema.parse({ caseId: "case-resend-pending", evoice: "003798765432" }));
    // The failure it answered is still the case's latest delivery.
    const sent = await standing("case-resend-pending");
    expect(Date.parse(sent.pending!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(sent.pending!)).toBeLessThanOrEqual(Date.now());
    expect(sent.standing).toMatchObject({ remedy: "einvoice", resentAt: sent.pending });
    // The next distribution round hands it to the operator: delivered, nothing waits.
    await delivery(pendingJob, "RESEND-3", "delivered", "2026-11-23T08:00:00.000Z");
    expect(await standing("case-resend-pending")).toEqual({ pending: null, standing: null });
    // The operator refuses it later: its refusal is the latest delivery, and the form is offered again.
    await delivery(pendingJob, "RESEND-3", "error", "2026-11-24T08:00:00.000Z");
    const refusedAgain = await standing("case-resend-pending");
    expect(refusedAgain.pending).toBeNull();
    expect(refusedAgain.standing).toMatchObject({ remedy: "einvoice", resentAt: null, days: 1 });
  });

  it("leaves no mark when the service refuses the resend", async () => {
    const error = await resendCaseEInvoice(getDb(), user, einvoiceResendInputSchema.parse({ caseId: "case-resend-delivered", evoice: "003798765432" })).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ActionError);
    const row = await getDb().portalCase.findUniqueOrThrow({ where: { id: "case-resend-delivered" } });
    expect([row.einvoiceResentAt, row.einvoiceResentAfter]).toEqual([null, null]);
  });

  it("leaves no mark over a newer failure that arrived before the service answered, and the resend is still told as sent", async () => {
    expect(await standing("case-resend-overtaken")).toMatchObject({ pending: null, standing: { remedy: "einvoice", resentAt: null } });
    // The service takes the resend; before its answer reaches the portal, an event tells of a newer refusal.
    beforeAnswer = () => delivery(overtakenJob, "RESEND-4", "error", "2026-11-22T09:00:00.000Z");
    let result: Awaited<ReturnType<typeof resendCaseEInvoice>>;
    try {
      result = await resendCaseEInvoice(getDb(), user, einvoiceResendInputSchema.parse({ caseId: "case-resend-overtaken", evoice: "003798765432" }));
    } finally {
      beforeAnswer = null;
    }
    const job = await getDb().job.findUniqueOrThrow({ where: { id: overtakenJob } });
    expect(result).toEqual({ currentpaydate: formatDate(job.currentPaydate, "eng"), duedatemoved: true });
    expect(job.pendingDocument).toBe("original");
    const row = await getDb().portalCase.findUniqueOrThrow({ where: { id: "case-resend-overtaken" } });
    expect(row.lastDeliveryAt).toEqual(new Date("2026-11-22T09:00:00.000Z"));
    expect([row.einvoiceResentAt, row.einvoiceResentAfter]).toEqual([null, null]);
    // The newer failure offers the form again.
    expect(await standing("case-resend-overtaken")).toMatchObject({ pending: null, standing: { remedy: "einvoice", resentAt: null } });
  });
});
