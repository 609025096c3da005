import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { seal } from "../../platform/secrets";
import type { JobsResponse } from "../../spec/jobs";
import { invoice } from "../../testing/jobs";
import { getConnection, type Connection } from "../connections/connections";

import { getCaseDetail } from "./get-case-detail";
import { recordPostedJobs, withoutFileContents } from "./record-posted-jobs";

/* A post's answer opens the cases at once; a rejected job opens none. */

const organizationId = randomUUID();
let connection: Connection;

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.create({ data: { id: organizationId, name: "Test Oy" } });
  const id = randomUUID();
  await db.portalConnection.create({
    data: {
      id,
      organizationId,
      environment: "fin-test",
      label: "FIN test",
      baseUrl: "http://127.0.0.1:1/fin-test/rest",
      cid: "demo-fin",
      apicodeEncrypted: seal("x"),
    },
  });
  connection = await getConnection(db, { organizationId, connectionId: id });
});

const result = (overrides: Partial<JobsResponse["result"][number]>): JobsResponse["result"][number] => ({
  accepted: 1,
  amount: 248.0,
  billnum: "1001",
  billcode: "1232",
  error: null,
  evoicetype: null,
  jobid: 501,
  jobstatus: "0",
  jobtype: "0",
  notice: null,
  origbillnum: null,
  ownref: "erp-1",
  print: null,
  receiver: "Maija Meikäläinen",
  reference: "1232",
  sendtype: "post",
  ...overrides,
});

describe("recordPostedJobs", () => {
  it("opens a case per accepted job with its amounts in cents, and none for a rejected one", async () => {
    const items = [invoice({ ownref: "erp-1", govid: "131052-308T" }), invoice({ ownref: "erp-bad" })];
    const response: JobsResponse = {
      result: [
        result({}),
        result({
          accepted: 0,
          jobid: null,
          error: { code: "invalid", message: "paydate: must be a date", problems: [{ field: "paydate", code: "invalid", message: "must be a date" }] },
        }),
      ],
      errors: [{ index: 1, field: "paydate", code: "invalid", message: "must be a date" }],
      accepted: 1,
    };
    const ids = await recordPostedJobs(getDb(), { organizationId, connection, items, response });
    expect(ids[1]).toBeNull();
    const stored = await getDb().portalCase.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect(stored).toMatchObject({
      organizationId,
      environment: "fin-test",
      country: "FIN",
      cid: "demo-fin",
      jobid: 501,
      jobtype: 0,
      code: 0,
      amount: 24_800n,
      openCapital: 24_800n,
      currency: "EUR",
      reference: "1232",
      documentid: "erp-1",
      searchText: "maija meikäläinen 1001 1232 erp-1",
    });
    expect(stored.job).toMatchObject({ ownref: "erp-1" });
    // The personal id is sealed at rest, and the case page shows it masked.
    expect(JSON.stringify(stored.job)).not.toContain("131052");
    const detail = await getCaseDetail(getDb(), { organizationId, caseId: ids[0]!, locale: "eng" });
    expect(detail!.job).toMatchObject({ ownref: "erp-1", govid: "•••••••••8T" });
    expect(await getDb().portalCase.count({ where: { organizationId } })).toBe(1);
  });

  it("keeps what events already said of a case and adds the posted data", async () => {
    const db = getDb();
    const id = randomUUID();
    await db.portalCase.create({
      data: { id, organizationId, environment: "fin-test", country: "FIN", cid: "demo-fin", jobid: 777, code: 101, statusText: "Paid" },
    });
    const ids = await recordPostedJobs(db, {
      organizationId,
      connection,
      items: [invoice({ ownref: "late" })],
      response: { result: [result({ jobid: 777, ownref: "late" })], errors: [], accepted: 1 },
    });
    expect(ids).toEqual([id]);
    expect(await db.portalCase.findUniqueOrThrow({ where: { id } })).toMatchObject({ code: 101, statusText: "Paid", documentid: "late", amount: 24_800n });
  });

  it("records a whole upload of 1000 jobs, each case in the place of its result record", async () => {
    const results = Array.from({ length: 1000 }, (_, n) => result({ jobid: 10_000 + n, ownref: `bulk-${n}`, billnum: `B${n}` }));
    const response: JobsResponse = { result: results, errors: [], accepted: 1000 };
    const ids = await recordPostedJobs(getDb(), { organizationId, connection, items: results.map((_, n) => invoice({ ownref: `bulk-${n}` })), response });
    expect(new Set(ids).size).toBe(1000);
    const rows = await getDb().portalCase.findMany({ where: { id: { in: [ids[0]!, ids[999]!] } }, orderBy: { jobid: "asc" } });
    expect(rows.map((row) => [row.jobid, row.documentid])).toEqual([
      [10_000, "bulk-0"],
      [10_999, "bulk-999"],
    ]);
  });

  it("keeps a letter's data but not its embedded PDF", () => {
    const letterItem = {
      jobtype: "301",
      person: "Maija",
      image: { file: "JVBERi0xLjQK".repeat(1000), filename: null },
      attachment: [{ name: "a.pdf", file: "AAAA" }],
    };
    const kept = withoutFileContents(letterItem);
    expect(kept).toMatchObject({
      jobtype: "301",
      person: "Maija",
      image: { filename: null, file: "(9000 bytes, not kept by the portal)" },
      attachment: [{ name: "a.pdf", file: "(3 bytes, not kept by the portal)" }],
    });
    expect(letterItem.image.file).toHaveLength(12_000);
  });
});
