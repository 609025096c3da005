import { beforeAll, describe, expect, it } from "vitest";

import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { jobDetailSchema } from "@/lib/spec/job-detail";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { envelope, invoice, letter } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { POST as postJobs } from "../route";

import { GET } from "./route";

/* GET /jobs/{jobid}: what a job is now, to its own profile only, personal ids masked. */

let fin: { id: string; cid: string; token: string };

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
});

const post = async (...items: unknown[]) =>
  (await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs", { body: envelope(...items), token: fin.token }))).result;
const get = (jobid: number | string, token = fin.token) => call(GET, `/fin-test/rest/jobs/${jobid}`, { method: "GET", token });

describe("GET /jobs/{jobid}", () => {
  it("shows the job as it stands, with its customer and the identity code masked, and follows a payment", async () => {
    const [result] = await post(
      invoice({
        ownref: "DETAIL-1",
        custnum: "K-77",
        govid: "131052-308T",
        person: "Maija Meikäläinen",
        email: "maija@example.fi",
        payrow: [{ desc: "Service", count: "1", amount: "100.00", taxpr: "0" }],
      }),
    );
    const response = await get(result!.jobid!);
    expect(response.status).toBe(200);
    const detail = jobDetailSchema.parse(await json(response));
    expect(detail).toMatchObject({
      jobid: result!.jobid,
      jobtype: 0,
      billnum: result!.billnum,
      reference: result!.reference,
      ownref: "DETAIL-1",
      jobstatus: 0,
      amount: 100,
      opencapital: 100,
      openamount: 100,
      currency: "EUR",
      customertype: 2,
      customer: {
        name: "Maija Meikäläinen",
        address: "Esimerkkikatu 1",
        postcode: "00100",
        city: "Helsinki",
        email: "maija@example.fi",
        custnum: "K-77",
        govid: "•••••••••8T",
      },
      onhold: false,
    });
    expect(JSON.stringify(detail)).not.toContain("131052");

    await call(testingPayment, "/fin-test/rest/testing/payments", { body: { jobid: result!.jobid, amount: "40.00" }, token: fin.token });
    expect(await json(await get(result!.jobid!))).toMatchObject({ opencapital: 60, openamount: 60, jobstatus: 0 });
  });

  it("shows a letter with nothing open", async () => {
    const [result] = await post(letter({ ownref: "DETAIL-L" }));
    expect(await json(await get(result!.jobid!))).toMatchObject({ jobtype: 301, amount: 0, openamount: 0, documentid: "DETAIL-L" });
  });

  it("answers another profile's job, an unknown id and a malformed one alike with 404, and no token with 401", async () => {
    const [result] = await post(invoice({ ownref: "DETAIL-2" }));
    const other = await profileWithToken("fin-test");
    const foreign = await get(result!.jobid!, other.token);
    expect(foreign.status).toBe(404);
    expect((await json<ProblemDetails>(foreign)).type).toBe("/rest/problems/not-found");
    expect((await get(999_999_999)).status).toBe(404);
    expect((await get("12abc")).status).toBe(404);
    expect((await call(GET, `/fin-test/rest/jobs/${result!.jobid}`, { method: "GET" })).status).toBe(401);
  });
});
