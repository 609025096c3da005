import { expect, test } from "@playwright/test";

/*
 * Each environment answers at its own base URL through the running server's rewrites, and a token
 * belongs to the environment that issued it.
 */

test("each test environment issues tokens at its own base URL and accepts jobs only with its own token", async ({ request }) => {
  const tokens: Record<string, string> = {};
  for (const country of ["fin", "swe", "nor"]) {
    const response = await request.post(`/${country}-test/rest/token`, { data: { cid: `demo-${country}`, apicode: `demo-${country}-apicode` } });
    expect(response.status()).toBe(201);
    tokens[country] = ((await response.json()) as { token: string }).token;
  }
  const job = {
    jobtype: "1",
    customertype: "1",
    company: "Debtor AB",
    address: "Gatan 1",
    postcode: "11122",
    city: "Stockholm",
    billdate: "2026-10-01",
    paydate: "2026-10-31",
    billnum: "R-1",
    billcode: "1234567897",
    amount: "1200.00",
  };
  const accepted = await request.post("/swe-test/rest/jobs", { headers: { authorization: `Bearer ${tokens.swe}` }, data: { datastream: { dataset: [job] } } });
  expect(accepted.status()).toBe(200);
  expect((await accepted.json()) as unknown).toMatchObject({ accepted: 1, result: [{ accepted: 1, jobtype: "1", billcode: "1234567897" }] });

  const wrongEnvironment = await request.post("/nor-test/rest/jobs", {
    headers: { authorization: `Bearer ${tokens.swe}` },
    data: { datastream: { dataset: [job] } },
  });
  expect(wrongEnvironment.status()).toBe(401);
  expect(wrongEnvironment.headers()["content-type"]).toBe("application/problem+json");

  // /rest is the default environment (fin-test).
  const byDefault = await request.post("/rest/token", { data: { cid: "demo-fin", apicode: "demo-fin-apicode" } });
  expect(byDefault.status()).toBe(201);
});

test("the running server answers a wrong environment, path or method with problem details", async ({ request }) => {
  const unknownEnvironment = await request.post("/dnk-test/rest/token", { data: { cid: "x", apicode: "y" } });
  expect(unknownEnvironment.status()).toBe(404);
  expect(unknownEnvironment.headers()["content-type"]).toBe("application/problem+json");
  expect(await unknownEnvironment.json()).toMatchObject({ detail: "There is no environment dnk-test." });

  const unknownPath = await request.post("/fin-test/rest/no-such-endpoint", { data: {} });
  expect(unknownPath.status()).toBe(404);
  expect(await unknownPath.json()).toMatchObject({ type: "/rest/problems/not-found" });

  const wrongMethod = await request.delete("/fin-test/rest/jobs");
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toBe("GET, POST");
  expect(await wrongMethod.json()).toMatchObject({ type: "/rest/problems/method-not-allowed" });
});
