import { beforeAll, describe, expect, it } from "vitest";

import { POST as previewRoute } from "@/app/rest/jobs/preview/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

/*
 * POST /jobs of a Swedish profile whose creditor details give no account its debtors can pay to:
 * a payable job is refused on the job, naming the rule, rather than printed with a blank account.
 */

type Profile = { id: string; cid: string; token: string };
let swe: Profile;

beforeAll(async () => {
  swe = await profileWithToken("swe-test");
});

const swedish = { postcode: "111 22", city: "Stockholm", billcode: "1234567897", language: "swe", currency: "SEK" };
const creditor = { name: "Demo AB", street: "Drottninggatan 1", postcode: "111 51", city: "Stockholm", country: "SE", businessId: "556703-7485" };

async function post(...dataset: unknown[]): Promise<JobsResponse> {
  return json<JobsResponse>(await call(postJobsRoute, "/swe-test/rest/jobs", { body: envelope(...dataset), token: swe.token }));
}

describe("a payable job of a profile its debtors cannot pay", () => {
  it("is refused with the rule, and taken once the profile has a bankgiro", async () => {
    await getDb().profile.update({ where: { id: swe.id }, data: { creditor } });
    const refused = await post(invoice({ ...swedish, ownref: "payee-account-1" }));
    expect(refused.accepted).toBe(0);
    expect(refused.errors).toEqual([expect.objectContaining({ index: 0, field: null, code: "invalid", rule: "payeeAccount" })]);
    // The preview shows no document POST /jobs would refuse.
    const preview = await call(previewRoute, "/swe-test/rest/jobs/preview", {
      body: invoice({ ...swedish, ownref: "payee-account-preview" }),
      token: swe.token,
    });
    expect(preview.status).toBe(422);
    expect(await json<{ problems: unknown[] }>(preview)).toMatchObject({ problems: [expect.objectContaining({ field: null, rule: "payeeAccount" })] });

    await getDb().profile.update({ where: { id: swe.id }, data: { creditor: { ...creditor, bankgiro: "5050-1055" } } });
    const taken = await post(invoice({ ...swedish, ownref: "payee-account-2" }));
    expect(taken.errors).toEqual([]);
    expect(taken.accepted).toBe(1);
    const previewed = await call(previewRoute, "/swe-test/rest/jobs/preview", {
      body: invoice({ ...swedish, ownref: "payee-account-preview" }),
      token: swe.token,
    });
    expect(previewed.status).toBe(200);
  });
});

describe("a production profile given no creditor details at all", () => {
  it("has its payable jobs refused with the rule, while a credit note and a letter in the same batch are taken", async () => {
    const fin = await profileWithToken("fin-prod");
    await getDb().$executeRaw`UPDATE "Profile" SET "creditor" = NULL WHERE "id" = ${fin.id}`;
    const finnish = { postcode: "00100", city: "Helsinki", billcode: "12345672", language: "fin" };
    const answer = await json<JobsResponse>(
      await call(postJobsRoute, "/fin-prod/rest/jobs", {
        body: envelope(
          invoice({ ...finnish, ownref: "no-creditor-invoice" }),
          invoice({
            ...finnish,
            ownref: "no-creditor-credit",
            refundtobillnum: "INV-1",
            payrow: [{ desc: "Hyvitys", count: "-1", amount: "100.00", taxpr: "25.5" }],
          }),
        ),
        token: fin.token,
      }),
    );
    expect(answer.errors).toEqual([expect.objectContaining({ index: 0, field: null, code: "invalid", rule: "payeeAccount" })]);
    expect(answer.accepted).toBe(1);
  });
});
