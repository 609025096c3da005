import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { isValidFinnishReference, isValidKid, isValidOcr, hasOcrLengthDigit, isValidRfReference } from "@/lib/payment-data/references";
import { getSecrets } from "@/lib/platform/secrets";
import { TOKEN_ISSUER } from "@/lib/service/auth/verify-token";
import type { JobResult, JobsResponse } from "@/lib/spec/jobs";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { ruleMessage } from "@/lib/spec/rules";
import { collection, envelope, invoice, letter, reminder, TINY_PDF } from "@/lib/testing/jobs";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

const RESULT_MEMBERS = [
  "accepted",
  "amount",
  "billcode",
  "billnum",
  "error",
  "evoicetype",
  "jobid",
  "jobstatus",
  "jobtype",
  "notice",
  "origbillnum",
  "ownref",
  "print",
  "receiver",
  "reference",
  "sendtype",
];

let fin: string;
let swe: string;
let nor: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
  swe = await demoToken("swe-test");
  nor = await demoToken("nor-test");
});

function post(body: unknown, options: { token?: string; environment?: string; headers?: Record<string, string> } = {}) {
  return call(POST, `/${options.environment ?? "fin-test"}/rest/jobs`, { body, token: options.token ?? fin, headers: options.headers });
}

async function postJobs(body: unknown, options: Parameters<typeof post>[1] = {}) {
  const response = await post(body, options);
  return { status: response.status, body: await json<JobsResponse>(response), headers: response.headers };
}

const countJobs = () => getDb().job.count();

describe("authentication", () => {
  it("refuses a request without a token with 401 and a problem body", async () => {
    const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(invoice()) });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await json<ProblemDetails>(response)).toMatchObject({ type: "/rest/problems/unauthorized", status: 401, title: expect.any(String) });
  });

  it("refuses a token that is not one of ours", async () => {
    const response = await post(envelope(invoice()), { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl" });
    expect(response.status).toBe(401);
  });

  it("refuses an expired token and says so", async () => {
    const profile = await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: "demo-fin" } });
    const past = Math.floor(Date.now() / 1000) - 3 * 60 * 60;
    const expired = await new SignJWT({ cid: "demo-fin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(profile.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience("fin-test")
      .setIssuedAt(past)
      .setExpirationTime(past + 7200)
      .sign(getSecrets().jwtSecret);
    const response = await post(envelope(invoice()), { token: expired });
    expect(response.status).toBe(401);
    expect((await json<ProblemDetails>(response)).detail).toMatch(/expired/);
  });

  it("refuses a token of another environment", async () => {
    const response = await post(envelope(invoice()), { token: swe });
    expect(response.status).toBe(401);
    expect((await json<ProblemDetails>(response)).detail).toMatch(/another environment/);
  });
});

describe("the result record", () => {
  it("has exactly the specification's members for accepted and rejected jobs, and top-level errors and accepted", async () => {
    const { status, body } = await postJobs(envelope(invoice(), invoice({ city: null })));
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["accepted", "errors", "result"]);
    for (const result of body.result) expect(Object.keys(result).sort()).toEqual(RESULT_MEMBERS);
    expect(body.accepted).toBe(1);
  });

  it("accepts jobtype and customertype as strings or integers, and null for optional members", async () => {
    const { body } = await postJobs(
      envelope(
        invoice({ jobtype: "0", customertype: "2" }),
        invoice({ jobtype: 0, customertype: 2, ownref: null, email2: null, xmldate: null, addaddress: null }),
        invoice({ jobtype: 300, customertype: 1, company: "Yritys Oy", person: null }),
      ),
    );
    expect(body.errors).toEqual([]);
    expect(body.result.map((r) => [r.accepted, r.jobtype, r.jobstatus])).toEqual([
      [1, "0", "0"],
      [1, "0", "0"],
      [1, "300", "300"],
    ]);
    expect(body.result[2]!.receiver).toBe("Yritys Oy");
  });

  it("stores an accepted job with all its data and answers with its number", async () => {
    const { body } = await postJobs(envelope(invoice({ ownref: "ERP-77", freetext: "Kiitos!", custom_erp_field: "kept" })));
    const result = body.result[0]!;
    expect(result).toMatchObject({ accepted: 1, error: null, ownref: "ERP-77", receiver: "Maija Meikäläinen", sendtype: "post", print: null });
    expect(result.jobid).toEqual(expect.any(Number));
    expect(result.billnum).toMatch(/^\d+$/);
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: result.jobid! } });
    expect(stored.reference).toBe(result.reference);
    expect(stored.data).toMatchObject({ freetext: "Kiitos!", custom_erp_field: "kept", jobtype: 0, customertype: 2 });
    expect(result.notice).toMatch(/custom_erp_field/);
  });

  it("accepts text the documents' fonts cannot draw, and says so in the notice", async () => {
    const { body } = await postJobs(
      envelope(invoice({ ownref: "FONT-1", person: "王小明", payrow: [{ desc: "Tè – Ærø ŋ đ ŧ", count: "1", amount: "10.00", taxpr: "25.5" }] })),
    );
    expect(body.result[0]).toMatchObject({ accepted: 1, error: null });
    expect(body.result[0]!.notice).toMatch(/cannot draw print as empty boxes: 王 小 明\./);
    // Nordic and Sámi letters are drawn: a job of only those gets no such notice.
    const { body: nordic } = await postJobs(envelope(invoice({ ownref: "FONT-2", person: "Áile Ŋuolle-Đuđđi" })));
    expect(nordic.result[0]!.notice ?? "").not.toMatch(/cannot draw/);
  });
});

describe("amounts", () => {
  it("computes net, VAT per rate and gross in cents; amount is the gross total", async () => {
    const { body } = await postJobs(envelope(invoice()));
    // 2 × 100.00 at 25.5 % and 1 × 20.00 at 10 %: net 220.00, VAT 51.00 + 2.00, gross 273.00.
    expect(body.result[0]!.amount).toBe(273);
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: body.result[0]!.jobid! } });
    expect([stored.netAmount, stored.vatAmount, stored.grossAmount].map(Number)).toEqual([22000, 5300, 27300]);
  });

  it("rounds half away from zero at the cent", async () => {
    const { body } = await postJobs(
      envelope(
        invoice({ payrow: [{ desc: "Screws", count: "3", amount: "0.335", taxpr: "24" }] }),
        invoice({ payrow: [{ desc: "Refund", count: "-3", amount: "0.335", taxpr: "24" }] }),
      ),
    );
    // 3 × 0.335 = 1.005 → 1.01; VAT 24 % of 1.01 = 0.2424 → 0.24.
    expect(body.result.map((r) => r.amount)).toEqual([1.25, -1.25]);
  });

  it("computes VAT once per rate, not per row", async () => {
    const rows = Array.from({ length: 3 }, () => ({ desc: "Item", count: "1", amount: "0.10", taxpr: "25.5" }));
    const { body } = await postJobs(envelope(invoice({ payrow: rows })));
    // Per row VAT would be 3 × 0.03 = 0.09; on the rate's total 0.30 × 25.5 % = 0.0765 → 0.08.
    expect(body.result[0]!.amount).toBe(0.38);
  });

  it("tells in notice when the caller's totals differ from the rows", async () => {
    const { body } = await postJobs(envelope(invoice({ totalamount: "999.99", netamount: "220.00" })));
    expect(body.result[0]!.amount).toBe(273);
    expect(body.result[0]!.notice).toMatch(/totalamount 999.99 \(rows give 273.00\)/);
    expect(body.result[0]!.notice).not.toMatch(/netamount/);
  });

  it("tells in notice when a credit note names no invoice it credits, and accepts it", async () => {
    const refund = { payrow: [{ desc: "Refund", count: "-1", amount: "100.00", taxpr: "25.5" }] };
    const { body } = await postJobs(envelope(invoice({ ownref: "CN-1", ...refund }), invoice({ ownref: "CN-2", refundtobillnum: "1001", ...refund })));
    expect(body.result.map((result) => result.accepted)).toEqual([1, 1]);
    expect(body.result[0]!.notice).toMatch(/credit note should name the invoice it credits \(refundtobillnum\)/);
    expect(body.result[1]!.notice ?? "").not.toMatch(/refundtobillnum/);
  });

  it("answers a reminder's amount as its open capital", async () => {
    const { body } = await postJobs(envelope(reminder({ billnum: "AMT-1", amount: "150.50" })));
    expect(body.result[0]).toMatchObject({ accepted: 1, amount: 150.5, jobstatus: "1" });
  });
});

describe("minimum data per job kind", () => {
  const rejectedFields = async (item: Record<string, unknown>, environment = "fin-test", token = fin) => {
    const { body } = await postJobs(envelope(item), { environment, token });
    expect(body.result[0]!.accepted).toBe(0);
    return body.result[0]!.error!.problems.map((problem) => problem.field);
  };

  it.each(["address", "postcode", "city", "billdate", "paydate", "customertype", "jobtype"])("refuses an invoice without %s", async (field) => {
    expect(await rejectedFields(invoice({ [field]: null }))).toContain(field);
  });

  it("refuses an invoice without the recipient's name for its customertype", async () => {
    expect(await rejectedFields(invoice({ customertype: "2", person: null, company: "Firma Oy" }))).toEqual(["person"]);
    expect(await rejectedFields(invoice({ customertype: "1", person: "Maija", company: null }))).toEqual(["company"]);
  });

  it("refuses an invoice without rows, or with a row missing desc, count, amount or taxpr", async () => {
    expect(await rejectedFields(invoice({ payrow: [] }))).toEqual(["payrow"]);
    expect(await rejectedFields(invoice({ payrow: [{ desc: "x", count: 1, amount: 1 }] }))).toEqual(["payrow[0].taxpr"]);
  });

  it.each(["billcode", "amount", "billnum", "postcode", "billdate", "paydate"])("refuses a reminder without %s", async (field) => {
    expect(await rejectedFields(reminder({ [field]: null }))).toContain(field);
  });

  it("requires noticedate for debt collection in Finland only", async () => {
    expect(await rejectedFields(collection({ noticedate: null, billnum: "NOTICE-FI" }))).toEqual(["noticedate"]);
    const sweden = await postJobs(envelope(collection({ noticedate: null, billnum: "NOTICE-SE", billcode: "1234567897" })), {
      environment: "swe-test",
      token: swe,
    });
    expect(sweden.body.result[0]).toMatchObject({ accepted: 1, jobtype: "2", jobstatus: "2" });
  });

  it("requires origbillnum for a sub invoice and that it names a collection invoice of the profile", async () => {
    expect(await rejectedFields(invoice({ jobtype: "602" }))).toEqual(["origbillnum"]);
    expect(await rejectedFields(invoice({ jobtype: "602", origbillnum: "NO-SUCH" }))).toEqual(["origbillnum"]);
    const { body } = await postJobs(envelope(invoice({ jobtype: "602", origbillnum: "COLL-1" }), invoice({ billnum: "COLL-1", collectioninvoice: "1" })));
    expect(body.result.map((r) => r.accepted)).toEqual([1, 1]);
    expect(body.result[0]!.origbillnum).toBe("COLL-1");
  });

  it("names every problem of a job at once, type errors and missing members alike", async () => {
    const fields = await rejectedFields(
      invoice({ customertype: "1", company: null, postcode: null, payrow: [{ desc: "x", count: 1, amount: 1, taxpr: 101 }] }),
    );
    expect(fields.sort()).toEqual(["company", "payrow[0].taxpr", "postcode"]);
  });

  it("refuses a due date before the bill date, and a calendar date that does not exist", async () => {
    expect(await rejectedFields(invoice({ paydate: "2026-11-01" }))).toEqual(["paydate"]);
    expect(await rejectedFields(invoice({ billdate: "2026-02-30" }))).toEqual(["billdate"]);
  });

  it("requires the address that the send type delivers to", async () => {
    expect(await rejectedFields(invoice({ sendtype: "email", email: null }))).toEqual(["email"]);
    expect((await rejectedFields(invoice({ sendtype: "evoice" }))).sort()).toEqual(["evoice", "evoiceint"]);
    expect(await rejectedFields(invoice({ sendtype: "peppol" }))).toEqual(["evoice"]);
    expect(await rejectedFields(invoice({ sendtype: "fax" }))).toEqual(["sendtype"]);
  });

  it("accepts balanced Embed accounting rows and refuses unbalanced ones", async () => {
    const rows = [
      { accountid: "1700", debit: "273.00", credit: null, desc: "Receivables", netamount: "220.00", vatamount: "53.00", taxpr: "25.5" },
      { accountid: "3000", debit: null, credit: "273.00", desc: "Sales", netamount: "220.00", vatamount: "53.00", taxpr: "25.5" },
    ];
    expect((await postJobs(envelope(invoice({ accountrow: rows })))).body.result[0]!.accepted).toBe(1);
    expect(await rejectedFields(invoice({ accountrow: [rows[0]] }))).toEqual(["accountrow"]);
  });
});

describe("one bad job never drops the good ones", () => {
  it("accepts the good jobs around a bad one and stores exactly them", async () => {
    const before = await countJobs();
    const { status, body } = await postJobs(
      envelope(invoice({ ownref: "good-1" }), invoice({ ownref: "bad", paydate: "not a date" }), invoice({ ownref: "good-2" })),
    );
    expect(status).toBe(200);
    expect(body.accepted).toBe(2);
    expect(body.result.map((r) => [r.ownref, r.accepted])).toEqual([
      ["good-1", 1],
      ["bad", 0],
      ["good-2", 1],
    ]);
    // The problem whole, as the job's own error names it: a client reading only errors[] words it by its rule too.
    expect(body.errors).toEqual([{ index: 1, field: "paydate", code: "invalid", message: ruleMessage("date"), rule: "date", params: {} }]);
    expect(body.errors.map(({ index: _index, ...problem }) => problem)).toEqual(body.result[1]!.error!.problems);
    expect(await countJobs()).toBe(before + 2);
  });

  it("answers 422 with the same result record when no job was accepted, and stores nothing", async () => {
    const before = await countJobs();
    const { status, body } = await postJobs(envelope(invoice({ city: null }), "not an object"));
    expect(status).toBe(422);
    expect(body.accepted).toBe(0);
    expect(body.result[1]!.error!.message).toMatch(/must be a JSON object/);
    expect(await countJobs()).toBe(before);
  });

  it("stores the accepted jobs of a request all together or not at all", async () => {
    // Take the job id the next request would get, so its insert fails half-way.
    const counter = await getDb().counter.findUniqueOrThrow({ where: { name: "jobid" } });
    const next = Number(counter.value) + 2;
    const profile = await getDb().profile.findFirstOrThrow({ where: { cid: "demo-fin", environment: "fin-test" } });
    const intake = await getDb().intakeRequest.findFirstOrThrow();
    await getDb().job.create({
      data: { ...(await getDb().job.findFirstOrThrow({ where: { profileId: profile.id } })), id: next, intakeId: intake.id, data: {} },
    });
    const jobsBefore = await countJobs();
    const intakesBefore = await getDb().intakeRequest.count();
    const response = await post(envelope(invoice(), invoice(), invoice()));
    expect(response.status).toBe(500);
    expect(await countJobs()).toBe(jobsBefore);
    expect(await getDb().intakeRequest.count()).toBe(intakesBefore);
    // SQLite gives the reserved job ids back with the transaction; PostgreSQL reserves them in a
    // statement of their own (lib/service/intake/number-jobs.ts), so the failed request leaves a gap.
    const gap = getEnv().DATABASE_ENGINE === "postgres" ? 3n : 0n;
    expect(BigInt((await getDb().counter.findUniqueOrThrow({ where: { name: "jobid" } })).value)).toBe(BigInt(counter.value) + gap);
    await getDb().job.delete({ where: { id: next } });
  });
});

describe("payment references", () => {
  it("gives Finnish invoices unique national references with a 7-3-1 check digit", async () => {
    const { body } = await postJobs(envelope(invoice(), invoice(), invoice()));
    const references = body.result.map((r) => r.reference!);
    expect(new Set(references).size).toBe(3);
    for (const reference of references) expect(isValidFinnishReference(reference)).toBe(true);
    expect(body.result.map((r) => r.billcode)).toEqual(references);
  });

  it("gives RF references to a profile set to them", async () => {
    const profile = await profileWithToken("fin-test", { referenceFormat: "rf" });
    const { body } = await postJobs(envelope(invoice()), { token: profile.token });
    expect(body.result[0]!.reference).toMatch(/^RF\d{2}\d+$/);
    expect(isValidRfReference(body.result[0]!.reference!)).toBe(true);
  });

  it("gives Swedish invoices OCR numbers with a length digit, and Norwegian ones MOD10 KIDs", async () => {
    const sweden = await postJobs(envelope(invoice({ postcode: "11122", city: "Stockholm" })), { environment: "swe-test", token: swe });
    const ocr = sweden.body.result[0]!.reference!;
    expect(isValidOcr(ocr) && hasOcrLengthDigit(ocr)).toBe(true);
    const norway = await postJobs(envelope(invoice({ postcode: "0150", city: "Oslo" })), { environment: "nor-test", token: nor });
    expect(isValidKid(norway.body.result[0]!.reference!)).toBe(true);
  });

  it("makes references of the profile's fixed length", async () => {
    const profile = await profileWithToken("nor-test", { referenceLength: 12 });
    const { body } = await postJobs(envelope(invoice({ postcode: "0150", city: "Oslo" })), { environment: "nor-test", token: profile.token });
    expect(body.result[0]!.reference).toHaveLength(12);
  });

  it("checks a billcode that looks like a reference and keeps a payment message as sent", async () => {
    const { body } = await postJobs(
      envelope(
        invoice({ billcode: "12345671" }),
        invoice({ billcode: "1234 5672" }),
        invoice({ billcode: "Invoice 2026/11" }),
        invoice({ billcode: "RF18539007547034" }),
      ),
    );
    expect(body.result.map((r) => r.accepted)).toEqual([0, 1, 1, 1]);
    expect(body.result[0]!.error!.problems[0]).toMatchObject({ field: "billcode", code: "invalid" });
    expect(body.result.slice(1).map((r) => r.reference)).toEqual(["12345672", "Invoice 2026/11", "RF18539007547034"]);
  });
});

describe("rules between jobs", () => {
  it("refuses a bill number already used when checkbillnum is 1, also within one request", async () => {
    const { body } = await postJobs(envelope(invoice({ billnum: "UNIQ-1" }), invoice({ billnum: "UNIQ-1", checkbillnum: "1" })));
    expect(body.result.map((r) => r.accepted)).toEqual([1, 0]);
    expect(body.result[1]!.error!.problems[0]).toMatchObject({ field: "billnum", code: "duplicate" });
    const again = await postJobs(envelope(invoice({ billnum: "UNIQ-1", checkbillnum: 1 }), invoice({ billnum: "UNIQ-1" })));
    expect(again.body.result.map((r) => r.accepted)).toEqual([0, 1]);
  });

  it("refuses a debt collection for a bill already posted as a reminder, and accepts a direct one", async () => {
    await postJobs(envelope(reminder({ billnum: "REM-7" })));
    const { body } = await postJobs(envelope(collection({ billnum: "REM-7" }), collection({ billnum: "DIRECT-8" })));
    expect(body.result.map((r) => r.accepted)).toEqual([0, 1]);
    expect(body.result[0]!.error).toMatchObject({ code: "conflict", message: expect.stringMatching(/already posted as a reminder/) });
  });

  it("keeps one profile's bill numbers apart from another's", async () => {
    await postJobs(envelope(reminder({ billnum: "SHARED-1" }), invoice({ billnum: "SHARED-2" })));
    const other = await profileWithToken("fin-test");
    const { body } = await postJobs(envelope(collection({ billnum: "SHARED-1" }), invoice({ billnum: "SHARED-2", checkbillnum: 1 })), { token: other.token });
    expect(body.result.map((r) => r.accepted)).toEqual([1, 1]);
  });

  it("puts a job with putonhold 1 on hold (jobstatus 100)", async () => {
    const { body } = await postJobs(envelope(invoice({ putonhold: "1" }), reminder({ billnum: "HOLD-1", putonhold: 1 })));
    expect(body.result.map((r) => r.jobstatus)).toEqual(["100", "100"]);
    expect(body.result.map((r) => r.jobtype)).toEqual(["0", "1"]);
  });
});

describe("letters (jobtype 301)", () => {
  it("stores the PDF sent in image.file", async () => {
    const { body } = await postJobs(envelope(letter()));
    const result = body.result[0]!;
    expect(result).toMatchObject({ accepted: 1, jobtype: "301", jobstatus: "301", amount: null, billcode: null, sendtype: "post" });
    const files = await getDb().jobFile.findMany({ where: { jobId: result.jobid! } });
    expect(files).toHaveLength(1);
    expect(Buffer.from(files[0]!.content).equals(TINY_PDF)).toBe(true);
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: result.jobid! } });
    expect(stored.data).toMatchObject({ image: { filename: "letter.pdf", fileId: files[0]!.id } });
    expect(JSON.stringify(stored.data)).not.toContain(TINY_PDF.toString("base64"));
  });

  it("refuses a letter whose file is not a PDF, or that names a file a JSON request cannot carry", async () => {
    const { body } = await postJobs(
      envelope(letter({ image: { file: Buffer.from("hello").toString("base64") } }), letter({ image: { filename: "letter.pdf" } })),
    );
    expect(body.result.map((r) => r.error?.problems[0])).toEqual([
      { field: "image.file", code: "invalid", message: "must be a PDF (it has no %PDF- header)" },
      { field: "image.filename", code: "not_found", message: expect.stringMatching(/JSON request carries none/) },
    ]);
  });

  it("requires a letter's own members", async () => {
    const { body } = await postJobs(
      envelope(letter({ sendtype: "evoice", addresscountry: "FI", countryname: null, propertyrow: [{ propname: "documenttype", propvalue: "memo" }] })),
    );
    const fields = body.result[0]!.error!.problems.map((p) => p.field).sort();
    expect(fields).toEqual(["addresscountry", "countryname", "propertyrow[0].propvalue", "sendtype"]);
  });

  it("accepts the older generation's member names and says it mapped them", async () => {
    const legacy = letter({
      sendtype: undefined,
      addresscountry: undefined,
      countryname: undefined,
      image: undefined,
      deliverymethod: "email",
      countrycode: "SWE",
      country: "Sweden",
      emailaddress: "kund@example.se",
      phonenumber: "+46 8 123 456",
      customernumber: "C-9",
      contractnumber: "EC-1",
      deliverysite: { address: "Elvägen 2" },
      filename: "old.pdf",
    });
    legacy.image = { file: TINY_PDF.toString("base64") };
    const { body } = await postJobs(envelope(legacy));
    const result = body.result[0]!;
    expect(result).toMatchObject({ accepted: 1, sendtype: "email" });
    expect(result.notice).toMatch(/deliverymethod → sendtype/);
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: result.jobid! } });
    expect(stored.data).toMatchObject({
      sendtype: "email",
      addresscountry: "SWE",
      countryname: "Sweden",
      email: "kund@example.se",
      phone: "+46 8 123 456",
      custnum: "C-9",
      usageplaces: [{ address: { address: "Elvägen 2" }, energycontract: [{ contract_no: "EC-1" }] }],
      image: { filename: "old.pdf" },
    });
  });
});

describe("retries with an Idempotency-Key", () => {
  it("answers a retry with the first answer and stores nothing twice", async () => {
    const headers = { "idempotency-key": "order-2026-11-22-001" };
    const first = await postJobs(envelope(invoice({ ownref: "idem" })), { headers });
    const before = await countJobs();
    const second = await postJobs(envelope(invoice({ ownref: "idem" })), { headers });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await countJobs()).toBe(before);
  });

  it("refuses the same key with another body", async () => {
    const headers = { "idempotency-key": "order-2026-11-22-002" };
    await postJobs(envelope(invoice()), { headers });
    const response = await post(envelope(invoice({ ownref: "changed" })), { headers });
    expect(response.status).toBe(422);
    expect(await json<ProblemDetails>(response)).toMatchObject({ type: "/rest/problems/idempotency-key-reused" });
  });
});

describe("requests refused as a whole", () => {
  it.each([
    ["malformed JSON", '{"datastream": ', 400, "malformed-request"],
    ["a body without datastream", JSON.stringify({ dataset: [] }), 400, "invalid-request"],
    ["an empty dataset", JSON.stringify({ datastream: { dataset: [] } }), 400, "invalid-request"],
  ])("answers %s with %i and problem details", async (_label, raw, status, type) => {
    const response = await call(POST, "/fin-test/rest/jobs", { raw, token: fin, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(status);
    const problem = await json<ProblemDetails>(response);
    expect(problem.type).toBe(`/rest/problems/${type}`);
  });

  it("names the member of the envelope that is wrong", async () => {
    const response = await call(POST, "/fin-test/rest/jobs", { body: { datastream: { dataset: "x" } }, token: fin });
    expect((await json<ProblemDetails>(response)).problems).toEqual([{ field: "datastream.dataset", code: "invalid", message: "must be an array of jobs" }]);
  });

  it("answers 415 for a content type other than JSON or ZIP", async () => {
    const response = await call(POST, "/fin-test/rest/jobs", {
      raw: "jobtype=0",
      token: fin,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.headers.get("accept-post")).toBe("application/json, application/zip");
  });
});

describe("document limits", () => {
  it("accepts 1000 small documents in one request", async () => {
    const items = Array.from({ length: 1000 }, (_, index) => invoice({ ownref: `bulk-${index}` }));
    const { status, body } = await postJobs(envelope(...items));
    expect(status).toBe(200);
    expect(body.accepted).toBe(1000);
    const ids = body.result.map((r) => r.jobid!);
    expect(new Set(ids).size).toBe(1000);
  });

  it("refuses 1001 documents with 413 and stores none of them", async () => {
    const before = await countJobs();
    const response = await post(envelope(...Array.from({ length: 1001 }, () => invoice())));
    expect(response.status).toBe(413);
    expect((await json<ProblemDetails>(response)).detail).toMatch(/1001 documents/);
    expect(await countJobs()).toBe(before);
  });

  it("accepts 500 larger documents and refuses 501", async () => {
    const letters = (count: number) => Array.from({ length: count }, () => letter());
    expect((await post(envelope(...letters(501)))).status).toBe(413);
    const { status, body } = await postJobs(envelope(...letters(500)));
    expect(status).toBe(200);
    expect(body.accepted).toBe(500);
  });

  it("counts a mix of small and larger documents by units", async () => {
    // 400 larger (800 units) + 200 small = 1000 units: within; one small more is not.
    const mix = (small: number) => [...Array.from({ length: 400 }, () => letter()), ...Array.from({ length: small }, () => invoice())];
    expect((await post(envelope(...mix(201)))).status).toBe(413);
    expect((await post(envelope(...mix(200)))).status).toBe(200);
  });
});

describe("results in request order", () => {
  it("keeps the order of the dataset in result[]", async () => {
    const items = [invoice({ ownref: "a" }), reminder({ billnum: "ORD-1", ownref: "b" }), letter({ ownref: "c" }), invoice({ ownref: "d", city: null })];
    const { body } = await postJobs(envelope(...items));
    expect(body.result.map((r: JobResult) => r.ownref)).toEqual(["a", "b", "c", "d"]);
    const jobids = body.result.filter((r) => r.accepted).map((r) => r.jobid!);
    expect([...jobids].sort((x, y) => x - y)).toEqual(jobids);
  });
});
