import { beforeAll, describe, expect, it } from "vitest";

import { GET as printBatch } from "@/app/rest/distribution/print-batches/[date]/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { POST as movementRoute } from "@/app/rest/stock/[code]/movements/route";
import { GET as detailRoute, PUT as putRoute } from "@/app/rest/stock/[code]/route";
import { GET as listRoute } from "@/app/rest/stock/route";
import { getDb } from "@/lib/db/client";
import { unseal } from "@/lib/platform/secrets";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { PrintBatchResponse } from "@/lib/spec/print-batches";
import type { StockDetail, StockItemView, StockList } from "@/lib/spec/stock";
import { envelope, invoice, reminder } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { environment } from "../../spec/environments";
import { distributeDocuments } from "../distribution/distribute-documents";

import { takeSupplies } from "./take-supplies";

/*
 * Product stock against a real database: items defined and stocked over REST, taken by the letters
 * of a print batch while they last, named in the batch, warned of once when low, and never taken
 * twice for one letter.
 */

let fin: { id: string; cid: string; token: string };
let other: { id: string; cid: string; token: string };

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
  other = await profileWithToken("fin-test");
});

const put = (code: string, body: unknown, token = fin.token) => call(putRoute, `/fin-test/rest/stock/${code}`, { method: "PUT", body, token });
const move = (code: string, body: unknown, token = fin.token) => call(movementRoute, `/fin-test/rest/stock/${code}/movements`, { body, token });
const detail = (code: string, token = fin.token) => call(detailRoute, `/fin-test/rest/stock/${code}`, { method: "GET", token });
const list = async (token = fin.token) => json<StockList>(await call(listRoute, "/fin-test/rest/stock", { method: "GET", token }));

describe("stock items", () => {
  it("defines an item, keeps its level when it is changed, and shows it to its own profile only", async () => {
    const created = await put("LEAFLET-XMAS", { name: "Christmas leaflet", kind: "insert", threshold: 50 });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({
      code: "LEAFLET-XMAS",
      name: "Christmas leaflet",
      kind: "insert",
      per: "letter",
      documents: ["invoice"],
      activefrom: null,
      activeuntil: null,
      level: 0,
      threshold: 50,
      low: true,
      warnemail: null,
    });

    const received = await move("LEAFLET-XMAS", { type: "received", quantity: 1000, note: "Delivery 4711" });
    expect(received.status).toBe(201);
    expect(await json(received)).toMatchObject({ level: 1000, low: false });
    const changed = await put("LEAFLET-XMAS", { name: "Christmas leaflet 2026", kind: "insert", documents: ["invoice", "reminder"], threshold: 100 });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({ name: "Christmas leaflet 2026", documents: ["invoice", "reminder"], level: 1000, threshold: 100 });
    const counted = await json<StockItemView>(await move("LEAFLET-XMAS", { type: "counted", level: 990, note: "Shelf count" }));
    expect(counted.level).toBe(990);

    const shown = await json<StockDetail>(await detail("LEAFLET-XMAS"));
    expect(shown.movements).toEqual([
      { type: "counted", quantity: -10, level: 990, note: "Shelf count", time: expect.any(String) },
      { type: "received", quantity: 1000, level: 1000, note: "Delivery 4711", time: expect.any(String) },
    ]);
    expect(shown.batches).toEqual([]);

    expect((await list()).items.map((item) => item.code)).toContain("LEAFLET-XMAS");
    expect((await list(other.token)).items).toEqual([]);
    expect((await detail("LEAFLET-XMAS", other.token)).status).toBe(404);
    expect((await move("LEAFLET-XMAS", { type: "received", quantity: 1 }, other.token)).status).toBe(404);
  });

  it("names each invalid member, a bad code and a movement of no kind", async () => {
    const bad = await put("LETTERHEAD", {
      name: " ",
      kind: "paper",
      per: "page",
      documents: ["invoice", "invoice"],
      activefrom: "2026-12-31",
      activeuntil: "2026-12-01",
      warnemail: "x",
    });
    expect(bad.status).toBe(400);
    const fields = (await json<{ problems: { field: string }[] }>(bad)).problems.map((problem) => problem.field).sort();
    expect(fields).toEqual(["documents", "kind", "name", "per", "warnemail"]);
    const order = await put("LETTERHEAD", { name: "Letterhead", kind: "stationery", activefrom: "2026-12-31", activeuntil: "2026-12-01" });
    expect((await json<{ problems: { field: string }[] }>(order)).problems.map((problem) => problem.field)).toEqual(["activeuntil"]);
    expect((await put("bad code!", { name: "x", kind: "insert" })).status).toBe(400);
    expect((await put("LETTERHEAD", { name: "Letterhead", kind: "stationery", extra: 1 })).status).toBe(400);

    await put("ENVELOPE", { name: "Window envelope C5", kind: "stationery" });
    expect((await move("ENVELOPE", { type: "taken", quantity: 1 })).status).toBe(400);
    expect((await move("ENVELOPE", { type: "received", quantity: 0 })).status).toBe(400);
    expect((await move("ENVELOPE", { type: "received", quantity: 10_000_001 })).status).toBe(400);
    expect((await move("NO-SUCH", { type: "received", quantity: 1 })).status).toBe(404);
  });
});

describe("letters taking stock", () => {
  it("puts an insert into letters while it lasts, letterhead per sheet, names both in the batch and warns once when low", async () => {
    const profile = await profileWithToken("fin-test");
    const stock = (code: string, body: unknown) => call(putRoute, `/fin-test/rest/stock/${code}`, { method: "PUT", body, token: profile.token });
    const receive = (code: string, quantity: number) =>
      call(movementRoute, `/fin-test/rest/stock/${code}/movements`, { body: { type: "received", quantity }, token: profile.token });
    await stock("INSERT", { name: "Price list 2027", kind: "insert", threshold: 2, warnemail: "print-orders@example.fi" });
    await receive("INSERT", 2);
    await stock("LETTERHEAD", { name: "Letterhead A4", kind: "stationery", per: "sheet", documents: ["invoice", "reminder", "collection"] });
    await receive("LETTERHEAD", 100);
    // Not taken: a reminder-only form, and a campaign that has not begun.
    await stock("REMINDER-FORM", { name: "Payment plan form", kind: "insert", documents: ["reminder"] });
    await receive("REMINDER-FORM", 10);
    await stock("SPRING", { name: "Spring campaign", kind: "insert", activefrom: "2027-03-01" });
    await receive("SPRING", 10);

    const posted = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", {
        body: envelope(...["s-1", "s-2", "s-3"].map((ownref) => invoice({ sendtype: "post", ownref }))),
        token: profile.token,
      }),
    );
    const jobids = posted.result.map((result) => result.jobid!);
    await distributeDocuments(getDb(), fixedClock("2026-11-23T07:00:00Z"));

    const batch = await json<PrintBatchResponse>(
      await call(printBatch, "/fin-test/rest/distribution/print-batches/2026-11-23", { method: "GET", token: profile.token }),
    );
    const ours = batch.documents.filter((document) => jobids.includes(document.jobid));
    expect(ours).toHaveLength(3);
    const withInsert = ours.filter((document) => document.supplies.some((supply) => supply.code === "INSERT"));
    expect(withInsert).toHaveLength(2);
    for (const document of ours) {
      expect(document.supplies.find((supply) => supply.code === "LETTERHEAD")).toEqual({ code: "LETTERHEAD", quantity: document.pages });
      expect(document.supplies.map((supply) => supply.code)).not.toContain("REMINDER-FORM");
      expect(document.supplies.map((supply) => supply.code)).not.toContain("SPRING");
    }
    const sheets = ours.reduce((total, document) => total + document.pages, 0);

    const levels = Object.fromEntries(
      (await json<StockList>(await call(listRoute, "/fin-test/rest/stock", { method: "GET", token: profile.token }))).items.map((item) => [
        item.code,
        [item.level, item.low],
      ]),
    );
    expect(levels).toEqual({ INSERT: [0, true], LETTERHEAD: [100 - sheets, false], "REMINDER-FORM": [10, false], SPRING: [10, false] });
    const insert = await json<StockDetail>(await call(detailRoute, "/fin-test/rest/stock/INSERT", { method: "GET", token: profile.token }));
    expect(insert.batches).toEqual([{ date: "2026-11-23", letters: 2, quantity: 2 }]);

    // One warning, in Finnish and English, to the item's address.
    const mail = await getDb().mailMessage.findMany({ where: { to: "print-orders@example.fi" } });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Varasto vähissä: Price list 2027 / Low stock: Price list 2027");
    expect(unseal(mail[0]!.text)).toContain("jäljellä 1 kpl");

    // A letter sent again (the same dispatch, after a crash) takes nothing more and names what it took.
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobids[0]! } });
    const again = await takeSupplies(getDb(), {
      profileId: profile.id,
      environment: environment("fin-test"),
      dispatchId: dispatch.id,
      document: "invoice",
      pages: 1,
      doubleSided: false,
      today: "2026-11-23",
      at: new Date("2026-11-23T07:05:00Z"),
    });
    expect(again.map((supply) => supply.code).sort()).toEqual(
      ours
        .find((document) => document.jobid === jobids[0])!
        .supplies.map((supply) => supply.code)
        .sort(),
    );
    const after = await getDb().stockItem.findMany({ where: { profileId: profile.id }, orderBy: { code: "asc" }, select: { code: true, level: true } });
    expect(Object.fromEntries(after.map((row) => [row.code, row.level]))).toMatchObject({ INSERT: 0, LETTERHEAD: 100 - sheets });

    // Stock back over the threshold ends the warning; the next fall under it warns again.
    await receive("INSERT", 3);
    await call(postJobs, "/fin-test/rest/jobs", {
      body: envelope(invoice({ sendtype: "post", ownref: "s-4" }), invoice({ sendtype: "post", ownref: "s-5" })),
      token: profile.token,
    });
    await distributeDocuments(getDb(), fixedClock("2026-11-24T07:00:00Z"));
    expect(await getDb().mailMessage.count({ where: { to: "print-orders@example.fi" } })).toBe(2);
  });

  it("counts letterhead by sheets of a double-sided letter, warns when too little is left for a letter, and takes once for one letter sent twice at once", async () => {
    const profile = await profileWithToken("fin-test");
    const stock = (code: string, body: unknown) => call(putRoute, `/fin-test/rest/stock/${code}`, { method: "PUT", body, token: profile.token });
    const receive = (code: string, quantity: number) =>
      call(movementRoute, `/fin-test/rest/stock/${code}/movements`, { body: { type: "received", quantity }, token: profile.token });
    await stock("PAPER", { name: "Letterhead", kind: "stationery", per: "sheet", warnemail: "paper@example.fi" });
    await receive("PAPER", 100);
    const rows = Array.from({ length: 70 }, (_, index) => ({ desc: `Line ${index + 1}`, count: "1", amount: "1.00", taxpr: "0" }));
    const posted = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", { body: envelope(invoice({ sendtype: "post", doublesided: 1, payrow: rows })), token: profile.token }),
    );
    await distributeDocuments(getDb(), fixedClock("2026-11-26T07:00:00Z"));
    const batch = await json<PrintBatchResponse>(
      await call(printBatch, "/fin-test/rest/distribution/print-batches/2026-11-26", { method: "GET", token: profile.token }),
    );
    const letter = batch.documents.find((document) => document.jobid === posted.result[0]!.jobid)!;
    expect(letter.pages).toBeGreaterThan(2);
    expect(letter.supplies).toEqual([{ code: "PAPER", quantity: Math.ceil(letter.pages / 2) }]);

    // One sheet left, threshold 0: the next letter goes without letterhead, and the address is told.
    await call(movementRoute, "/fin-test/rest/stock/PAPER/movements", { body: { type: "counted", level: 1 }, token: profile.token });
    const request = {
      profileId: profile.id,
      environment: environment("fin-test"),
      document: "invoice" as const,
      pages: 3,
      doubleSided: false,
      today: "2026-11-26",
      at: new Date("2026-11-26T08:00:00Z"),
    };
    expect(await takeSupplies(getDb(), { ...request, dispatchId: "short-letter" })).toEqual([]);
    expect(await getDb().mailMessage.count({ where: { to: "paper@example.fi" } })).toBe(1);

    // A letter of one page, sent by two workers at once (a lease taken over): one sheet taken.
    const both = await Promise.all([1, 2].map(() => takeSupplies(getDb(), { ...request, pages: 1, dispatchId: "same-letter" })));
    expect(both).toEqual([[{ code: "PAPER", quantity: 1 }], [{ code: "PAPER", quantity: 1 }]]);
    expect((await getDb().stockItem.findFirstOrThrow({ where: { profileId: profile.id, code: "PAPER" } })).level).toBe(0);
  });

  it("gives credit notes only what is meant for credit notes", async () => {
    const profile = await profileWithToken("fin-test");
    await call(putRoute, "/fin-test/rest/stock/LEAFLET", { method: "PUT", body: { name: "Campaign", kind: "insert" }, token: profile.token });
    await call(putRoute, "/fin-test/rest/stock/ENVELOPE", {
      method: "PUT",
      body: { name: "Envelope", kind: "stationery", documents: ["invoice", "creditnote"] },
      token: profile.token,
    });
    for (const code of ["LEAFLET", "ENVELOPE"])
      await call(movementRoute, `/fin-test/rest/stock/${code}/movements`, { body: { type: "received", quantity: 5 }, token: profile.token });
    const posted = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", {
        body: envelope(invoice({ sendtype: "post", payrow: [{ desc: "Refund", count: "1", amount: "-10.00", taxpr: "0" }] })),
        token: profile.token,
      }),
    );
    await distributeDocuments(getDb(), fixedClock("2026-11-27T07:00:00Z"));
    const batch = await json<PrintBatchResponse>(
      await call(printBatch, "/fin-test/rest/distribution/print-batches/2026-11-27", { method: "GET", token: profile.token }),
    );
    expect(batch.documents.find((document) => document.jobid === posted.result[0]!.jobid)!.supplies).toEqual([{ code: "ENVELOPE", quantity: 1 }]);
  });

  it("gives a job posted as a reminder what reminders take", async () => {
    const profile = await profileWithToken("fin-test");
    await call(putRoute, "/fin-test/rest/stock/FORM", {
      method: "PUT",
      body: { name: "Plan form", kind: "insert", documents: ["reminder"] },
      token: profile.token,
    });
    await call(movementRoute, "/fin-test/rest/stock/FORM/movements", { body: { type: "received", quantity: 5 }, token: profile.token });
    const posted = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", { body: envelope(reminder({ sendtype: "post" }), invoice({ sendtype: "post" })), token: profile.token }),
    );
    await distributeDocuments(getDb(), fixedClock("2026-11-25T07:00:00Z"));
    const batch = await json<PrintBatchResponse>(
      await call(printBatch, "/fin-test/rest/distribution/print-batches/2026-11-25", { method: "GET", token: profile.token }),
    );
    const supplies = (jobid: number) => batch.documents.find((document) => document.jobid === jobid)!.supplies;
    expect(supplies(posted.result[0]!.jobid!)).toEqual([{ code: "FORM", quantity: 1 }]);
    expect(supplies(posted.result[1]!.jobid!)).toEqual([]);
  });
});
