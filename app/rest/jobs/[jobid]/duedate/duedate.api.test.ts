import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { fixedClock } from "@/lib/platform/clock";
import { distributeDocuments } from "@/lib/service/distribution/distribute-documents";
import { applyCaseAction } from "@/lib/service/lifecycle/case-actions";
import { computeInterest } from "@/lib/service/lifecycle/interest";
import { sweepLifecycle } from "@/lib/service/lifecycle/sweep-lifecycle";
import { environment } from "@/lib/spec/environments";
import { duedateupdateMessageSchema } from "@/lib/spec/events";
import { caseOf, eventsOf, postInvoice } from "@/lib/testing/payment-cases";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { PATCH } from "./route";

/* Moving the current due date of an open case. */

let fin: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
});

const euros = (cents: bigint) => cents.toString().replace(/(\d\d)$/, ",$1");

const patch = (jobid: number, body: unknown, token = fin) => call(PATCH, `/fin-test/rest/jobs/${jobid}/duedate`, { method: "PATCH", body, token });

describe("PATCH /jobs/{jobid}/duedate", () => {
  it("moves currentpaydate and the next review, keeps paydate, and writes a duedateupdate event", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00", { ownref: "due-1", contract: [{ contract_no: "K-100" }] });
    const response = await patch(posted.jobid, { currentpaydate: "2099-01-31" });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ jobid: posted.jobid, paydate: "2026-12-06", currentpaydate: "2099-01-31", contract: ["K-100"] });
    expect(await caseOf(posted.jobid)).toMatchObject({ paydate: "2026-12-06", currentPaydate: "2099-01-31", reviewOn: "2099-01-31" });
    const events = await eventsOf(posted.jobid, "duedateupdate");
    expect(events.map((event) => event.message)).toEqual([
      {
        cid: "demo-fin",
        jobid: posted.jobid,
        invoicenumber: posted.billnum,
        documentid: "due-1",
        currentpaydate: "2099-01-31",
        source: "restapi",
        contract: ["K-100"],
      },
    ]);
    expect(duedateupdateMessageSchema.safeParse(events[0]!.message).success).toBe(true);

    await patch(posted.jobid, { currentpaydate: "2099-02-28", contract: ["K-200", "K-201"] });
    expect((await eventsOf(posted.jobid, "duedateupdate"))[1]!.message).toMatchObject({ currentpaydate: "2099-02-28", contract: ["K-200", "K-201"] });
  });

  it("makes the sweep wait for the new date: the reminder comes 14 days after it, with interest from it", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00", { ownref: "due-sweep" });
    // Delivered, as a real send would: an invoice the service never sent is not reminded.
    await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
    expect((await patch(posted.jobid, { currentpaydate: "2027-01-04" })).status).toBe(200);
    const sweep = (date: string) => sweepLifecycle(getDb(), fixedClock(`${date}T10:00:00Z`), { environment: "fin-test" });
    // The old due date's reminder day (6 December + 14) and the new due date itself pass without a move.
    await sweep("2026-12-20");
    await sweep("2027-01-04");
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 0, openExpenses: 0n, reviewOn: "2027-01-18" });
    await sweep("2027-01-17");
    expect((await caseOf(posted.jobid)).jobstatus).toBe(0);
    await sweep("2027-01-18");
    const reminded = await caseOf(posted.jobid);
    expect(reminded).toMatchObject({ jobstatus: 1, phaseSince: "2027-01-18", openExpenses: 500n, paydate: "2026-12-06" });
    expect(reminded.openInterest).toBe(computeInterest("FIN", false, 10_000n, "2027-01-04", "2027-01-18", null).amount);
  });

  it("prints the reminder's interest from the moved due date, as the ledger charged it", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00", { ownref: "due-notice" });
    await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
    expect((await patch(posted.jobid, { currentpaydate: "2027-01-04" })).status).toBe(200);
    await sweepLifecycle(getDb(), fixedClock("2027-01-18T10:00:00Z"), { environment: "fin-test" });
    const reminded = await caseOf(posted.jobid);
    expect(reminded).toMatchObject({ jobstatus: 1, pendingDocument: "reminder" });
    await distributeDocuments(getDb(), fixedClock("2027-01-18T10:00:00Z"));
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: posted.jobid, document: "reminder" } });
    expect(dispatch.status).toBe("delivered");
    const text = (await pdfPageTexts(readFileSync(dispatch.artifact!))).join(" ");
    const due = reminded.currentPaydate!;
    const [, m, d] = due.split("-").map(Number);
    // The ledger charged interest from the day after the moved due date (4.1.2027), not the invoice's own (6.12.2026).
    expect(text).toContain(`on laskettu ajalta 5.1.–${d}.${m}.2027.`);
    // Its lines of rate and days add up to what the ledger charged and what runs on to the reminder's due date.
    const interest = reminded.openInterest + computeInterest("FIN", false, 10_000n, "2027-01-18", due, null).amount;
    const lines = [...text.matchAll(/Viivästyskorko \([\d,]+ %, \d+ pv\) (\d+),(\d\d)/g)].map((match) => BigInt(match[1]! + match[2]!));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.reduce((sum, amount) => sum + amount, 0n)).toBe(interest);
    expect(text).toContain(euros(reminded.openCapital + reminded.openExpenses + interest));
  });

  it("prints the moved due date's interest after a hold it was moved in, as the ledger charged it", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00", { ownref: "due-hold-notice" });
    await distributeDocuments(getDb(), fixedClock("2026-11-22T10:00:00Z"));
    const owner = await getDb().profile.findFirstOrThrow({ where: { jobs: { some: { id: posted.jobid } } } });
    // Held before the move and released after it: the hold charged nothing, so the sweep counts from the moved date.
    await applyCaseAction(getDb(), fixedClock("2026-11-25T10:00:00Z"), owner, environment("fin-test"), posted.jobid, { action: "hold" });
    expect((await patch(posted.jobid, { currentpaydate: "2027-01-04" })).status).toBe(200);
    await applyCaseAction(getDb(), fixedClock("2026-12-01T10:00:00Z"), owner, environment("fin-test"), posted.jobid, { action: "release" });
    await sweepLifecycle(getDb(), fixedClock("2027-01-18T10:00:00Z"), { environment: "fin-test" });
    const reminded = await caseOf(posted.jobid);
    expect(reminded).toMatchObject({ jobstatus: 1, pendingDocument: "reminder" });
    expect(reminded.openInterest).toBe(computeInterest("FIN", false, 10_000n, "2027-01-04", "2027-01-18", null).amount);
    await distributeDocuments(getDb(), fixedClock("2027-01-18T10:00:00Z"));
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: posted.jobid, document: "reminder" } });
    const text = (await pdfPageTexts(readFileSync(dispatch.artifact!))).join(" ");
    expect(text).toContain("on laskettu ajalta 5.1.–");
  });

  it("keeps a case on hold out of the sweep", async () => {
    const posted = await postInvoice("fin-test", fin, "10.00", { putonhold: 1 });
    await patch(posted.jobid, { currentpaydate: "2099-03-01" });
    expect(await caseOf(posted.jobid)).toMatchObject({ currentPaydate: "2099-03-01", reviewOn: null });
  });

  it("refuses a past or impossible date, a closed case, and another profile's job", async () => {
    const posted = await postInvoice("fin-test", fin, "10.00");
    const past = await patch(posted.jobid, { currentpaydate: "2020-01-01" });
    expect(past.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(past)).problems).toEqual([expect.objectContaining({ field: "currentpaydate", code: "invalid" })]);
    const impossible = await patch(posted.jobid, { currentpaydate: "2099-02-30", contract: [""] });
    expect((await json<{ problems: Array<{ field: string }> }>(impossible)).problems.map((problem) => problem.field).sort()).toEqual([
      "contract[0]",
      "currentpaydate",
    ]);

    const other = await profileWithToken("fin-test");
    expect((await patch(posted.jobid, { currentpaydate: "2099-01-01" }, other.token)).status).toBe(404);

    await getDb().job.update({ where: { id: posted.jobid }, data: { jobstatus: 101 } });
    expect((await patch(posted.jobid, { currentpaydate: "2099-01-01" })).status).toBe(409);
    expect(await eventsOf(posted.jobid, "duedateupdate")).toEqual([]);
  });
});

describe("a due date moved by customer service (npm run case:duedate)", () => {
  const runCommand = (...args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "lib/cli/move-due-date.ts"), ...args], {
        env: { ...process.env, DATABASE_URL: getEnv().DATABASE_URL, DATA_DIR: getEnv().DATA_DIR, LOG_LEVEL: "error", DEMO_DATA: "false" },
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      child.on("close", (code) => resolve({ code, out, err }));
    });

  it("records who moved it and why, and tells the API user by the source of the request", async () => {
    const posted = await postInvoice("fin-test", fin, "80.00", { ownref: "due-support" });
    const moved = await runCommand(
      ...["--environment", "fin-test", "--cid", "demo-fin", "--job", String(posted.jobid), "--date", "2099-03-31"],
      ...["--source", "end-customer", "--by", "Maija Meikäläinen", "--reason", "Asked by phone for more time"],
    );
    expect(moved.err).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(`job ${posted.jobid}: due 2099-03-31 (was 2026-12-06)`);
    expect(await caseOf(posted.jobid)).toMatchObject({ paydate: "2026-12-06", currentPaydate: "2099-03-31", reviewOn: "2099-03-31" });
    expect((await eventsOf(posted.jobid, "duedateupdate")).map((event) => event.message)).toEqual([
      expect.objectContaining({ currentpaydate: "2099-03-31", source: "aspa_end_customer_request" }),
    ]);
    expect(
      await getDb().dueDateChange.findMany({
        where: { jobId: posted.jobid },
        select: { source: true, previousDate: true, currentPaydate: true, changedBy: true, reason: true },
      }),
    ).toEqual([
      {
        source: "aspa_end_customer_request",
        previousDate: "2026-12-06",
        currentPaydate: "2099-03-31",
        changedBy: "Maija Meikäläinen",
        reason: "Asked by phone for more time",
      },
    ]);

    // A move for another reason, and the API user's own move, are recorded beside it.
    await runCommand(
      ...["--environment", "fin-test", "--cid", "demo-fin", "--job", String(posted.jobid), "--date", "2099-04-30"],
      ...["--source", "other", "--by", "Support", "--reason", "Disputed delivery, checked"],
    );
    await patch(posted.jobid, { currentpaydate: "2099-05-31" });
    expect((await eventsOf(posted.jobid, "duedateupdate")).map((event) => event.message.source)).toEqual([
      "aspa_end_customer_request",
      "aspa_other_reason",
      "restapi",
    ]);
    expect(
      (await getDb().dueDateChange.findMany({ where: { jobId: posted.jobid }, orderBy: { createdAt: "asc" } })).map((row) => [row.source, row.changedBy]),
    ).toEqual([
      ["aspa_end_customer_request", "Maija Meikäläinen"],
      ["aspa_other_reason", "Support"],
      ["restapi", null],
    ]);
  });

  it("refuses a past date, another profile's job, and a change without a name or reason, changing nothing", async () => {
    const posted = await postInvoice("fin-test", fin, "80.00", { ownref: "due-support-refused" });
    const base = ["--environment", "fin-test", "--cid", "demo-fin", "--job", String(posted.jobid), "--source", "other"];
    const past = await runCommand(...base, "--date", "2020-01-01", "--by", "Support", "--reason", "Too late");
    expect(past.code).toBe(1);
    expect(past.err).toContain("currentpaydate: must be");
    const unnamed = await runCommand(...base, "--date", "2099-01-01", "--reason", "Nobody");
    expect(unnamed.code).toBe(2);
    expect(unnamed.err).toContain("--by");
    const other = await profileWithToken("fin-test");
    const foreign = await runCommand(
      "--environment",
      "fin-test",
      "--cid",
      other.cid,
      "--job",
      String(posted.jobid),
      "--date",
      "2099-01-01",
      "--source",
      "other",
      "--by",
      "Support",
      "--reason",
      "Wrong profile",
    );
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain(`There is no job ${posted.jobid} of this profile.`);
    expect(await getDb().dueDateChange.count({ where: { jobId: posted.jobid } })).toBe(0);
    expect(await eventsOf(posted.jobid, "duedateupdate")).toEqual([]);
  });
});
