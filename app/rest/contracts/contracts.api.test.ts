import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { fixedClock, systemClock, today } from "@/lib/platform/clock";
import { completeTerminations } from "@/lib/service/contracts/complete-terminations";
import { contractMessageSchema } from "@/lib/spec/events";
import { problemDetailsSchema } from "@/lib/spec/problem-details";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { GET as getPlace, PUT as putPlace } from "../usageplaces/[usageplacecode]/route";

import { GET as getOne, PUT, DELETE } from "./[contract_no]/route";
import { GET as list } from "./route";

/* PUT/GET /contracts and /usageplaces: storage, validation, tenant isolation and the contract event. */

let fin: string;
let finProfileId: string;
let other: { id: string; token: string };

beforeAll(async () => {
  fin = await demoToken("fin-test");
  finProfileId = (await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: "demo-fin" } })).id;
  other = await profileWithToken("fin-test");
});

const put = (contractNo: string, body: unknown, token = fin) =>
  call(PUT, `/fin-test/rest/contracts/${encodeURIComponent(contractNo)}`, { method: "PUT", body, token });
const contractEvents = (profileId: string) => getDb().event.findMany({ where: { profileId, type: "contract" }, orderBy: { seq: "asc" } });

describe("PUT /contracts/{contract_no}", () => {
  it("creates a contract (201, Location) and updates it (200), keeping members left out", async () => {
    const created = await put("EL-1001", { contractstatus: "active", terminationterm: "1M", usageplacecode: "UP-1", custnum: "C-1" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/fin-test/rest/contracts/EL-1001");
    expect(await json(created)).toMatchObject({
      contract_no: "EL-1001",
      contractstatus: "active",
      usageplacecode: "UP-1",
      terminationterm: "1M",
      termination_date: null,
      custnum: "C-1",
    });
    const updated = await put("EL-1001", { contractstatus: "active", custnum: null });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ usageplacecode: "UP-1", terminationterm: "1M", custnum: null });
    // A change the principal makes itself is not echoed back as an event.
    expect(await contractEvents(finProfileId)).toEqual([]);
  });

  it("computes the end day when notice is given against the agreed term, and reports it once", async () => {
    await put("EL-2002", { contractstatus: "active", terminationterm: "P1M" });
    const notice = await put("EL-2002", { contractstatus: "terminating", noticedate: "2026-01-31" });
    expect(notice.status).toBe(200);
    expect(await json(notice)).toMatchObject({
      contractstatus: "terminating",
      termination_date: "2026-02-28",
      terminationterm: "P1M",
      noticedate: "2026-01-31",
    });
    // A retry changes nothing and reports nothing again.
    await put("EL-2002", { contractstatus: "terminating" });
    const events = (await contractEvents(finProfileId)).filter((event) => (event.message as { contract_no: string }).contract_no === "EL-2002");
    expect(events.map((event) => event.message)).toEqual([
      { cid: "demo-fin", contract_no: "EL-2002", contractstatus: "terminating", termination_date: "2026-02-28", terminationterm: "P1M" },
    ]);
    expect(contractMessageSchema.safeParse(events[0]!.message).success).toBe(true);
    expect(events[0]).toMatchObject({ environment: "fin-test", jobId: null });
  });

  it("takes notice today when no notice day is given", async () => {
    const response = await put("EL-3003", { contractstatus: "terminating", terminationterm: "14D" });
    const body = await json<{ termination_date: string; noticedate: string }>(response);
    const day = today(systemClock, "Europe/Helsinki");
    expect(body.noticedate).toBe(day);
    expect(Date.parse(body.termination_date) - Date.parse(day)).toBe(14 * 86_400_000);
  });

  it("does not report an end day the principal fixed itself", async () => {
    const before = (await contractEvents(finProfileId)).length;
    const response = await put("EL-4004", { contractstatus: "terminating", termination_date: "2027-03-31", terminationterm: "P3M" });
    expect(await json(response)).toMatchObject({ termination_date: "2027-03-31", terminationterm: "P3M" });
    expect(await contractEvents(finProfileId)).toHaveLength(before);
  });

  it("names each invalid member", async () => {
    const response = await put("EL-5005", { contractstatus: "ended", termination_date: "2026-02-30", usageplacecode: "a/b", terminationterm: "x".repeat(21) });
    expect(response.status).toBe(400);
    const body = await json<{ problems: { field: string; code: string }[] }>(response);
    expect(body.problems.map((problem) => [problem.field, problem.code]).sort()).toEqual([
      ["contractstatus", "invalid"],
      ["termination_date", "invalid"],
      ["terminationterm", "invalid"],
      ["usageplacecode", "invalid"],
    ]);
    const missing = await json<{ problems: unknown[] }>(await put("EL-5005", {}));
    expect(missing.problems).toEqual([{ field: "contractstatus", code: "required", message: "is required", rule: "required", params: {} }]);
  });

  it("refuses notice without an end day or a computable term", async () => {
    const none = await json<{ problems: unknown[] }>(await put("EL-6006", { contractstatus: "terminating" }));
    expect(none.problems).toEqual([expect.objectContaining({ field: "termination_date", code: "required" })]);
    const vague = await put("EL-6006", { contractstatus: "terminating", terminationterm: "by agreement" });
    expect(vague.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(vague)).problems).toEqual([expect.objectContaining({ field: "terminationterm", code: "invalid" })]);
    expect(await getDb().contract.count({ where: { contractNo: "EL-6006" } })).toBe(0);
  });

  it("refuses a malformed contract number, a body that is not JSON, and other methods", async () => {
    const badKey = await call(PUT, "/fin-test/rest/contracts/telecom:x", { method: "PUT", body: { contractstatus: "active" }, token: fin });
    expect(badKey.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(badKey)).problems).toEqual([expect.objectContaining({ field: "contract_no", code: "invalid" })]);
    const text = await call(PUT, "/fin-test/rest/contracts/EL-7", {
      method: "PUT",
      raw: "contractstatus=active",
      headers: { "content-type": "text/plain" },
      token: fin,
    });
    expect(text.status).toBe(415);
    const broken = await call(PUT, "/fin-test/rest/contracts/EL-7", { method: "PUT", raw: "{", headers: { "content-type": "application/json" }, token: fin });
    expect(broken.status).toBe(400);
    expect((await call(DELETE, "/fin-test/rest/contracts/EL-7", { method: "DELETE", token: fin })).status).toBe(405);
    expect((await call(PUT, "/fin-test/rest/contracts/EL-7", { method: "PUT", body: { contractstatus: "active" } })).status).toBe(401);
  });
});

describe("PUT /contracts/{contract_no} with text no database can store", () => {
  // A JSON escape can leave half of a surrogate pair alone; PostgreSQL refused such a custnum with a 500.
  it("refuses a lone surrogate in custnum as a malformed request on both engines, storing nothing", async () => {
    const response = await call(PUT, "/fin-test/rest/contracts/EL-SURROGATE", {
      method: "PUT",
      raw: '{"contractstatus":"active","custnum":"\\udfff"}',
      headers: { "content-type": "application/json" },
      token: fin,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = problemDetailsSchema.parse(await response.json());
    expect(problem).toMatchObject({ type: "/rest/problems/malformed-request", status: 400 });
    expect(problem.detail).toContain("surrogate");
    expect(await getDb().contract.count({ where: { contractNo: "EL-SURROGATE" } })).toBe(0);
  });
});

describe("GET /contracts", () => {
  it("reads one contract, and answers another profile's as not found", async () => {
    await put("EL-8008", { contractstatus: "active" });
    const mine = await call(getOne, "/fin-test/rest/contracts/EL-8008", { method: "GET", token: fin });
    expect(mine.status).toBe(200);
    expect(await json(mine)).toMatchObject({ contract_no: "EL-8008", contractstatus: "active" });
    const theirs = await call(getOne, "/fin-test/rest/contracts/EL-8008", { method: "GET", token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("content-type")).toBe("application/problem+json");
    // The other profile's own contract with the same number is its own.
    await put("EL-8008", { contractstatus: "terminated" }, other.token);
    expect(await json(await call(getOne, "/fin-test/rest/contracts/EL-8008", { method: "GET", token: fin }))).toMatchObject({ contractstatus: "active" });
  });

  it("lists the profile's contracts in pages, filtered", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { contracts: { contract_no: string }[]; next_cursor: string | null } = await json(
        await call(list, `/fin-test/rest/contracts?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { method: "GET", token: fin }),
      );
      expect(page.contracts.length).toBeLessThanOrEqual(2);
      seen.push(...page.contracts.map((contract) => contract.contract_no));
      cursor = page.next_cursor;
    } while (cursor);
    const stored = await getDb().contract.findMany({ where: { profileId: finProfileId }, orderBy: { contractNo: "asc" } });
    expect(seen).toEqual(stored.map((row) => row.contractNo));
    const terminating = await json<{ contracts: { contract_no: string }[] }>(
      await call(list, "/fin-test/rest/contracts?contractstatus=terminating", { method: "GET", token: fin }),
    );
    expect(terminating.contracts.map((contract) => contract.contract_no)).toEqual(["EL-2002", "EL-3003", "EL-4004"]);
    const theirs = await json<{ contracts: { contract_no: string }[] }>(await call(list, "/fin-test/rest/contracts", { method: "GET", token: other.token }));
    expect(theirs.contracts.map((contract) => contract.contract_no)).toEqual(["EL-8008"]);
  });

  it("names a bad query parameter", async () => {
    const body = await json<{ problems: unknown[] }>(await call(list, "/fin-test/rest/contracts?limit=101&colour=red", { method: "GET", token: fin }));
    expect(body.problems).toEqual([
      { field: "colour", code: "invalid", message: "is not a parameter here; use limit, cursor, usageplacecode, contractstatus" },
    ]);
    const limit = await json<{ problems: unknown[] }>(await call(list, "/fin-test/rest/contracts?limit=101", { method: "GET", token: fin }));
    expect(limit.problems).toEqual([{ field: "limit", code: "invalid", message: "must be an integer from 1 to 100" }]);
    const cursor = await json<{ problems: unknown[] }>(await call(list, "/fin-test/rest/contracts?cursor=abc", { method: "GET", token: fin }));
    expect(cursor.problems).toEqual([expect.objectContaining({ field: "cursor", code: "invalid" })]);
  });
});

describe("PUT/GET /usageplaces/{usageplacecode}", () => {
  const putUsage = (code: string, body: unknown, token = fin) => call(putPlace, `/fin-test/rest/usageplaces/${code}`, { method: "PUT", body, token });
  const address = { address: "Sähkötie 1", city: "Helsinki", addresscountry: "FIN", postcode: "00100", sitecode: "643007" };

  it("registers a place under a new contract, which is created active", async () => {
    const response = await putUsage("UP-10", { contract_no: "EL-10", address });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({
      usageplacecode: "UP-10",
      contract_no: "EL-10",
      contractstatus: "active",
      address,
      disconnection: { state: "none", since: null, disconnectiondate: null, jobids: [] },
    });
    const read = await call(getPlace, "/fin-test/rest/usageplaces/UP-10", { method: "GET", token: fin });
    expect(read.headers.get("cache-control")).toBe("no-store");
    expect(await json(read)).toMatchObject({ contract_no: "EL-10", address });
  });

  it("moves a place to the contract that now supplies it", async () => {
    await putUsage("UP-11", { contract_no: "EL-11", address });
    const moved = await putUsage("UP-11", { contract_no: "EL-12", address: { ...address, address: "Sähkötie 2" } });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ contract_no: "EL-12", address: { address: "Sähkötie 2" } });
    const former = await getDb().contract.findUniqueOrThrow({ where: { profileId_contractNo: { profileId: finProfileId, contractNo: "EL-11" } } });
    expect(former.usagePlaceCode).toBeNull();
  });

  it("keeps the contract's own members when a place is registered on it", async () => {
    await put("EL-13", { contractstatus: "terminating", termination_date: "2027-01-31", custnum: "C-13" });
    await putUsage("UP-13", { contract_no: "EL-13" });
    expect(await json(await call(getOne, "/fin-test/rest/contracts/EL-13", { method: "GET", token: fin }))).toMatchObject({
      contractstatus: "terminating",
      usageplacecode: "UP-13",
      custnum: "C-13",
    });
  });

  it("validates the body and hides other profiles' places", async () => {
    const bad = await json<{ problems: unknown[] }>(await putUsage("UP-14", { address: { addresscountry: "XXX", postcode: 5 } }));
    expect(bad.problems).toEqual(
      expect.arrayContaining([
        { field: "contract_no", code: "required", message: "is required", rule: "required", params: {} },
        expect.objectContaining({ field: "address.addresscountry", code: "invalid" }),
        expect.objectContaining({ field: "address.postcode", code: "invalid" }),
      ]),
    );
    expect((await call(getPlace, "/fin-test/rest/usageplaces/UP-10", { method: "GET", token: other.token })).status).toBe(404);
    expect((await call(getPlace, "/fin-test/rest/usageplaces/UP-404", { method: "GET", token: fin })).status).toBe(404);
  });

  it("answers at another environment's prefix only for that environment's profiles", async () => {
    const swe = await demoToken("swe-test");
    expect((await call(getPlace, "/swe-test/rest/usageplaces/UP-10", { method: "GET", token: swe })).status).toBe(404);
    expect((await call(getPlace, "/swe-test/rest/usageplaces/UP-10", { method: "GET", token: fin })).status).toBe(401);
  });
});

describe("completeTerminations", () => {
  it("ends a terminating contract the day after its termination day, once, with a contract event", async () => {
    await put("EL-90", { contractstatus: "terminating", noticedate: "2026-12-01", terminationterm: "P1M" });
    const eventsOf90 = async () => (await contractEvents(finProfileId)).filter((event) => (event.message as { contract_no: string }).contract_no === "EL-90");
    expect(await eventsOf90()).toHaveLength(1);

    // 21:59 UTC on 1 January is still the termination day in Helsinki.
    await completeTerminations(getDb(), fixedClock("2027-01-01T21:59:00Z"));
    expect(await eventsOf90()).toHaveLength(1);
    await completeTerminations(getDb(), fixedClock("2027-01-01T22:00:00Z"));
    await completeTerminations(getDb(), fixedClock("2027-01-02T12:00:00Z"));
    const events = await eventsOf90();
    expect(events.map((event) => event.message)).toEqual([
      { cid: "demo-fin", contract_no: "EL-90", contractstatus: "terminating", termination_date: "2027-01-01", terminationterm: "P1M" },
      { cid: "demo-fin", contract_no: "EL-90", contractstatus: "terminated", termination_date: "2027-01-01", terminationterm: "P1M" },
    ]);
    expect(await json(await call(getOne, "/fin-test/rest/contracts/EL-90", { method: "GET", token: fin }))).toMatchObject({ contractstatus: "terminated" });
  });
});
