import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

/*
 * A job's additional addresses (addaddress[]: a secondary debtor, a delivery or billing address)
 * carry postcodes and identity codes their country can have, as the recipient's do. A wrong one
 * refuses its own job, on the entry's path; the batch's other jobs are stored.
 */

let profile: { id: string; token: string };

beforeAll(async () => {
  profile = await profileWithToken("fin-test");
});

async function post(...items: Record<string, unknown>[]) {
  const response = await call(POST, "/fin-test/rest/jobs", { token: profile.token, body: envelope(...items) });
  expect(response.status).toBe(200);
  return json<JobsResponse>(response);
}

const secondaryDebtor = (overrides: Record<string, unknown>) => ({
  addresstype: "5",
  customertype: "2",
  person: "Matti Meikäläinen",
  address: "Toinen katu 2",
  city: "Tampere",
  ...overrides,
});
const deliveryAddress = { addresstype: "2", company: "Varasto Oy", address: "Varastotie 1", postcode: "33100", city: "Tampere" };

describe("POST /jobs with additional addresses", () => {
  it("stores the job whose additional addresses are good and refuses the one with a bad postcode on its entry's path", async () => {
    const body = await post(
      invoice({ ownref: "good", addaddress: [deliveryAddress, secondaryDebtor({ postcode: "33200", govid: "131052-308T" })] }),
      invoice({ ownref: "bad", addaddress: [deliveryAddress, secondaryDebtor({ postcode: "ABC" })] }),
    );
    expect(body.accepted).toBe(1);
    const [good, bad] = body.result;
    expect(good).toMatchObject({ accepted: 1, error: null });
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: good!.jobid! } });
    expect((stored.data as { addaddress: { postcode: string }[] }).addaddress.map((entry) => entry.postcode)).toEqual(["33100", "33200"]);

    expect(bad).toMatchObject({ accepted: 0, jobid: null });
    expect(bad!.error!.problems).toEqual([
      { field: "addaddress[1].postcode", code: "invalid", message: "must be a Finnish postcode of five digits", rule: "finnishPostcode", params: {} },
    ]);
    expect(await getDb().job.count({ where: { profileId: profile.id, ownref: "bad" } })).toBe(0);
  });

  it("refuses an identity code the entry's country cannot have, and judges an entry abroad by its own country", async () => {
    const body = await post(
      invoice({ addaddress: [secondaryDebtor({ postcode: "33200", govid: "123456-7890" })] }),
      invoice({ addaddress: [secondaryDebtor({ postcode: "0150", addresscountry: "NOR", govid: "01010112345" })] }),
      invoice({ addaddress: [secondaryDebtor({ postcode: "0150", addresscountry: "NOR" })] }),
    );
    expect(body.result.map((result) => result.accepted)).toEqual([0, 0, 1]);
    expect(body.result[0]!.error!.problems).toEqual([
      {
        field: "addaddress[0].govid",
        code: "invalid",
        message: "must be the person's henkilötunnus, with a valid check digit",
        rule: "personalIdOfCountry",
        params: { personalId: "henkilötunnus" },
      },
    ]);
    expect(body.result[1]!.error!.problems).toMatchObject([
      { field: "addaddress[0].govid", rule: "personalIdOfCountry", params: { personalId: "fødselsnummer" } },
    ]);
  });
});
