import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { metrics } from "../../platform/metrics";
import { eventBatchSchema } from "../../spec/events";
import { createTestOrganization } from "../../testing/organization-fixture";

import { ingestBatch, projectBatches, receiveBatch } from "./ingest-batch";
import { toMinorUnits } from "./project-case";

const batch = (data: Record<string, unknown[]>, id = randomUUID()) => eventBatchSchema.parse({ created_at: "2026-11-22T08:00:00.000Z", id, data });

async function caseOf(organizationId: string, jobid: number) {
  return getDb().portalCase.findFirstOrThrow({ where: { organizationId, jobid }, include: { events: { orderBy: { position: "asc" } } } });
}

describe("ingestBatch", () => {
  it("creates a case learned from events and projects lcstatus, delivery, payment and due date changes", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const identity = { cid, jobid: 41, invoicenumber: "1041", documentid: "ERP-41" };
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "push",
      envelope: batch({
        // Listed by type, not by time: the payment happened after the reminder's lcstatus.
        payment: [
          {
            ...identity,
            time: "2026-12-20T10:00:00Z",
            amount: 100.1,
            openamount: 30.3,
            amountbreakdown: { capital: 100.1, interest: 0, expenses: 0 },
            openamountbreakdown: { capital: 24.4, interest: 0.9, expenses: 5 },
          },
        ],
        lcstatus: [
          {
            ...identity,
            code: 100,
            status: "Invoice",
            time: "2026-11-22T08:00:00Z",
            paydate: "2026-12-06",
            currentpaydate: "2026-12-06",
            opencapital: 124.5,
            interest: 0,
            expenses: 0,
          },
          {
            ...identity,
            code: "200",
            status: "Reminder",
            time: "2026-12-10T08:00:00Z",
            paydate: "2026-12-06",
            currentpaydate: "2026-12-24",
            opencapital: 124.5,
            interest: 0.9,
            expenses: 5,
          },
        ],
        delivery: [{ ...identity, status: "DELIVERED", statustime: "2026-11-22T08:05:00Z", distributionchannel: "EMAIL" }],
        duedateupdate: [{ ...identity, currentpaydate: "2027-01-07", source: "API" }],
      }),
    });
    const row = await caseOf(org.organizationId, 41);
    expect(row).toMatchObject({
      environment: "fin-test",
      country: "FIN",
      currency: "EUR",
      code: 200,
      statusText: "Reminder",
      paydate: "2026-12-06",
      billnum: "1041",
      documentid: "ERP-41",
      deliveryStatus: "DELIVERED",
      deliveryChannel: "EMAIL",
      openCapital: 2440n,
      interest: 90n,
      expenses: 500n,
      job: null,
      searchText: "1041 erp-41",
    });
    // The due date update has no time of its own: it counts at the batch's created_at, before the reminder.
    expect(row.currentPaydate).toBe("2026-12-24");
    expect(row.lastEventAt?.toISOString()).toBe("2026-12-20T10:00:00.000Z");
    expect(row.events.map((event) => event.type)).toEqual(["delivery", "lcstatus", "lcstatus", "payment", "duedateupdate"]);
    expect(row.events.map((event) => event.time)).toEqual([
      "2026-11-22T08:05:00Z",
      "2026-11-22T08:00:00Z",
      "2026-12-10T08:00:00Z",
      "2026-12-20T10:00:00Z",
      "2026-11-22T08:00:00.000Z",
    ]);
  });

  it("moves a case the portal posted, keeping what the post said", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    await getDb().portalCase.create({
      data: {
        id: randomUUID(),
        organizationId: org.organizationId,
        environment: "fin-test",
        country: "FIN",
        cid,
        jobid: 7,
        code: 100,
        receiverName: "Maija",
        billnum: "7",
        reference: "1232",
        amount: 12450n,
        openCapital: 12450n,
        job: { person: "Maija" },
        searchText: "maija 7 1232",
      },
    });
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "push",
      envelope: batch({
        lcstatus: [
          {
            cid,
            jobid: 7,
            invoicenumber: "7",
            documentid: "own-7",
            code: 101,
            status: "Paid",
            time: "2026-11-30T08:00:00Z",
            opencapital: 0,
            interest: 0,
            expenses: 0,
          },
        ],
        creditloss: [{ cid, jobid: 7, type: "suspected", time: "2026-11-29T08:00:00Z" }],
      }),
    });
    const row = await caseOf(org.organizationId, 7);
    expect(row).toMatchObject({
      code: 101,
      statusText: "Paid",
      openCapital: 0n,
      amount: 12450n,
      receiverName: "Maija",
      job: { person: "Maija" },
      documentid: "own-7",
      searchText: "maija 7 1232 own-7",
    });
    expect(row.events.map((event) => event.type)).toEqual(["lcstatus", "creditloss"]);
  });

  it("puts a credit note on the debit invoice it is allocated to", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const base = { organizationId: org.organizationId, source: "push" as const };
    await ingestBatch(getDb(), {
      ...base,
      envelope: batch({ lcstatus: [{ cid, jobid: 9, code: 100, time: "2026-11-22T08:00:00Z", opencapital: 100, interest: 0, expenses: 0 }] }),
    });
    await ingestBatch(getDb(), {
      ...base,
      envelope: batch({
        creditnote: [
          {
            cid,
            jobid: 10,
            invoicenumber: "CN-10",
            type: "allocated",
            time: "2026-11-23T08:00:00Z",
            amount: 40.5,
            targetjobid: 9,
            allocations: [{ jobid: 9, amount: 40.5 }],
          },
        ],
      }),
    });
    const row = await caseOf(org.organizationId, 9);
    expect(row.openCapital).toBe(5950n);
    expect(row.billnum).toBeNull();
    expect(row.events.map((event) => event.type)).toEqual(["lcstatus", "creditnote"]);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId, jobid: 10 } })).toBe(0);
  });

  it("counts an allocation against the credit note's own case too, when the portal has it, and a removal gives it back", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const base = { organizationId: org.organizationId, source: "push" as const };
    // The debit invoice and the credit note (-125.50) as the service announces them.
    await ingestBatch(getDb(), {
      ...base,
      envelope: batch({
        lcstatus: [
          { cid, jobid: 9, code: 100, time: "2026-11-22T08:00:00Z", opencapital: 100, interest: 0, expenses: 0 },
          { cid, jobid: 10, code: 100, time: "2026-11-22T08:00:00Z", opencapital: 0, interest: 0, expenses: 0 },
        ],
      }),
    });
    const allocation = (type: string, amount: number, time: string) => ({ cid, jobid: 10, invoicenumber: "CN-10", type, time, amount, targetjobid: 9 });
    await ingestBatch(getDb(), {
      ...base,
      envelope: batch({ creditnote: [allocation("allocated", 100, "2026-11-23T08:00:00Z"), allocation("allocated", 20, "2026-11-23T09:00:00Z")] }),
    });
    expect((await caseOf(org.organizationId, 10)).creditUsed).toBe(12000n);
    await ingestBatch(getDb(), { ...base, envelope: batch({ creditnote: [allocation("unallocated", 20, "2026-11-24T08:00:00Z")] }) });
    await ingestBatch(getDb(), {
      ...base,
      envelope: batch({ creditnote: [{ cid, jobid: 10, invoicenumber: "CN-10", type: "refunded", time: "2026-11-24T09:00:00Z", amount: 5.5 }] }),
    });
    const credit = await caseOf(org.organizationId, 10);
    expect(credit.creditUsed).toBe(10550n);
    // The allocations stay on the debit invoice's timeline; the refund is the credit note's own.
    expect(credit.events.map((event) => event.type).sort()).toEqual(["creditnote", "lcstatus"]);
    const debit = await caseOf(org.organizationId, 9);
    expect(debit.creditUsed).toBe(0n);
    expect(debit.events.map((event) => event.type).sort()).toEqual(["creditnote", "creditnote", "creditnote", "lcstatus"]);
  });

  it("writes everything or nothing: a failure after the events leaves no batch, event or case", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const envelope = batch({ lcstatus: Array.from({ length: 20 }, (_, index) => ({ cid, jobid: index + 1, code: 100, time: "2026-11-22T08:00:00Z" })) });
    await expect(
      ingestBatch(getDb(), {
        organizationId: org.organizationId,
        source: "push",
        envelope,
        afterStore: async () => {
          throw new Error("disk full");
        },
      }),
    ).rejects.toThrow("disk full");
    expect(await getDb().portalEventBatch.count({ where: { organizationId: org.organizationId } })).toBe(0);
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(0);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId } })).toBe(0);
    // The same batch sent again is stored in full.
    expect(await ingestBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope })).toEqual({ duplicate: false, stored: 20 });
  });

  it("takes a case's lcstatus that arrives after a later delivery of it (two batches, the delivery's first)", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "poll",
      envelope: batch({ delivery: [{ cid, jobid: 700, status: "SENT", statustime: "2026-11-22T09:00:00Z" }] }),
    });
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "push",
      envelope: batch({ lcstatus: [{ cid, jobid: 700, code: 100, time: "2026-11-22T08:00:00Z" }] }),
    });
    expect(await getDb().portalCase.findFirstOrThrow({ where: { organizationId: org.organizationId, jobid: 700 } })).toMatchObject({
      code: 100,
      deliveryStatus: "SENT",
    });
  });

  it("stores two batches about the same new cases at once, one case each, no message lost", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const messages = (code: number, time: string) => Array.from({ length: 30 }, (_, index) => ({ cid, jobid: 500 + index, code, time }));
    const results = await Promise.all([
      ingestBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope: batch({ lcstatus: messages(100, "2026-11-22T08:00:00Z") }) }),
      ingestBatch(getDb(), {
        organizationId: org.organizationId,
        source: "poll",
        envelope: batch({
          delivery: messages(0, "2026-11-22T09:00:00Z").map(({ code: _code, time, ...rest }) => ({ ...rest, status: "SENT", statustime: time })),
        }),
      }),
    ]);
    expect(results).toEqual([
      { duplicate: false, stored: 30 },
      { duplicate: false, stored: 30 },
    ]);
    const cases = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId }, include: { _count: { select: { events: true } } } });
    expect(cases).toHaveLength(30);
    for (const row of cases) {
      expect(row._count.events).toBe(2);
      expect(row).toMatchObject({ code: 100, deliveryStatus: "SENT" });
    }
  });

  it("stores a batch of 500 messages for 500 cases in one go", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const messages = Array.from({ length: 500 }, (_, index) => ({
      cid,
      jobid: 1000 + index,
      code: 100,
      time: "2026-11-22T08:00:00Z",
      opencapital: 10.1,
      interest: 0,
      expenses: 0,
    }));
    const result = await ingestBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope: batch({ lcstatus: messages }) });
    expect(result).toEqual({ duplicate: false, stored: 500 });
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "push",
      envelope: batch({ lcstatus: messages.map((message) => ({ ...message, code: 200 })) }),
    });
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId, code: 200 } })).toBe(500);
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(1000);
  });
  it("places a message without a job id on the newest case of its bill number or documentid, and one that names no case on none", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const store = async (data: Record<string, unknown[]>, now: Date) => {
      await receiveBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope: batch(data), now });
      expect(await projectBatches(getDb(), { organizationId: org.organizationId, now })).toBe(1);
    };
    const lcstatus = (jobid: number, invoicenumber: string, documentid: string) => ({
      cid,
      jobid,
      invoicenumber,
      documentid,
      code: 100,
      time: "2026-11-22T08:00:00Z",
      opencapital: 50,
    });
    await store({ lcstatus: [lcstatus(5, "A-1", "D-5")] }, new Date("2026-11-22T09:00:00Z"));
    // The bill number comes again on a later case: the later case is the one it names now.
    await store({ lcstatus: [lcstatus(6, "A-1", "D-6")] }, new Date("2026-11-22T10:00:00Z"));
    const payment = (fields: Record<string, unknown>) => ({ cid, time: "2026-11-23T08:00:00Z", amount: 1, ...fields });
    await store(
      {
        payment: [
          payment({ invoicenumber: "A-1" }),
          payment({ invoicenumber: "A-1", amount: 2 }),
          payment({ documentid: "D-5" }),
          payment({ invoicenumber: "nobody", documentid: "D-6" }),
          payment({ invoicenumber: "nobody" }),
          payment({}),
        ],
      },
      new Date("2026-11-23T09:00:00Z"),
    );
    const [five, six] = [await caseOf(org.organizationId, 5), await caseOf(org.organizationId, 6)];
    const events = await getDb().portalEvent.findMany({ where: { organizationId: org.organizationId, type: "payment" }, orderBy: { position: "asc" } });
    expect(events.map((event) => event.caseId)).toEqual([six.id, six.id, five.id, six.id, null, null]);
    expect(events.map((event) => event.environment)).toEqual(Array(6).fill("fin-test"));
  });

  it("adds each batch's payments to their connection's month, once per batch, and none of a cid it has no connection for", async () => {
    const org = await createTestOrganization(getDb(), [{ environment: "fin-test" }, { environment: "swe-test" }]);
    const [fin, swe] = org.connections.map((connection) => connection.cid) as [string, string];
    const payment = (cid: string, jobid: number, amount: number, fields: Record<string, unknown> = {}) => ({
      cid,
      jobid,
      time: "2026-12-02T08:00:00Z",
      amount,
      ...fields,
    });
    const first = batch({
      payment: [
        payment(fin, 1, 100.1, { paymentdate: "2026-11-30" }),
        payment(fin, 2, 0.05, { paymentdate: "2026-11-01" }),
        payment(fin, 3, 7),
        payment(swe, 4, 250),
        payment("unknown-cid", 5, 999),
      ],
    });
    await ingestBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope: first });
    // The same batch again is a duplicate and counts nothing; another batch adds to the same month.
    expect(await ingestBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope: first })).toEqual({ duplicate: true, stored: 0 });
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "push",
      envelope: batch({ payment: [payment(fin, 1, 90_071_992_547_409.93, { paymentdate: "2026-11-30" })] }),
    });
    const months = await getDb().portalCollectedMonth.findMany({
      where: { organizationId: org.organizationId },
      orderBy: [{ environment: "asc" }, { month: "asc" }],
    });
    expect(months.map(({ environment, cid, currency, month, amount, payments }) => ({ environment, cid, currency, month, amount, payments }))).toEqual([
      // A sum past 2^53 minor units stays exact.
      { environment: "fin-test", cid: fin, currency: "EUR", month: "2026-11", amount: 10_010n + 5n + toMinorUnits(90_071_992_547_409.93), payments: 3 },
      { environment: "fin-test", cid: fin, currency: "EUR", month: "2026-12", amount: 700n, payments: 1 },
      { environment: "swe-test", cid: swe, currency: "SEK", month: "2026-12", amount: 25_000n, payments: 1 },
    ]);
  });

  it("marks its connection's contact, and the connection as updated, as the model update did", async () => {
    const org = await createTestOrganization(getDb());
    const { cid, id } = org.connections[0]!;
    const long = new Date("2026-01-01T00:00:00Z");
    await getDb().portalConnection.update({ where: { id }, data: { lastContactAt: null, updatedAt: long } });
    const identity = { cid, jobid: 77, invoicenumber: "1077", documentid: "ERP-77" };
    const status = {
      ...identity,
      code: 100,
      status: "Invoice",
      time: "2026-11-22T08:00:00Z",
      paydate: "2026-12-06",
      currentpaydate: "2026-12-06",
      opencapital: 10,
      interest: 0,
      expenses: 0,
    };
    await ingestBatch(getDb(), { organizationId: org.organizationId, source: "push", envelope: batch({ lcstatus: [status] }) });
    const connection = await getDb().portalConnection.findUniqueOrThrow({ where: { id } });
    expect(connection.lastContactAt).not.toBeNull();
    // The portal's loops take connections by updatedAt.
    expect(connection.updatedAt.getTime()).toBeGreaterThan(long.getTime());
  });

  it("keeps a batch received again out, and does not run its afterStore a second time", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const envelope = batch({ lcstatus: [{ cid, jobid: 1, code: 100, time: "2026-11-22T08:00:00Z" }] });
    let stores = 0;
    const input = { organizationId: org.organizationId, source: "poll" as const, envelope, afterStore: async () => void stores++ };
    expect(await receiveBatch(getDb(), input)).toEqual({ duplicate: false, stored: 1 });
    expect(await receiveBatch(getDb(), input)).toEqual({ duplicate: true, stored: 0 });
    expect(stores).toBe(1);
    const [row] = await getDb().portalEventBatch.findMany({ where: { organizationId: org.organizationId } });
    expect(row).toMatchObject({ batchId: envelope.id, createdAt: envelope.created_at, source: "poll", messageCount: 1, projectedAt: null, environment: null });
    expect(JSON.parse(row!.body!)).toEqual(envelope);
    expect(await projectBatches(getDb(), { organizationId: org.organizationId })).toBe(1);
    expect(await projectBatches(getDb(), { organizationId: org.organizationId })).toBe(0);
    expect(await getDb().portalEventBatch.findFirstOrThrow({ where: { organizationId: org.organizationId } })).toMatchObject({
      body: null,
      projectedAt: expect.any(Date),
    });
  });

  it("finishes a stored batch that does not fit the schema on its first claim, with the reason, and projects the one beside it", async () => {
    const db = getDb();
    const org = await createTestOrganization(db);
    const cid = org.connections[0]!.cid;
    const invalid = async () =>
      (await metrics().jobs.get()).values.find((value) => value.labels.kind === "portalBatch" && value.labels.outcome === "invalid")?.value ?? 0;
    const invalidBefore = await invalid();
    const received = new Date("2026-11-22T08:00:00Z");
    // Written straight to the table, as an older version or a hand fix might have, before the valid batch.
    const broken = {
      organizationId: org.organizationId,
      createdAt: "2026-11-22T08:00:00.000Z",
      source: "push",
      messageCount: 1,
      receivedAt: new Date(received.getTime() - 60_000),
    };
    await db.portalEventBatch.create({
      data: {
        ...broken,
        id: "broken-member",
        batchId: "broken-member",
        body: JSON.stringify({ created_at: "x", id: "b", data: { lcstatus: [{ cid, jobid: 8, code: "a hundred", time: "2026-11-22T08:00:00Z" }] } }),
      },
    });
    await db.portalEventBatch.create({ data: { ...broken, id: "broken-json", batchId: "broken-json", body: '{"created_at": "x", "id": "b", "data": {' } });
    await receiveBatch(db, {
      organizationId: org.organizationId,
      source: "push",
      envelope: batch({ lcstatus: [{ cid, jobid: 7, code: 100, time: "2026-11-22T08:00:00Z" }] }),
      now: received,
    });

    expect(await projectBatches(db, { organizationId: org.organizationId, now: received })).toBe(1);
    expect(await caseOf(org.organizationId, 7)).toMatchObject({ code: 100 });
    const member = await db.portalEventBatch.findUniqueOrThrow({ where: { id: "broken-member" } });
    expect(member).toMatchObject({ projectedAt: received, body: expect.any(String) });
    expect(member.failure).toMatch(/not tried again: body\.data\.lcstatus\.0\.code: /);
    expect(member.failure).not.toContain(cid);
    expect((await db.portalEventBatch.findUniqueOrThrow({ where: { id: "broken-json" } })).failure).toMatch(/body: not JSON/);
    expect((await invalid()) - invalidBefore).toBe(2);

    // Finished: a later run takes neither again.
    expect(await projectBatches(db, { organizationId: org.organizationId })).toBe(0);
    expect((await invalid()) - invalidBefore).toBe(2);
    expect(await db.portalEventBatch.count({ where: { organizationId: org.organizationId, projectedAt: null } })).toBe(0);
  });
});
