import PDFDocument from "pdfkit";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { finish } from "@/lib/service/documents/pdf/pdf-kit";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { envelope, invoice, letter } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { GET as getPdf } from "./[jobid]/pdf/route";
import { POST as localPrint } from "./localprint/route";
import { POST as preview } from "./preview/route";
import { POST as postJobs } from "./route";

/* The documents of jobs: Get PDF, preview and local print. */

let fin: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
});

async function posted(item: Record<string, unknown>, token = fin) {
  const body = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs", { body: envelope(item), token }));
  expect(body.result[0]!.accepted).toBe(1);
  return body.result[0]!;
}

const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("GET /jobs/{jobid}/pdf", () => {
  it("answers the invoice image of the profile's job, named by the document", async () => {
    const job = await posted(invoice({ billnum: "DOC-1" }));
    const response = await call(getPdf, `/fin-test/rest/jobs/${job.jobid}/pdf`, { method: "GET", token: fin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="lasku-DOC-1.pdf"; filename*=UTF-8''lasku-DOC-1.pdf`);
    const [text] = await pdfPageTexts(await bytes(response));
    expect(text).toContain("DOC-1");
    expect(text).toContain(job.reference!.replace(/(\d)(?=(\d{5})+$)/g, "$1 "));
    expect(text).toContain("273,00");
  });

  it("names the file as pdfname says", async () => {
    const job = await posted(invoice({ pdfname: "Lasku marraskuu" }));
    const response = await call(getPdf, `/fin-test/rest/jobs/${job.jobid}/pdf`, { method: "GET", token: fin });
    expect(response.headers.get("content-disposition")).toContain('filename="Lasku marraskuu.pdf"');
  });

  it("answers another profile's job as if it did not exist", async () => {
    const job = await posted(invoice());
    const other = await profileWithToken("fin-test");
    const theirs = await call(getPdf, `/fin-test/rest/jobs/${job.jobid}/pdf`, { method: "GET", token: other.token });
    const missing = await call(getPdf, "/fin-test/rest/jobs/999999999/pdf", { method: "GET", token: fin });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect((await json<ProblemDetails>(theirs)).title).toBe((await json<ProblemDetails>(missing)).title);
  });

  it("gives a letter as it is printed: its PDF after an address page when the window would be empty", async () => {
    const job = await posted(letter());
    const response = await call(getPdf, `/fin-test/rest/jobs/${job.jobid}/pdf`, { method: "GET", token: fin });
    const texts = await pdfPageTexts(await bytes(response));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("Maija Meikäläinen");
  });
});

describe("POST /jobs/preview", () => {
  it("answers the PDF a job would have, marked as a preview, and stores and numbers nothing", async () => {
    const jobs = await getDb().job.count();
    const counters = await getDb().counter.findMany({ orderBy: { name: "asc" } });
    const response = await call(preview, "/fin-test/rest/jobs/preview", { body: invoice({ billnum: "PRE-1" }), token: fin });
    expect(response.status).toBe(200);
    const [text] = await pdfPageTexts(await bytes(response));
    expect(text).toContain("ESIKATSELU");
    expect(text).toContain("PRE-1");
    expect(await getDb().job.count()).toBe(jobs);
    expect(await getDb().counter.findMany({ orderBy: { name: "asc" } })).toEqual(counters);
  });

  it("takes an envelope of one job too, and refuses one of two", async () => {
    expect((await call(preview, "/fin-test/rest/jobs/preview", { body: envelope(invoice()), token: fin })).status).toBe(200);
    expect((await call(preview, "/fin-test/rest/jobs/preview", { body: envelope(invoice(), invoice()), token: fin })).status).toBe(400);
  });

  it("refuses an invalid job with 422 and every problem named", async () => {
    const response = await call(preview, "/fin-test/rest/jobs/preview", { body: invoice({ city: null, paydate: "2026-02-30" }), token: fin });
    expect(response.status).toBe(422);
    const problem = await json<ProblemDetails>(response);
    expect(problem.type).toBe("/rest/problems/invalid-job");
    expect(problem.problems?.map((p) => p.field).sort()).toEqual(["city", "paydate"]);
  });
});

describe("POST /jobs/localprint", () => {
  it("stores the job for local print and answers its image as an attachment named by pdfname", async () => {
    const response = await call(localPrint, "/fin-test/rest/jobs/localprint", { body: invoice({ pdfname: "oma-lasku", sendtype: "post" }), token: fin });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="oma-lasku.pdf"; filename*=UTF-8''oma-lasku.pdf`);
    const jobid = Number(response.headers.get("job-id"));
    expect(response.headers.get("location")).toBe(`/fin-test/rest/jobs/${jobid}/pdf`);
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    expect(stored.sendtype).toBe("print");
    const [text] = await pdfPageTexts(await bytes(response));
    expect(text).toContain(response.headers.get("payment-reference")!.replace(/(\d)(?=(\d{5})+$)/g, "$1 "));
  });

  it("answers a retry with the same Idempotency-Key with the same job", async () => {
    const headers = { "idempotency-key": "print-once" };
    const first = await call(localPrint, "/fin-test/rest/jobs/localprint", { body: invoice(), token: fin, headers });
    const second = await call(localPrint, "/fin-test/rest/jobs/localprint", { body: invoice(), token: fin, headers });
    expect(second.status).toBe(200);
    expect(second.headers.get("job-id")).toBe(first.headers.get("job-id"));
  });

  it("stores nothing for an invalid job and says why", async () => {
    const jobs = await getDb().job.count();
    const response = await call(localPrint, "/fin-test/rest/jobs/localprint", { body: invoice({ payrow: [] }), token: fin });
    expect(response.status).toBe(422);
    expect((await json<ProblemDetails>(response)).problems?.[0]).toMatchObject({ field: "payrow", code: "required" });
    expect(await getDb().job.count()).toBe(jobs);
  });
});

describe("letters whose PDF cannot be printed", () => {
  it("are rejected at intake when the PDF is encrypted", async () => {
    const doc = new PDFDocument({ userPassword: "secret" });
    doc.text("secret letter");
    const encrypted = await finish(doc);
    const body = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", { body: envelope(letter({ image: { file: encrypted.toString("base64") } })), token: fin }),
    );
    expect(body.result[0]!.error!.problems[0]).toMatchObject({ field: "image.file", code: "invalid", message: expect.stringMatching(/^is encrypted/) });
  });
});
