import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { createReference } from "@/lib/payment-data/references";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice, letter, reminder, TINY_PDF } from "@/lib/testing/jobs";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";
import { buildZip } from "@/lib/testing/zip";

import { POST } from "./route";

/*
 * POST /jobs under pressure: input the database cannot store, numbers that must not collide,
 * requests that race, packages that hide things.
 */

let fin: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
});

async function postJobs(body: unknown, token = fin, environment = "fin-test", headers: Record<string, string> = {}) {
  const response = await call(POST, `/${environment}/rest/jobs`, { body, token, headers });
  return { status: response.status, body: await json<JobsResponse>(response) };
}

describe("input the database could not store", () => {
  it("rejects only the job with a NUL character, wherever it is, on both engines", async () => {
    const { status, body } = await postJobs(
      envelope(invoice({ ownref: "fine" }), invoice({ freetext: "a\u0000b" }), invoice({ erp_extra: { note: "x\u0000" } })),
    );
    expect(status).toBe(200);
    expect(body.result.map((r) => r.accepted)).toEqual([1, 0, 0]);
    expect(body.errors.map((e) => [e.index, e.field])).toEqual([
      [1, "freetext"],
      [2, "erp_extra.note"],
    ]);
  });

  it("rejects control characters in text members", async () => {
    const { body } = await postJobs(envelope(invoice({ person: "Maija\u0007" })));
    expect(body.result[0]!.error!.problems).toEqual([
      { field: "person", code: "invalid", message: "must not contain control characters", rule: "controlCharacters", params: {} },
    ]);
  });

  it("rejects a row or total past 99 999 999 999.99 and keeps the good jobs", async () => {
    const { status, body } = await postJobs(
      envelope(
        invoice({ ownref: "fine" }),
        invoice({ payrow: [{ desc: "Too much", count: "1000000000", amount: "100000000000", taxpr: "0" }] }),
        invoice({
          payrow: [
            { desc: "Half", count: "1", amount: "60000000000", taxpr: "0" },
            { desc: "Half", count: "1", amount: "60000000000", taxpr: "0" },
          ],
        }),
      ),
    );
    expect(status).toBe(200);
    expect(body.result.map((r) => r.accepted)).toEqual([1, 0, 0]);
    expect(body.errors.map((e) => e.field)).toEqual(["payrow[0]", "payrow"]);
  });
});

describe("numbers that must not collide", () => {
  it("skips bill numbers the profile already used itself", async () => {
    const profile = await profileWithToken("fin-test");
    await postJobs(envelope(invoice({ billnum: "2" })), profile.token);
    const { body } = await postJobs(envelope(invoice(), invoice(), invoice({ billnum: "3" })), profile.token);
    expect(body.result.map((r) => r.billnum)).toEqual(["1", "4", "3"]);
  });

  it("skips references another job of the environment already has", async () => {
    const profile = await profileWithToken("swe-test");
    const counter = await getDb().counter.findUnique({ where: { name: "reference:swe-test" } });
    const next = Number(counter?.value ?? 999) + 1;
    const taken = createReference("SWE", next);
    await postJobs(envelope(invoice({ billcode: taken, postcode: "11122", city: "Stockholm" })), profile.token, "swe-test");
    const { body } = await postJobs(envelope(invoice({ postcode: "11122", city: "Stockholm" })), await demoToken("swe-test"), "swe-test");
    expect(body.result[0]!.reference).not.toBe(taken);
    expect(body.result[0]!.reference).toBe(createReference("SWE", next + 1));
  });

  it("refuses the request with 409, not a 500, when a fixed reference length has no room left", async () => {
    const profile = await profileWithToken("nor-test", { referenceLength: 10 });
    await getDb().counter.upsert({
      where: { name: "reference:nor-test" },
      create: { name: "reference:nor-test", value: 999_999_999n },
      update: { value: 999_999_999n },
    });
    const response = await call(POST, "/nor-test/rest/jobs", { body: envelope(invoice({ postcode: "0150", city: "Oslo" })), token: profile.token });
    expect(response.status).toBe(409);
    await getDb().counter.update({ where: { name: "reference:nor-test" }, data: { value: 5000n } });
  });

  it("reads a bill number without its surrounding spaces", async () => {
    await postJobs(envelope(reminder({ billnum: "TRIM-1" })));
    const { body } = await postJobs(envelope(reminder({ billnum: " TRIM-1 ", jobtype: "2", noticedate: "2026-09-30" })));
    expect(body.result[0]!.error!.problems[0]).toMatchObject({ field: "billnum", code: "conflict" });
  });
});

describe("rules that depend on other jobs of the request", () => {
  it("rejects a sub invoice whose collection invoice in the same request was rejected", async () => {
    await postJobs(envelope(invoice({ billnum: "COLL-X" })));
    const { body } = await postJobs(
      envelope(invoice({ billnum: "COLL-X", collectioninvoice: 1, checkbillnum: 1 }), invoice({ jobtype: "602", origbillnum: "COLL-X" })),
    );
    expect(body.result.map((r) => r.accepted)).toEqual([0, 0]);
    expect(body.result[1]!.error!.problems[0]).toMatchObject({ field: "origbillnum", code: "not_found" });
  });

  it("starts a sub invoice's lifecycle at 0 and refuses sub-items of sub-items", async () => {
    const { body } = await postJobs(
      envelope(
        invoice({ billnum: "COLL-Y", collectioninvoice: 1 }),
        invoice({ jobtype: "602", origbillnum: "COLL-Y" }),
        invoice({ subset: [invoice({ subset: [invoice()] })] }),
      ),
    );
    expect(body.result.map((r) => [r.accepted, r.jobtype, r.jobstatus])).toEqual([
      [1, "0", "0"],
      [1, "602", "0"],
      [0, "0", null],
    ]);
    expect(body.result[2]!.error!.problems[0]!.field).toBe("subset[0].subset");
  });
});

describe("what the answer says", () => {
  it("keeps a billcode with a hyphen inside as a payment message", async () => {
    const { body } = await postJobs(envelope(invoice({ billcode: "2026-0001" })));
    expect(body.result[0]).toMatchObject({ accepted: 1, billcode: "2026-0001" });
  });

  it("gives a rejected job's amount back even when it was sent as a string", async () => {
    const { body } = await postJobs(envelope(reminder({ amount: "99.90", city: null })));
    expect(body.result[0]).toMatchObject({ accepted: 0, amount: 99.9 });
  });

  it("names the e-invoice message of the environment's country", async () => {
    const finland = await postJobs(
      envelope(invoice({ sendtype: "evoice", evoice: "003712345678", evoiceint: "NDEAFIHH" }), invoice({ sendtype: "peppol", evoice: "0037:12345678" })),
    );
    expect(finland.body.result.map((r) => r.evoicetype)).toEqual(["FINVOICE", "PEPPOL"]);
    const norway = await postJobs(
      envelope(invoice({ sendtype: "peppol", evoice: "0192:988077917", postcode: "0150", city: "Oslo" })),
      await demoToken("nor-test"),
      "nor-test",
    );
    expect(norway.body.result[0]!.evoicetype).toBe("EHF");
  });
});

describe("retries that race", () => {
  it("answers concurrent retries with one Idempotency-Key alike and stores the jobs once", async () => {
    const headers = { "idempotency-key": "race-2026-11-22" };
    const before = await getDb().job.count();
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJobs(envelope(invoice({ ownref: "raced" }), invoice()), fin, "fin-test", headers)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await getDb().job.count()).toBe(before + 2);
    expect(await getDb().intakeRequest.count({ where: { idempotencyKey: "race-2026-11-22" } })).toBe(1);
  });

  it("gives two concurrent requests of one profile distinct bill numbers and references", async () => {
    const profile = await profileWithToken("fin-test");
    const answers = await Promise.all(Array.from({ length: 3 }, () => postJobs(envelope(invoice(), invoice()), profile.token)));
    const billnums = answers.flatMap((answer) => answer.body.result.map((r) => r.billnum));
    const references = answers.flatMap((answer) => answer.body.result.map((r) => r.reference));
    expect(new Set(billnums).size).toBe(6);
    expect(new Set(references).size).toBe(6);
  });
});

describe("packages that hide things", () => {
  it("counts older-generation letters, which name their PDF at the top, as larger documents", async () => {
    const old = (i: number) => ({ ...letter({ image: undefined }), filename: `l${i}.pdf` });
    const zip = await buildZip([{ name: "index.json", content: JSON.stringify(envelope(...Array.from({ length: 501 }, (_, i) => old(i)))) }]);
    const response = await call(POST, "/fin-test/rest/jobs", { raw: new Uint8Array(zip), token: fin, headers: { "content-type": "application/zip" } });
    expect(response.status).toBe(413);
  });

  it("never inflates an entry the index does not name", async () => {
    const zip = await buildZip([
      { name: "index.json", content: JSON.stringify(envelope(letter({ image: { filename: "named.pdf" } }))) },
      { name: "named.pdf", content: TINY_PDF },
      { name: "unnamed.bin", content: Buffer.alloc(9 * 1024 * 1024) },
    ]);
    const response = await call(POST, "/fin-test/rest/jobs", { raw: new Uint8Array(zip), token: fin, headers: { "content-type": "application/zip" } });
    expect(response.status).toBe(200);
    expect((await json<JobsResponse>(response)).accepted).toBe(1);
  });
});
