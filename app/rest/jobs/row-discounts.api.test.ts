import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { jobDetailSchema } from "@/lib/spec/job-detail";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { GET as getJob } from "./[jobid]/route";
import { POST as preview } from "./preview/route";
import { POST } from "./route";

/*
 * A row's discount (payrow[].discountpr, percent off count × amount): intake's totals, the job's
 * stored amounts, GET /jobs/{jobid} and the invoice image are all net of it, and a percentage
 * outside 0–100 is refused on its member.
 */

let fin: { id: string; cid: string; token: string };

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
});

const postJobs = async (...items: unknown[]) => {
  const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: fin.token });
  return json<JobsResponse>(response);
};

const DISCOUNTED = [
  // 2 × 100.00 less 10 % = 180.00, VAT 25.5 % 45.90.
  { desc: "Consulting", count: "2", amount: "100.00", taxpr: "25.5", discountpr: "10" },
  // 3 × 12.90 = 38.70 less 12.5 % = 4.8375 → 4.84 (half up at the cent) = 33.86, VAT 10 % 3.386 → 3.39.
  { desc: "Book", count: 3, amount: 12.9, taxpr: 10, discountpr: 12.5 },
  // No discount: null, as other optional members may be.
  { desc: "Lunch", count: "1", amount: "20.00", taxpr: "14", discountpr: null },
];

describe("row discounts", () => {
  it("accepts a job with discounted rows and stores, answers and shows its amounts net of the discounts", async () => {
    const { result } = await postJobs(invoice({ ownref: "DISCOUNT-1", payrow: DISCOUNTED }));
    expect(result[0]).toMatchObject({ accepted: 1, amount: 285.95 });
    const jobid = result[0]!.jobid!;

    // Net 180.00 + 33.86 + 20.00 = 233.86; VAT by rate 45.90 + 3.39 + 2.80 = 52.09; gross 285.95.
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    expect([stored.netAmount, stored.vatAmount, stored.grossAmount].map(Number)).toEqual([23386, 5209, 28595]);

    const detail = jobDetailSchema.parse(await json(await call(getJob, `/fin-test/rest/jobs/${jobid}`, { method: "GET", token: fin.token })));
    expect(detail).toMatchObject({ jobid, amount: 285.95, opencapital: 285.95 });
  });

  it("prints the discount and the discounted amounts on the invoice image", async () => {
    const response = await call(preview, "/fin-test/rest/jobs/preview", { body: envelope(invoice({ payrow: DISCOUNTED })), token: fin.token });
    expect(response.status).toBe(200);
    const [page] = await pdfPageTexts(Buffer.from(await response.arrayBuffer()));
    for (const expected of ["Ale %", "12,5", "180,00", "33,86", "285,95"]) expect(page).toContain(expected);
  });

  it("refuses a discount outside 0–100, or not a number, on payrow[i].discountpr", async () => {
    for (const discountpr of ["100.01", -5, "ten", "10.555"]) {
      const { result } = await postJobs(invoice({ payrow: [DISCOUNTED[2], { ...DISCOUNTED[0], discountpr }] }));
      expect(result[0]!.accepted, String(discountpr)).toBe(0);
      const problems = result[0]!.error!.problems;
      expect(problems.map((problem) => problem.field)).toEqual(["payrow[1].discountpr"]);
      expect(problems[0]!.message).toMatch(/at most 100|at least 0|number|decimals/);
    }
    const { result } = await postJobs(invoice({ payrow: [{ ...DISCOUNTED[0], discountpr: "101" }] }));
    expect(result[0]!.error!.problems[0]).toMatchObject({ field: "payrow[0].discountpr", message: expect.stringMatching(/at most 100/) });
  });

  it("takes 0 % and 100 % as no discount and the whole row", async () => {
    const { result } = await postJobs(
      invoice({ payrow: [{ ...DISCOUNTED[0], discountpr: 0 }] }),
      invoice({ payrow: [{ ...DISCOUNTED[0], discountpr: "100" }, DISCOUNTED[2]] }),
    );
    expect(result.map((each) => [each.accepted, each.amount])).toEqual([
      [1, 251],
      [1, 22.8],
    ]);
  });
});
