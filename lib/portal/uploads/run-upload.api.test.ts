import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { saveConnection, type Connection } from "@/lib/portal/connections/connections";
import { seedDemoProfiles } from "@/lib/service/profiles/seed-demo-profiles";
import { ruleKeyed } from "@/lib/spec/rules";
import { invoice, letter, TINY_PDF } from "@/lib/testing/jobs";
import { buildZip } from "@/lib/testing/zip";

import { installServiceFetch, SERVICE_ORIGIN, type ServiceFetch } from "../../testing/install-service-fetch";

import { runUpload } from "./post-upload";
import type { UploadEvent } from "./upload-results";

/*
 * A bulk upload against the service's real route handlers and a real database: the portal's client
 * reaches them through a fetch that hands each request to the handler of its path, as the embedded
 * service's server would. The good jobs of an upload are accepted and open cases whatever happens to
 * the bad ones, and a request that fails half-way keeps what the earlier requests stored.
 */

let service: ServiceFetch;
const org = randomUUID();
let connection: Connection;

beforeAll(async () => {
  const db = getDb();
  await seedDemoProfiles(db);
  await db.portalOrganization.create({ data: { id: org, name: "Upload Oy" } });
  connection = await saveConnection(
    db,
    org,
    { environment: "fin-test", label: "Upload test", baseUrl: `${SERVICE_ORIGIN}/fin-test/rest`, cid: "demo-fin", apicode: "demo-fin-apicode" },
    randomUUID(),
  );
  service = installServiceFetch();
});

afterAll(() => service.restore());

async function upload(kind: "json" | "zip", bytes: Uint8Array, items?: unknown[]): Promise<UploadEvent[]> {
  const events: UploadEvent[] = [];
  await runUpload({ db: getDb(), organizationId: org, connection, kind, bytes, items }, (event) => events.push(event));
  return events;
}

const json = (items: unknown[]) => new TextEncoder().encode(JSON.stringify({ datastream: { dataset: items } }));

describe("runUpload", () => {
  it("posts a JSON upload, reports its progress, and shows the bad job's reasons beside the good ones", async () => {
    const tag = randomUUID().slice(0, 8);
    const items = [
      invoice({ person: `Good One ${tag}`, ownref: `u-${tag}-1` }),
      invoice({ person: `Bad ${tag}`, city: null, ownref: `u-${tag}-2` }),
      invoice({ person: `Good Two ${tag}`, ownref: `u-${tag}-3` }),
    ];
    const events = await upload("json", json(items), items);

    expect(events[0]).toEqual({ type: "received", documents: 3 });
    expect(events).toContainEqual({ type: "progress", done: 3, total: 3 });
    const last = events.at(-1)!;
    expect(last.type).toBe("done");
    if (last.type !== "done") return;
    expect(last.currency).toBe("EUR");
    expect(last.rows.map((row) => [row.index, row.accepted])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    // By the rule's key, which the page says in the reader's language.
    expect(last.rows[1]!.reasons).toContainEqual({ field: "city", message: ruleKeyed("required") });
    expect(last.rows[0]).toMatchObject({ receiver: `Good One ${tag}`, amount: 273 });
    expect(last.rows[0]!.reference).toMatch(/^\d+$/);

    // The accepted jobs opened cases of this organization, with the job as posted.
    const cases = await getDb().portalCase.findMany({ where: { organizationId: org, documentid: { startsWith: `u-${tag}` } }, orderBy: { documentid: "asc" } });
    expect(cases.map((row) => row.id)).toEqual([last.rows[0]!.caseId, last.rows[2]!.caseId]);
    expect(cases[0]!.job).toMatchObject({ person: `Good One ${tag}` });
  });

  it("answers the same file again with the service's first answers, not a second set of jobs", async () => {
    const tag = randomUUID().slice(0, 8);
    const items = [invoice({ person: `Once ${tag}`, ownref: `once-${tag}` })];
    const first = (await upload("json", json(items), items)).at(-1)!;
    const second = (await upload("json", json(items), items)).at(-1)!;
    expect(first.type === "done" && second.type === "done").toBe(true);
    if (first.type !== "done" || second.type !== "done") return;
    expect(second.rows[0]!.jobid).toBe(first.rows[0]!.jobid);
    expect(await getDb().portalCase.count({ where: { organizationId: org, documentid: `once-${tag}` } })).toBe(1);
  });

  it("posts a ZIP package with an index and a letter PDF", async () => {
    const tag = randomUUID().slice(0, 8);
    const item = letter({ person: `Zip ${tag}`, ownref: `zip-${tag}`, image: { filename: "letters/a.pdf" } });
    const zip = await buildZip([
      { name: "index.json", content: JSON.stringify({ datastream: { dataset: [item] } }) },
      { name: "letters/a.pdf", content: TINY_PDF },
    ]);
    const events = await upload("zip", zip);
    expect(events[0]).toEqual({ type: "received", documents: 1 });
    const last = events.at(-1)!;
    expect(last.type).toBe("done");
    if (last.type !== "done") return;
    expect(last.rows).toHaveLength(1);
    expect(last.rows[0]).toMatchObject({ accepted: true, receiver: `Zip ${tag}`, reasons: [] });
    const stored = await getDb().portalCase.findFirst({ where: { organizationId: org, documentid: `zip-${tag}` } });
    expect(stored?.job).toMatchObject({ jobtype: "301", image: { filename: "letters/a.pdf" } });
  });

  it("keeps and shows what the earlier requests stored when a later request of a split upload fails", async () => {
    const tag = randomUUID().slice(0, 8);
    // 1001 small jobs need two requests (at most 1000 small-document units in one).
    const items = Array.from({ length: 1001 }, (_, index) =>
      invoice({ person: `Split ${tag} ${index}`, ownref: `split-${tag}-${index}`, payrow: [{ desc: "x", count: "1", amount: "1.00", taxpr: "0" }] }),
    );
    service.jobsRequests = 0;
    service.failJobsRequest = 2;
    try {
      const events = await upload("json", json(items), items);
      expect(events).toContainEqual({ type: "progress", done: 1000, total: 1001 });
      const last = events.at(-1)!;
      expect(last.type).toBe("failed");
      if (last.type !== "failed") return;
      expect(last.status).toBe(503);
      expect(last.message).toBe("Down for a moment.");
      expect(last.rows).toHaveLength(1000);
      expect(last.rows.every((row) => row.accepted && row.caseId)).toBe(true);
      expect(await getDb().portalCase.count({ where: { organizationId: org, documentid: { startsWith: `split-${tag}-` } } })).toBe(1000);
    } finally {
      service.failJobsRequest = null;
    }
  }, 120_000);
});
