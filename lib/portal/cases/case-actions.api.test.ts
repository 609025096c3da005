import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PATCH as dueDateRoute } from "../../../app/rest/jobs/[jobid]/duedate/route";
import { POST as statusRoute } from "../../../app/rest/jobs/[jobid]/status/route";
import { POST as postJobs } from "../../../app/rest/jobs/route";
import { POST as bypassRoute } from "../../../app/rest/payments/bypass/route";
import { POST as tokenRoute } from "../../../app/rest/token/route";
import { getDb } from "../../db/client";
import { seal } from "../../platform/secrets";
import { invoice } from "../../testing/jobs";
import { call, json, profileWithToken, serveRoutes } from "../../testing/rest";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";

import { actOnCase, caseActionInputSchema, directPaymentInputSchema, dueDateInputSchema, moveCaseDueDate, recordDirectPayment } from "./case-actions";
import { actionsFor } from "./case-decisions";

/*
 * A credit controller's decisions go through the portal's real client to the service's real route
 * handlers (behind a server on 127.0.0.1, as a connection reaches a service), and the service's
 * job shows each one; a refusal comes back in words, on the field it concerns.
 */

const ORG = "org-case-actions";
const user: PortalUser = { id: "u1", organizationId: ORG, email: "clerk@example.com", name: "Clerk", role: "clerk", locale: "eng" };

const ROUTES: [RegExp, (request: Request) => Promise<Response>][] = [
  [/^\/token$/, tokenRoute],
  [/^\/jobs\/\d+\/status$/, statusRoute],
  [/^\/jobs\/\d+\/duedate$/, dueDateRoute],
  [/^\/payments\/bypass$/, bypassRoute],
];

let close: () => Promise<void>;
let jobid = 0;
let amount = 0;

beforeAll(async () => {
  const served = await serveRoutes(ROUTES);
  close = served.close;
  const baseUrl = served.baseUrl;

  const profile = await profileWithToken("fin-test");
  const posted = await json<{ result: { jobid: number; amount: number }[] }>(
    await call(postJobs, "/fin-test/rest/jobs", {
      token: profile.token,
      body: { datastream: { dataset: [invoice({ ownref: "decisions-1", paydate: "2027-03-01" })] } },
    }),
  );
  jobid = posted.result[0]!.jobid;
  amount = posted.result[0]!.amount;

  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: ORG, name: "Decisions Oy" },
      { id: "org-decisions-other", name: "Other Oy" },
    ],
  });
  await db.portalConnection.create({
    data: {
      id: "conn-decisions",
      organizationId: ORG,
      environment: "fin-test",
      label: "FIN test",
      baseUrl,
      cid: profile.cid,
      apicodeEncrypted: seal(`apicode-${profile.id}`),
    },
  });
  const common = { environment: "fin-test", country: "FIN", cid: profile.cid, jobtype: 0, code: 0, currency: "EUR" };
  await db.portalCase.createMany({
    data: [
      { id: "case-decisions", organizationId: ORG, jobid, ...common },
      { id: "case-decisions-foreign", organizationId: "org-decisions-other", jobid, ...common },
    ],
  });
});

afterAll(async () => {
  await close();
});

const job = () => getDb().job.findUniqueOrThrow({ where: { id: jobid } });
const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ActionError);
  return error as ActionError;
};

describe("a credit controller's decisions through the service", () => {
  it("offers each phase its own decisions", () => {
    expect(actionsFor(0, 0)).toEqual(["hold", "dispute", "terminate", "reschedule", "restructuring", "bankruptcy"]);
    expect(actionsFor(2, 2)).toEqual(["hold", "dispute", "terminate", "legal", "postcollection", "reschedule", "restructuring", "bankruptcy"]);
    expect(actionsFor(11, 0)).toEqual(["approve", "discard"]);
    expect(actionsFor(110, 0)).toEqual(["end-proceedings", "terminate", "bankruptcy"]);
    expect(actionsFor(17, 2)).toEqual(["hold", "dispute", "terminate", "reschedule", "restructuring", "bankruptcy"]);
    expect(actionsFor(80, 0)).toEqual(["resolve-dispute"]);
    expect(actionsFor(100, 0)).toEqual(["release"]);
    expect(actionsFor(101, 0)).toEqual([]);
    expect(actionsFor(301, 301)).toEqual([]);
  });

  it("disputes with a note and resolves, and a decision the phase refuses comes back in words", async () => {
    const disputed = await actOnCase(getDb(), user, caseActionInputSchema.parse({ caseId: "case-decisions", action: "dispute", note: "Goods came broken" }));
    expect(disputed).toMatchObject({ code: 80 });
    expect(await job()).toMatchObject({ jobstatus: 80 });
    const lcstatus = await getDb().event.findFirstOrThrow({ where: { jobId: jobid, type: "lcstatus" }, orderBy: { seq: "desc" } });
    expect(lcstatus.message).toMatchObject({ code: 80, note: "Goods came broken" });

    const refused = await refusalOf(actOnCase(getDb(), user, caseActionInputSchema.parse({ caseId: "case-decisions", action: "legal" })));
    expect(refused.message).toMatch(/^The service refused it:/);
    expect(await job()).toMatchObject({ jobstatus: 80 });

    expect(await actOnCase(getDb(), user, caseActionInputSchema.parse({ caseId: "case-decisions", action: "resolve-dispute" }))).toMatchObject({ code: 0 });
  });

  it("moves the due date, and puts a day in the past on the date field", async () => {
    expect(await moveCaseDueDate(getDb(), user, dueDateInputSchema.parse({ caseId: "case-decisions", currentpaydate: "2027-04-01" }))).toEqual({
      currentpaydate: "2027-04-01",
    });
    expect(await job()).toMatchObject({ currentPaydate: "2027-04-01", paydate: "2027-03-01" });
    const refused = await refusalOf(moveCaseDueDate(getDb(), user, dueDateInputSchema.parse({ caseId: "case-decisions", currentpaydate: "2020-01-01" })));
    expect(refused.fieldErrors.currentpaydate).toBeTruthy();
  });

  it("records a payment made to the creditor directly, which closes a case paid whole", async () => {
    const paid = await recordDirectPayment(
      getDb(),
      user,
      directPaymentInputSchema.parse({ caseId: "case-decisions", amount: amount.toFixed(2), paymentdate: "2026-11-20" }),
    );
    expect(paid).toMatchObject({ amount: amount.toFixed(2), currency: "EUR", code: 101 });
    expect(await job()).toMatchObject({ jobstatus: 101, openCapital: 0n });
  });

  it("acts only on the organization's own cases", async () => {
    const refused = await refusalOf(
      actOnCase(getDb(), { ...user, organizationId: "org-decisions-none" }, caseActionInputSchema.parse({ caseId: "case-decisions", action: "hold" })),
    );
    expect(refused.message).toBe("There is no such case in your organization.");
    // The other organization's row names the same job, but it has no connection to act through.
    const unconnected = await refusalOf(
      actOnCase(getDb(), { ...user, organizationId: "org-decisions-other" }, caseActionInputSchema.parse({ caseId: "case-decisions-foreign", action: "hold" })),
    );
    expect(unconnected.message).toMatch(/no connection/);
  });
});
