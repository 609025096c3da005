import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";

import { getCaseDetail, TIMELINE_BOUND } from "./get-case-detail";

/*
 * A case's timeline on a real database: every kind of message parsed into its entry, in the order
 * things happened (the time each message names, arrival order breaking ties), the balance over
 * time, and nothing of another organization's.
 */

const ORG = "org-timeline";
const OTHER = "org-timeline-other";
const CASE = "case-timeline-1";

const base = { cid: "demo-fin", jobid: 501, invoicenumber: "B-501", documentid: "own-501" };

/** [type, message, receivedAt offset in seconds, position] */
const EVENTS: [string, Record<string, unknown>, number, number][] = [
  [
    "lcstatus",
    {
      ...base,
      code: 0,
      status: "Invoicing",
      time: "2026-11-01T10:00:00Z",
      paydate: "2026-11-15",
      currentpaydate: "2026-11-15",
      opencapital: 100.5,
      interest: 0,
      expenses: 0,
    },
    0,
    0,
  ],
  [
    "delivery",
    {
      ...base,
      distributionchannel: "email",
      status: "error",
      statustime: "2026-11-01T10:05:00Z",
      errors: [{ code: "bounce", message: "Mailbox full" }, "Second try failed"],
      notes: [{ note: "retrying" }],
    },
    0,
    1,
  ],
  ["lcstatus", { ...base, code: 1, status: "Reminder", time: "2026-11-20T08:00:00Z", opencapital: 100.5, interest: 0.42, expenses: 5 }, 60, 0],
  // Sent in the same batch after the reminder, but names an earlier time: it goes before it.
  ["duedateupdate", { ...base, currentpaydate: "2026-11-30", source: "restapi" }, 60, 1],
  [
    "payment",
    {
      ...base,
      time: "2026-11-25T12:00:00Z",
      amount: 50,
      paymentdate: "2026-11-24",
      accountdate: "2026-11-25",
      settlementdate: "2026-11-26",
      openamount: 55.92,
      amountbreakdown: { capital: 44.58, interest: 0.42, expenses: 5 },
      openamountbreakdown: { capital: 55.92, interest: 0, expenses: 0 },
      somethingnew: "kept",
    },
    120,
    0,
  ],
  [
    "creditnote",
    {
      cid: "demo-fin",
      jobid: 777,
      invoicenumber: "CN-1",
      type: "allocated",
      time: "2026-11-26T09:00:00Z",
      amount: 5.92,
      targetjobid: 501,
      targetinvoicenumber: "B-501",
      allocations: [{ jobid: 501, amount: 5.92 }],
    },
    180,
    0,
  ],
  [
    "creditloss",
    { ...base, type: "suspected", reason: "UNKNOWN", time: "2026-11-27T09:00:00Z", amountbreakdown: { capital: 50, interest: 0, expenses: 0 } },
    180,
    1,
  ],
  ["lcstatus", { ...base, code: 101, status: "Paid", time: "2026-11-28T09:00:00Z", opencapital: 0, interest: 0, expenses: 0 }, 240, 0],
  ["lcstatus", { ...base, code: "not a code", time: "2026-11-29T09:00:00Z" }, 240, 1],
];

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: ORG, name: "Timeline Oy" },
      { id: OTHER, name: "Other Oy" },
    ],
  });
  await db.portalCase.create({
    data: {
      id: CASE,
      organizationId: ORG,
      environment: "fin-test",
      country: "FIN",
      cid: "demo-fin",
      jobid: 501,
      jobtype: 0,
      code: 101,
      receiverName: "Maija Meikäläinen",
      billnum: "B-501",
      reference: "RF18 5000 5018",
      currency: "EUR",
      amount: 10050n,
      openCapital: 0n,
      interest: 0n,
      expenses: 0n,
      paydate: "2026-11-15",
      currentPaydate: "2026-11-30",
      job: { jobtype: "0", person: "Maija Meikäläinen", payrow: [{ desc: "Consulting", amount: "100.50" }] },
      postedAt: new Date("2026-11-01T09:59:00Z"),
    },
  });
  const received = new Date("2026-12-01T00:00:00Z").getTime();
  await db.portalEvent.createMany({
    data: EVENTS.map(([type, message, offset, position], index) => ({
      id: `event-${index}`,
      organizationId: ORG,
      caseId: CASE,
      environment: "fin-test",
      cid: "demo-fin",
      type,
      time: (message.time ?? message.statustime ?? "2026-11-10T00:00:00Z") as string,
      message: message as object,
      batchId: `batch-${offset}`,
      position,
      receivedAt: new Date(received + offset * 1000),
    })),
  });
  // A row of another organization that names the same case id must never show on it.
  await db.portalEvent.create({
    data: {
      id: "event-foreign",
      organizationId: OTHER,
      caseId: CASE,
      environment: "fin-test",
      cid: "demo-fin",
      type: "lcstatus",
      time: "2026-11-02T00:00:00Z",
      message: { ...base, code: 103, time: "2026-11-02T00:00:00Z" },
      batchId: "x",
      position: 0,
    },
  });
});

describe("getCaseDetail", () => {
  it("gives nothing for another organization's case", async () => {
    expect(await getCaseDetail(getDb(), { organizationId: OTHER, caseId: CASE, locale: "eng" })).toBeNull();
    expect(await getCaseDetail(getDb(), { organizationId: ORG, caseId: "no-such-case", locale: "eng" })).toBeNull();
  });

  it("orders every event by the time it names, the posted job first", async () => {
    const detail = (await getCaseDetail(getDb(), { organizationId: ORG, caseId: CASE, locale: "eng" }))!;
    expect(detail.timeline.map((entry) => entry.kind)).toEqual([
      "posted",
      "lcstatus",
      "delivery",
      "duedateupdate",
      "lcstatus",
      "payment",
      "creditnote",
      "creditloss",
      "lcstatus",
      "other",
    ]);
    expect(detail.timeline.map((entry) => entry.id)).not.toContain("event-foreign");
    expect(detail.timelineTruncated).toBe(false);
    expect(detail.summary).toMatchObject({ code: 101, codeText: "Paid", amount: 10050, openCapital: 0, currentPaydate: "2026-11-30", isTest: true });
    expect(detail.job).toMatchObject({ person: "Maija Meikäläinen" });
  });

  it("parses each kind of message into its facts, amounts in minor units", async () => {
    const detail = (await getCaseDetail(getDb(), { organizationId: ORG, caseId: CASE, locale: "fin" }))!;
    const byKind = (kind: string) => detail.timeline.filter((entry) => entry.kind === kind);
    expect(byKind("posted")[0]).toMatchObject({ amount: 10050, reference: "RF18 5000 5018", jobtype: 0 });
    expect(byKind("lcstatus")[0]).toMatchObject({ code: 0, codeText: "Laskutus", opencapital: 10050, paydate: "2026-11-15" });
    expect(byKind("lcstatus")[1]).toMatchObject({ code: 1, codeText: "Maksumuistutus", interest: 42, expenses: 500 });
    expect(byKind("delivery")[0]).toMatchObject({
      channel: "email",
      status: "error",
      errors: ["bounce – Mailbox full", "Second try failed"],
      notes: ["retrying"],
    });
    expect(byKind("payment")[0]).toMatchObject({
      amount: 5000,
      paymentdate: "2026-11-24",
      accountdate: "2026-11-25",
      settlementdate: "2026-11-26",
      openamount: 5592,
      paid: { capital: 4458, interest: 42, expenses: 500 },
      open: { capital: 5592, interest: 0, expenses: 0 },
    });
    expect(byKind("creditnote")[0]).toMatchObject({ action: "allocated", amount: 592, targetinvoicenumber: "B-501", allocations: 1 });
    expect(byKind("creditloss")[0]).toMatchObject({ action: "suspected", reason: "UNKNOWN", breakdown: { capital: 5000, interest: 0, expenses: 0 } });
    expect(byKind("duedateupdate")[0]).toMatchObject({ currentpaydate: "2026-11-30", source: "restapi" });
    // A message that no longer parses is shown for what it is, not dropped.
    expect(byKind("other")[0]).toMatchObject({ type: "lcstatus" });
  });

  it("follows the open amounts over time", async () => {
    const detail = (await getCaseDetail(getDb(), { organizationId: ORG, caseId: CASE, locale: "eng" }))!;
    expect(detail.balance).toEqual([
      { time: "2026-11-01T09:59:00.000Z", capital: 10050, interest: 0, expenses: 0 },
      { time: "2026-11-20T08:00:00Z", capital: 10050, interest: 42, expenses: 500 },
      { time: "2026-11-25T12:00:00Z", capital: 5592, interest: 0, expenses: 0 },
      { time: "2026-11-26T09:00:00Z", capital: 5000, interest: 0, expenses: 0 },
      { time: "2026-11-28T09:00:00Z", capital: 0, interest: 0, expenses: 0 },
    ]);
  });

  it("puts causes before effects: the post before everything, a payment before the move it made", async () => {
    const db = getDb();
    const id = "case-timeline-causes";
    const job = { cid: "demo-fin", jobid: 9002, invoicenumber: "B-9002", documentid: null };
    // The service noted the job a moment before the portal recorded its own post.
    await db.portalCase.create({
      data: {
        id,
        organizationId: ORG,
        environment: "fin-test",
        country: "FIN",
        cid: "demo-fin",
        jobid: 9002,
        code: 101,
        amount: 1000n,
        postedAt: new Date("2026-11-01T10:00:01Z"),
      },
    });
    const received = "2026-11-01T10:00:00.000Z";
    const paid = "2026-11-20T12:00:00.000Z";
    // Each batch lists lcstatus before delivery and payment, as the envelope's order of types does.
    const rows: [string, string, Record<string, unknown>, string, number][] = [
      ["opening", "lcstatus", { ...job, code: 0, status: "Invoicing", time: received, opencapital: 10 }, "first", 0],
      ["received", "delivery", { ...job, status: "received", statustime: received }, "first", 1],
      ["paid", "lcstatus", { ...job, code: 101, status: "Paid", time: paid, opencapital: 0, interest: 0, expenses: 0 }, "second", 0],
      ["payment", "payment", { ...job, time: paid, amount: 10, openamount: 0, openamountbreakdown: { capital: 0, interest: 0, expenses: 0 } }, "second", 1],
    ];
    await db.portalEvent.createMany({
      data: rows.map(([name, type, message, batchId, position]) => ({
        id: `causes-${name}`,
        organizationId: ORG,
        caseId: id,
        environment: "fin-test",
        cid: "demo-fin",
        type,
        time: (message.time ?? message.statustime) as string,
        message: message as object,
        batchId,
        position,
        receivedAt: new Date(batchId === "first" ? "2026-11-01T10:00:02Z" : "2026-11-20T12:00:01Z"),
      })),
    });
    const detail = (await getCaseDetail(db, { organizationId: ORG, caseId: id, locale: "eng" }))!;
    expect(detail.timeline.map((entry) => entry.id)).toEqual([`posted-${id}`, "causes-received", "causes-opening", "causes-payment", "causes-paid"]);
  });

  it("keeps the newest events of a case too long to show, in the order they happened", async () => {
    const db = getDb();
    const id = "case-timeline-long";
    await db.portalCase.create({ data: { id, organizationId: ORG, environment: "fin-test", country: "FIN", cid: "demo-fin", jobid: 9001, code: 101 } });
    const start = new Date("2026-01-01T00:00:00Z").getTime();
    await db.portalEvent.createMany({
      data: Array.from({ length: TIMELINE_BOUND + 5 }, (_, n) => {
        const time = new Date(start + n * 60_000).toISOString();
        return {
          id: `long-${n}`,
          organizationId: ORG,
          caseId: id,
          environment: "fin-test",
          cid: "demo-fin",
          type: "delivery",
          time,
          message: { cid: "demo-fin", jobid: 9001, status: "delivered", statustime: time },
          batchId: `long-${n}`,
          position: 0,
          receivedAt: new Date(start + n * 60_000),
        };
      }),
    });
    const detail = (await getCaseDetail(db, { organizationId: ORG, caseId: id, locale: "eng" }))!;
    expect(detail.timelineTruncated).toBe(true);
    const ids = detail.timeline.map((entry) => entry.id);
    expect(ids).toHaveLength(TIMELINE_BOUND);
    expect(ids[0]).toBe("long-5");
    expect(ids.at(-1)).toBe(`long-${TIMELINE_BOUND + 4}`);
  });
});
