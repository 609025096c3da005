import { beforeAll, describe, expect, it } from "vitest";

import type { IbanAnswer } from "@/lib/spec/iban";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { call, demoToken, json } from "@/lib/testing/rest";

import { GET, POST } from "./route";

/* GET /iban: the IBAN calculator, by the account's country or the environment's. */

let fin: string;
let nor: string;
let swe: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
  nor = await demoToken("nor-test");
  swe = await demoToken("swe-test");
});

const ask = (environment: string, search: string, token: string | undefined) => call(GET, `/${environment}/rest/iban?${search}`, { method: "GET", token });

describe("GET /iban", () => {
  it("gives a Finnish account's IBAN and BIC in a Finnish environment", async () => {
    const response = await ask("fin-test", "account=123456-785", fin);
    expect(response.status).toBe(200);
    expect(await json<IbanAnswer>(response)).toEqual({
      country: "FIN",
      account: "123456-785",
      bban: "12345600000785",
      iban: "FI2112345600000785",
      ibanPrint: "FI21 1234 5600 0007 85",
      bic: "NDEAFIHH",
    });
  });

  it("takes the account's country from the query, whatever the environment", async () => {
    const answer = await json<IbanAnswer>(await ask("fin-test", `account=${encodeURIComponent("8601 11 17947")}&country=NOR`, fin));
    expect(answer).toMatchObject({ country: "NOR", iban: "NO9386011117947", ibanPrint: "NO93 8601 1117 947", bic: "DABANO22" });
    expect((await json<IbanAnswer>(await ask("nor-test", "account=86011117947", nor))).iban).toBe("NO9386011117947");
  });

  it("names the account when its check digit is wrong", async () => {
    const response = await ask("fin-test", "account=123456-786", fin);
    expect(response.status).toBe(400);
    const problem = await json<ProblemDetails>(response);
    expect(problem.problems).toEqual([expect.objectContaining({ field: "account", code: "invalid" })]);
  });

  it("gives a Swedish account's IBAN and BIC by its bank's IBAN-ID and layout", async () => {
    const response = await ask("swe-test", `account=${encodeURIComponent("8424-4,983 189 224-6")}`, swe);
    expect(response.status).toBe(200);
    expect(await json<IbanAnswer>(response)).toEqual({
      country: "SWE",
      account: "8424-4,983 189 224-6",
      bban: "80000842449831892246",
      iban: "SE7680000842449831892246",
      ibanPrint: "SE76 8000 0842 4498 3189 2246",
      bic: "SWEDSESS",
    });
  });

  it("never guesses a Swedish IBAN: a valid account of an unconfirmed layout is 422 saying why, an invalid one 400", async () => {
    const valid = await ask("fin-test", `account=${encodeURIComponent("9960 0047514")}&country=SWE`, fin);
    expect(valid.status).toBe(422);
    const problem = await json<ProblemDetails>(valid);
    expect(problem.type).toBe("/rest/problems/not-derivable");
    expect(problem.problems).toEqual([expect.objectContaining({ field: "account", message: expect.stringContaining("Plusgirot") })]);
    expect((await ask("fin-test", "account=5000%201234567&country=SWE", fin)).status).toBe(400);
  });

  it("refuses a missing account, an unknown country or parameter, and a call without a token", async () => {
    expect((await ask("fin-test", "", fin)).status).toBe(400);
    expect((await json<ProblemDetails>(await ask("fin-test", "account=1&country=DNK", fin))).problems).toEqual([expect.objectContaining({ field: "country" })]);
    expect((await ask("fin-test", "account=123456-785&bank=x", fin)).status).toBe(400);
    expect((await ask("fin-test", "account=123456-785", undefined)).status).toBe(401);
    expect((await call(POST, "/fin-test/rest/iban", { body: {}, token: fin })).status).toBe(405);
  });
});
