import { randomUUID } from "node:crypto";

import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as clockRoute } from "../../../app/rest/testing/clock/route";
import { POST as tokenRoute } from "../../../app/rest/token/route";
import { getDb } from "../../db/client";
import { seal } from "../../platform/secrets";
import { profileWithToken, serveRoutes } from "../../testing/rest";
import { failedCaseRow } from "../../testing/undelivered-case";
import type { PortalUser } from "../auth/session";

import { caseListNow } from "./case-list-clock";
import { parseCaseListParams } from "./case-list-params";
import type { CaseListView } from "./case-views";
import { listCases } from "./list-cases";

/*
 * The case list narrowed to one connection: its environment and cid, looked up within the user's
 * organization, so another organization's connection lists nothing even where its environment and
 * cid are the same; and the undelivered days counted on the connection's moved test clock, as its
 * dashboard counts them. The clock is the service's own, read through the portal's client from the
 * service's real route handlers behind a server on 127.0.0.1, for a profile of this test's own.
 */

let current: PortalUser | null = null;
vi.mock("@/lib/portal/auth/session", () => ({
  userForRoute: async () => (current ? { user: current } : { response: new Response(null, { status: 401 }) }),
}));
const { GET: listRoute } = await import("../../../app/api/portal/cases/route");
const { GET: exportRoute } = await import("../../../app/api/portal/cases/export/route");

/** How far the profile's clock was moved: a send failed 10 days ago is 15 days old on it, long undelivered. */
const MOVED_DAYS = 5;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

let close: () => Promise<void>;
const ORG = randomUUID();
const OTHER = randomUUID();
const MOVED = randomUUID();
const PLAIN = randomUUID();
const FOREIGN = randomUUID();
const names: Record<string, string> = {};
/** The status of each answer the service's clock route gave, in order: whether and how the list read a clock. */
const clockAnswers: number[] = [];
/** While set, the clock route answers 503, as a service that is down. */
let clockDown = false;
/**
 * A new organization with a connection to the moved profile, whose clock no list of this file read
 * yet, and a case of its own that failed 10 days ago (one connection to a profile per organization).
 */
let freshConnection: () => Promise<{ organizationId: string; id: string }>;

beforeAll(async () => {
  const served = await serveRoutes([
    [/^\/token$/, tokenRoute],
    [
      /^\/testing\/clock$/,
      async (request) => {
        const response = clockDown ? new Response(null, { status: 503 }) : await clockRoute(request);
        clockAnswers.push(response.status);
        return response;
      },
    ],
  ]);
  close = served.close;
  const profile = await profileWithToken("fin-test");
  await getDb().profile.update({ where: { id: profile.id }, data: { clockOffsetSeconds: MOVED_DAYS * 86_400 } });
  // A profile of the same service whose clock was not moved: its clock is read, and says the calendar's date.
  const plain = await profileWithToken("fin-test");

  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: ORG, name: "Connections Oy" },
      { id: OTHER, name: "Elsewhere Oy" },
    ],
  });
  // The other organization has a connection to the very same profile: its id must not open this organization's cases, nor this one's the other's.
  const connection = (id: string, organizationId: string, of: { id: string; cid: string }) => ({
    id,
    organizationId,
    environment: "fin-test",
    label: `FIN test ${of.cid}`,
    baseUrl: served.baseUrl,
    cid: of.cid,
    apicodeEncrypted: seal(`apicode-${of.id}`),
  });
  await db.portalConnection.createMany({
    data: [connection(MOVED, ORG, profile), connection(PLAIN, ORG, plain), connection(FOREIGN, OTHER, profile)],
  });
  let jobid = 0;
  const seed = (name: string, organizationId: string, cid: string, failedAt: Date, code = 0) => {
    const id = randomUUID();
    names[id] = name;
    return failedCaseRow({ id, organizationId, cid, jobid: ++jobid, code, receiverName: name, lastDeliveryAt: failedAt });
  };
  await db.portalCase.createMany({
    data: [
      seed("moved, failed yesterday", ORG, profile.cid, daysAgo(1)),
      seed("moved, failed 10 days ago", ORG, profile.cid, daysAgo(10)),
      seed("moved, paid", ORG, profile.cid, daysAgo(30), 101),
      seed("plain, failed 10 days ago", ORG, plain.cid, daysAgo(10)),
      seed("plain, failed 20 days ago", ORG, plain.cid, daysAgo(20)),
      seed("elsewhere, failed 20 days ago", OTHER, profile.cid, daysAgo(20)),
    ],
  });
  freshConnection = async () => {
    const organizationId = randomUUID();
    const id = randomUUID();
    await db.portalOrganization.create({ data: { id: organizationId, name: "Fresh Oy" } });
    await db.portalConnection.create({ data: connection(id, organizationId, profile) });
    await db.portalCase.create({ data: seed("fresh, failed 10 days ago", organizationId, profile.cid, daysAgo(10)) });
    return { organizationId, id };
  };
});

afterAll(async () => {
  await close();
});

const user = (organizationId: string): PortalUser => ({ id: "u", organizationId, email: "v@example.test", name: "V", role: "viewer", locale: "eng" });

/** The list's JSON route as the page's refresh calls it: its names, sorted, and its count. */
async function listed(organizationId: string, search: Record<string, string>) {
  current = user(organizationId);
  const response = await listRoute(new NextRequest(`http://localhost/api/portal/cases?${new URLSearchParams(search)}`));
  expect(response.status).toBe(200);
  const body = (await response.json()) as CaseListView;
  return { names: body.rows.map((row) => names[row.id]).sort(), count: body.count };
}

describe("the case list narrowed to one connection", () => {
  it("lists that connection's cases only, with or without the delivery filter", async () => {
    expect(await listed(ORG, { connection: MOVED })).toEqual({
      names: ["moved, failed 10 days ago", "moved, failed yesterday", "moved, paid"],
      count: 3,
    });
    expect(await listed(ORG, { connection: MOVED, delivery: "failed" })).toEqual({
      names: ["moved, failed 10 days ago", "moved, failed yesterday"],
      count: 2,
    });
    expect(await listed(ORG, { connection: PLAIN, delivery: "failed" })).toEqual({
      names: ["plain, failed 10 days ago", "plain, failed 20 days ago"],
      count: 2,
    });
    expect((await listed(OTHER, { connection: FOREIGN, delivery: "failed" })).names).toEqual(["elsewhere, failed 20 days ago"]);
  });

  it("lists nothing for another organization's connection or an unknown one, though the same profile's cases are there", async () => {
    expect(await listed(ORG, { connection: FOREIGN })).toEqual({ names: [], count: 0 });
    expect(await listed(ORG, { connection: FOREIGN, delivery: "failed-long" })).toEqual({ names: [], count: 0 });
    expect(await listed(OTHER, { connection: MOVED })).toEqual({ names: [], count: 0 });
    expect(await listed(ORG, { connection: randomUUID(), delivery: "failed" })).toEqual({ names: [], count: 0 });
    const page = await listCases(getDb(), { organizationId: ORG, params: parseCaseListParams(new URLSearchParams({ connection: FOREIGN })).params });
    expect([page.rows, page.next, page.previous, page.count]).toEqual([[], null, null, null]);
  });

  it("refuses a value that cannot be a connection's id, at its name", async () => {
    current = user(ORG);
    const response = await listRoute(new NextRequest("http://localhost/api/portal/cases?connection=a%20b"));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { problems: { field: string | null; message: string }[] };
    expect(body.problems.map(({ field, message }) => ({ field, message }))).toEqual([{ field: "connection", message: "That connection does not exist." }]);
  });

  it("counts the long undelivered on the connection's moved clock, and on the calendar without it", async () => {
    // Five days ahead, the send that failed 10 days ago is 15 days old: long undelivered on this connection's list.
    expect(await listed(ORG, { connection: MOVED, delivery: "failed-long" })).toEqual({ names: ["moved, failed 10 days ago"], count: 1 });
    // The same case on the calendar, in a list of the environment that holds several profiles, is not.
    expect((await listed(ORG, { environment: "fin-test", delivery: "failed-long" })).names).toEqual(["plain, failed 20 days ago"]);
    // A connection whose clock was not moved counts on the calendar: its clock is read, and answers.
    clockAnswers.length = 0;
    expect(await listed(ORG, { connection: PLAIN, delivery: "failed-long" })).toEqual({ names: ["plain, failed 20 days ago"], count: 1 });
    expect(clockAnswers).toEqual([200]);
  });

  it("reads the connection's clock only for the failed-long filter, which counts on it, and once for the refreshes that follow", async () => {
    const fresh = await freshConnection();
    clockAnswers.length = 0;
    await listed(fresh.organizationId, { connection: fresh.id });
    await listed(fresh.organizationId, { connection: fresh.id, delivery: "failed" });
    expect(clockAnswers).toEqual([]);
    const long = { names: ["fresh, failed 10 days ago"], count: 1 };
    expect(await listed(fresh.organizationId, { connection: fresh.id, delivery: "failed-long" })).toEqual(long);
    expect(clockAnswers).toEqual([200]);
    // The next refresh, 2.5 s on, counts on the clock read for the first.
    expect(await listed(fresh.organizationId, { connection: fresh.id, delivery: "failed-long" })).toEqual(long);
    expect(clockAnswers).toEqual([200]);
  });

  it("reads the clock again after 30 seconds, and keeps the offset last read while the service does not answer", async () => {
    const fresh = await freshConnection();
    const filters = parseCaseListParams(new URLSearchParams({ connection: fresh.id, delivery: "failed-long" })).params;
    const at = Date.now();
    const ahead = async (seconds: number) =>
      (await caseListNow(getDb(), fresh.organizationId, filters, new Date(at + seconds * 1_000))).getTime() - (at + seconds * 1_000);
    clockAnswers.length = 0;
    const read = await ahead(0);
    expect(read).toBe(MOVED_DAYS * 86_400_000);
    expect(await ahead(29)).toBe(read);
    expect(clockAnswers).toEqual([200]);
    expect(await ahead(31)).toBe(read);
    expect(clockAnswers).toEqual([200, 200]);
    clockDown = true;
    try {
      expect(await ahead(62)).toBe(read);
      const refused = clockAnswers.length;
      expect(clockAnswers.slice(2).every((status) => status === 503)).toBe(true);
      expect(refused).toBeGreaterThan(2);
      // Not asked again at each refresh while it is down.
      expect(await ahead(70)).toBe(read);
      expect(clockAnswers).toHaveLength(refused);
    } finally {
      clockDown = false;
    }
  });
});

describe("the CSV export narrowed to one connection", () => {
  /** The receivers of the file's case lines (the total lines have no job number), sorted. */
  async function exported(organizationId: string, search: Record<string, string>) {
    current = user(organizationId);
    const response = await exportRoute(new NextRequest(`http://localhost/api/portal/cases/export?${new URLSearchParams(search)}`));
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .slice(1);
    // The job number, then the receiver, quoted where it holds a comma.
    return lines
      .map((line) => /^([^,]*),("(?:[^"]|"")*"|[^,]*)/.exec(line)!)
      .filter(([, jobid]) => jobid !== "")
      .map(([, , receiver]) => receiver!.replace(/^"|"$/g, "").replaceAll('""', '"'))
      .sort();
  }

  it("holds that connection's cases, counted long on its moved clock as the list counts them", async () => {
    expect(await exported(ORG, { connection: MOVED })).toEqual(["moved, failed 10 days ago", "moved, failed yesterday", "moved, paid"]);
    expect(await exported(ORG, { connection: MOVED, delivery: "failed-long" })).toEqual(["moved, failed 10 days ago"]);
    expect(await exported(ORG, { connection: PLAIN, delivery: "failed-long" })).toEqual(["plain, failed 20 days ago"]);
  });

  it("holds nothing for another organization's connection, though the same profile's cases are there", async () => {
    expect(await exported(ORG, { connection: FOREIGN })).toEqual([]);
    expect(await exported(OTHER, { connection: MOVED })).toEqual([]);
    expect(await exported(OTHER, { connection: FOREIGN })).toEqual(["elsewhere, failed 20 days ago"]);
  });
});
