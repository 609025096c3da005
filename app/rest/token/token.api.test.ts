import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { fixedClock } from "@/lib/platform/clock";
import { issueToken, lockDuration } from "@/lib/service/auth/issue-token";
import { authenticate } from "@/lib/service/auth/verify-token";
import { seedDemoProfiles } from "@/lib/service/profiles/seed-demo-profiles";
import { environment } from "@/lib/spec/environments";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

const token = (path: string, body: unknown) => call(POST, path, { body });

beforeAll(async () => {
  await seedDemoProfiles(getDb());
});

describe("POST /token", () => {
  it("answers 201 with a JWT that expires after two hours", async () => {
    const response = await token("/fin-test/rest/token", { cid: "demo-fin", apicode: "demo-fin-apicode" });
    expect(response.status).toBe(201);
    const body = await json<{ token: string }>(response);
    expect(Object.keys(body)).toEqual(["token"]);
    const claims = decodeJwt(body.token);
    expect(claims.exp! - claims.iat!).toBe(2 * 60 * 60);
    expect(claims.aud).toBe("fin-test");
    expect(claims.cid).toBe("demo-fin");
  });

  it("serves the default environment at /rest", async () => {
    const response = await token("/rest/token", { cid: "demo-fin", apicode: "demo-fin-apicode" });
    expect(response.status).toBe(201);
    expect(decodeJwt((await json<{ token: string }>(response)).token).aud).toBe("fin-test");
  });

  it("keeps each environment's credentials to itself", async () => {
    const response = await token("/swe-test/rest/token", { cid: "demo-fin", apicode: "demo-fin-apicode" });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ errorId: 2, errorText: "Unknown cid or wrong apicode." });
    expect((await token("/swe-test/rest/token", { cid: "demo-swe", apicode: "demo-swe-apicode" })).status).toBe(201);
  });

  it("answers a wrong apicode exactly as an unknown cid", async () => {
    const wrong = await token("/nor-test/rest/token", { cid: "demo-nor", apicode: "not-it" });
    const unknown = await token("/nor-test/rest/token", { cid: "nobody", apicode: "not-it" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it.each([
    ["not JSON", "{cid:"],
    ["no apicode", JSON.stringify({ cid: "demo-fin" })],
    ["numbers", JSON.stringify({ cid: 1, apicode: 2 })],
    ["an array", "[]"],
  ])("answers 400 with errorId 1 for %s", async (_label, raw) => {
    const response = await call(POST, "/fin-test/rest/token", { raw, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ errorId: 1, errorText: expect.any(String) });
  });

  it("answers 404 with problem details for an environment that does not exist", async () => {
    const response = await token("/xyz-test/rest/token", { cid: "demo-fin", apicode: "demo-fin-apicode" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await json(response)).toMatchObject({ status: 404, detail: "There is no environment xyz-test." });
  });

  it("slows down repeated failures for one cid, even a cid that does not exist", async () => {
    for (const cid of ["demo-fin", "ghost"]) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect(await json(await token("/fin-test/rest/token", { cid, apicode: "guess" }))).toMatchObject({ errorId: 2 });
      }
      // The fifth failure locks the cid for a second: the next attempt is refused without being checked.
      await token("/fin-test/rest/token", { cid, apicode: "guess" });
      const locked = await token("/fin-test/rest/token", { cid, apicode: cid === "demo-fin" ? "demo-fin-apicode" : "guess" });
      expect(locked.status).toBe(400);
      expect(await json(locked)).toMatchObject({ errorId: 3 });
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    // Another cid is not held up.
    expect(await json(await token("/fin-test/rest/token", { cid: "someone-else", apicode: "x" }))).toMatchObject({ errorId: 2 });
  });

  it("lets the owner in once the lock has run out, and forgets the failures", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await token("/fin-test/rest/token", { cid: "demo-fin", apicode: "demo-fin-apicode" })).status).toBe(201);
    const throttle = await getDb().tokenThrottle.findUnique({ where: { environment_cid: { environment: "fin-test", cid: "demo-fin" } } });
    expect(throttle).toBeNull();
  });

  it("takes parallel guesses for one cid one at a time, so they cannot slip past the count", async () => {
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => token("/swe-test/rest/token", { cid: "demo-swe", apicode: `guess-${i}` })));
    const ids = await Promise.all(guesses.map(async (response) => (await json<{ errorId: number }>(response)).errorId));
    // Five are checked and fail; from then on the cid is locked and the rest are refused unchecked.
    expect(ids.filter((id) => id === 2)).toHaveLength(5);
    expect(ids.filter((id) => id === 3)).toHaveLength(15);
  });

  it("refuses a token issued before the profile's apicode was issued again, and takes one issued after", async () => {
    const profile = await profileWithToken("fin-test");
    const apicode = `apicode-${profile.id}`;
    const fin = environment("fin-test");
    const at = (iso: string) => fixedClock(iso);
    const before = await issueToken(getDb(), fin, { cid: profile.cid, apicode }, at("2026-11-26T08:00:00Z"));
    // Support issues a new apicode at 08:00:10 (npm run profile:apicode); the old hash stays, as this test keeps the apicode.
    await getDb().profile.update({ where: { id: profile.id }, data: { apicodeIssuedAt: new Date("2026-11-26T08:00:10Z") } });
    const after = await issueToken(getDb(), fin, { cid: profile.cid, apicode }, at("2026-11-26T08:00:20Z"));
    if (!before.ok || !after.ok) throw new Error("no token");
    const use = (token: string) => authenticate(getDb(), `Bearer ${token}`, fin, at("2026-11-26T08:01:00Z"));
    await expect(use(before.token)).rejects.toMatchObject({ kind: "unauthorized", message: expect.stringContaining("apicode changed") });
    await expect(use(after.token)).resolves.toMatchObject({ profile: { id: profile.id } });
  });

  it("doubles the lock with every failure up to fifteen minutes", () => {
    expect([4, 5, 6, 7, 30].map(lockDuration)).toEqual([0, 1000, 2000, 4000, 15 * 60 * 1000]);
  });
});
