import { beforeAll, describe, expect, it } from "vitest";

import { POST as creditDecisionRoute } from "@/app/rest/creditdecision/route";
import { POST as creditInfoRoute } from "@/app/rest/creditinfo/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { PATCH as patchSettings } from "@/app/rest/profile/settings/route";
import { getDb } from "@/lib/db/client";
import type { EnvironmentId } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { simulatedDefaults } from "./bureau";
import { MAX_INQUIRIES_PER_DAY } from "./credit-info";

/*
 * Credit info and decisions against a real database: other creditors' cases counted but never
 * named, the purpose checked, every inquiry logged without the identity code, the bureau
 * simulated in a test environment and not configured in production.
 */

/** A valid Y-tunnus: seven digits and the check digit of weights 7 9 10 5 8 4 2, mod 11. */
function ytunnus(serial: number): string {
  const digits = String(serial).padStart(7, "0");
  const sum = [7, 9, 10, 5, 8, 4, 2].reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  return remainder === 1 ? ytunnus(serial + 1) : `${digits}-${remainder === 0 ? 0 : 11 - remainder}`;
}
/** Business ids the simulated bureau has payment default entries on (withDefaults) or not. */
function companyId(withDefaults: boolean, from: number): string {
  for (let serial = from; ; serial += 1) {
    const id = ytunnus(serial);
    if (id.startsWith(String(serial).padStart(7, "0")) && simulatedDefaults(id) > 0 === withDefaults) return id;
  }
}

let asker: { id: string; cid: string; token: string };
let other: { id: string; cid: string; token: string };

beforeAll(async () => {
  asker = await profileWithToken("fin-test");
  other = await profileWithToken("fin-test");
});

const ask = (token: string, body: unknown, environment: EnvironmentId = "fin-test") =>
  call(creditInfoRoute, `/${environment}/rest/creditinfo`, { body, token });
const decide = (token: string, body: unknown) => call(creditDecisionRoute, "/fin-test/rest/creditdecision", { body, token });
async function postFor(token: string, govid: string, amount: string, ownref: string): Promise<number> {
  const item = invoice({ customertype: "1", company: "Velallinen Oy", person: null, govid, ownref, payrow: [{ desc: "Work", count: 1, amount, taxpr: 0 }] });
  const body = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs", { body: envelope(item), token }));
  expect(body.accepted).toBe(1);
  return body.result[0]!.jobid!;
}

describe("credit info", () => {
  it("counts another creditor's cases without naming it or its amounts, and logs the inquiry without the identity code", async () => {
    const govid = companyId(false, 1_000_100);
    const lost = await postFor(other.token, govid, "777.77", "credit-1");
    await postFor(other.token, govid, "333.33", "credit-2");
    await call(postStatus, `/fin-test/rest/jobs/${lost}/status`, { body: { action: "creditloss" }, token: other.token });

    const answer = await ask(asker.token, { govid, purpose: "credit", amount: "1000.00" });
    expect(answer.status).toBe(200);
    const info = await json<Record<string, unknown>>(answer);
    expect(info).toMatchObject({
      subject: { type: "company", country: "FIN" },
      own: { opencases: 0, openamount: 0, paidcases: 0, collections: 0, creditlosses: 0 },
      others: { creditors: 1, opencases: 1, creditlosses: 1, legal: 0, insolvency: 0, paidontime: null },
      bureau: { status: "ok", source: "simulated", paymentdefaults: 0 },
    });
    // Without the inquiry's own random id, which may hold "777" by chance.
    const { inquiryid: _inquiryid, ...shown } = info;
    const text = JSON.stringify(shown);
    for (const secret of [other.cid, other.id, "777.77", "333.33", "777", "333"]) expect(text).not.toContain(secret);

    const logged = await getDb().creditInquiry.findUniqueOrThrow({ where: { id: info.inquiryid as string } });
    expect(logged).toMatchObject({ profileId: asker.id, purpose: "credit", subjectType: "company", amount: 100_000n, decision: null });
    expect(JSON.stringify(logged, (_key, value) => (typeof value === "bigint" ? String(value) : value))).not.toContain(govid);
  });

  it("wants a purpose it can check: the amount of a credit, an open case to monitor, a valid identity code", async () => {
    const govid = companyId(false, 2_000_000);
    expect((await ask(asker.token, { govid, purpose: "credit" })).status).toBe(400);
    expect((await ask(asker.token, { govid, purpose: "monitoring" })).status).toBe(403);
    expect(await json(await ask(asker.token, { govid: "1234567-0", purpose: "credit", amount: 10 }))).toMatchObject({
      status: 400,
      problems: [expect.objectContaining({ field: "govid" })],
    });
    await postFor(asker.token, govid, "120.00", "credit-3");
    const monitored = await json(await ask(asker.token, { govid, purpose: "monitoring" }));
    expect(monitored).toMatchObject({ own: { opencases: 1, openamount: 120 }, others: { creditors: 0 } });
    // The refused monitoring is logged too.
    expect(
      (
        await getDb().creditInquiry.findMany({
          where: { profileId: asker.id, purpose: "monitoring" },
          orderBy: { createdAt: "asc" },
          select: { decision: true },
        })
      ).map((row) => row.decision),
    ).toEqual(["refused", null]);
  });

  it("answers at most MAX_INQUIRIES_PER_DAY inquiries of a profile a day, so identity codes cannot be walked through", async () => {
    const busy = await profileWithToken("fin-test");
    const now = new Date();
    await getDb().creditInquiry.createMany({
      data: Array.from({ length: MAX_INQUIRIES_PER_DAY }, (_, index) => ({
        id: `busy-${busy.id}-${index}`,
        profileId: busy.id,
        environment: "fin-test",
        subjectHash: "x",
        subjectType: "company",
        purpose: "credit",
        createdAt: now,
      })),
    });
    const refused = await ask(busy.token, { govid: companyId(false, 7_000_000), purpose: "credit", amount: 10 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
  });

  it("counts a case paid within three days of its due date, in the environment's time zone, as paid on time", async () => {
    const govid = companyId(false, 3_000_000);
    const due = "2026-03-10";
    // Helsinki is UTC+2 in March: the last minutes of the grace's last day, and the first after it.
    const paidAt = ["2026-03-09T10:00:00Z", "2026-03-13T21:30:00Z", "2026-03-13T22:30:00Z"];
    for (const [index, closedAt] of paidAt.entries()) {
      const jobid = await postFor(asker.token, govid, "50.00", `credit-late-${index}`);
      await getDb().job.update({
        where: { id: jobid },
        data: { jobstatus: 101, currentPaydate: due, closedAt: new Date(closedAt) },
      });
    }
    const info = await json(await ask(asker.token, { govid, purpose: "credit", amount: "100.00" }));
    expect(info).toMatchObject({ own: { paidcases: 3, paidlate: 1 } });
  });

  it("has no bureau in a production environment, and says so", async () => {
    const prod = await profileWithToken("fin-prod");
    const answer = await json(await ask(prod.token, { govid: companyId(true, 3_000_000), purpose: "credit", amount: 50 }, "fin-prod"));
    expect(answer).toMatchObject({ bureau: { status: "not_configured", source: null, paymentdefaults: null } });
  });
});

describe("credit decision", () => {
  it("accepts a clean record, limits an amount over the profile's limit, and follows a changed limit", async () => {
    const govid = companyId(false, 4_000_000);
    expect(await json(await decide(asker.token, { govid, amount: "4999.99" }))).toMatchObject({ decision: "accept", reasons: [], conditions: [] });
    expect(await json(await decide(asker.token, { govid, amount: 6000 }))).toMatchObject({
      decision: "accept_with_conditions",
      reasons: [{ code: "overlimit" }],
      conditions: [{ code: "limit", amount: 5000 }],
    });
    const patched = await call(patchSettings, "/fin-test/rest/profile/settings", { method: "PATCH", body: { creditlimit: "10000" }, token: asker.token });
    expect(await json(patched)).toMatchObject({ creditlimit: 10_000 });
    expect(await json(await decide(asker.token, { govid, amount: 6000 }))).toMatchObject({ decision: "accept" });
    expect(await getDb().creditInquiry.findMany({ where: { profileId: asker.id, decision: { not: null } }, select: { decision: true } })).toEqual(
      expect.arrayContaining([{ decision: "accept" }, { decision: "accept_with_conditions" }]),
    );
  });

  it("rejects on a payment default entry and on another creditor's credit loss", async () => {
    expect(await json(await decide(asker.token, { govid: companyId(true, 5_000_000), amount: 100 }))).toMatchObject({
      decision: "reject",
      reasons: [{ code: "paymentdefault" }],
    });
    const govid = companyId(false, 6_000_000);
    const lost = await postFor(other.token, govid, "50.00", "credit-4");
    await call(postStatus, `/fin-test/rest/jobs/${lost}/status`, { body: { action: "creditloss" }, token: other.token });
    expect(await json(await decide(asker.token, { govid, amount: 100 }))).toMatchObject({ decision: "reject", reasons: [{ code: "creditloss" }] });
  });
});
