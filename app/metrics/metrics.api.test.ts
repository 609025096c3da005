import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { POST as apikeyReceiver } from "@/app/api/webhooks/apikeys/route";
import { POST as eventReceiver } from "@/app/api/webhooks/events/route";
import { POST as tokenReceiver } from "@/app/api/webhooks/token/route";
import { GET as healthz } from "@/app/healthz/route";
import { GET as readyz } from "@/app/readyz/route";
import { POST } from "@/app/rest/jobs/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { projectBatches } from "@/lib/portal/events/ingest-batch";
import type { Readiness } from "@/lib/service/health/check-readiness";
import { halfYearsBehind } from "@/lib/service/lifecycle/reference-rates";
import { deliverMail } from "@/lib/service/mail/deliver-mail";
import { deliverApikeys } from "@/lib/service/profiles/apikey-delivery";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken } from "@/lib/testing/rest";

import { GET as metrics } from "./route";

/* The operator's view: /metrics in Prometheus text, /healthz and /readyz, none naming a tenant. */

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
  const response = await call(POST, "/fin-test/rest/jobs", {
    body: envelope(invoice({ sendtype: "post", ownref: "metrics-1", person: "Tenant Person Secret" })),
    token,
  });
  expect(response.status).toBe(200);
  // An apicode waiting an hour for its partner's receiver.
  const waiting = new Date(Date.now() - 3_600_000);
  await getDb().apikeyDelivery.create({
    data: {
      id: randomUUID(),
      partnerProfileId: randomUUID(),
      profileId: randomUUID(),
      status: "pending",
      nextAttemptAt: waiting,
      createdAt: waiting,
      updatedAt: waiting,
    },
  });
});

const scrape = async (headers: Record<string, string> = {}) => metrics(new Request("http://localhost/metrics", { headers }));

describe("/metrics", () => {
  it("answers Prometheus text with request, queue and event-loop figures and no tenant's data", async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain('http_request_duration_seconds_count{route="/rest/jobs",method="POST",status="200"} ');
    expect(text).toMatch(/^queue_depth\{queue="documents"\} [1-9]\d*$/m);
    expect(text).toMatch(/^queue_oldest_age_seconds\{queue="documents"\} /m);
    expect(text).toMatch(/^queue_depth\{queue="apikey-deliveries"\} [1-9]\d*$/m);
    expect(Number(/^queue_oldest_age_seconds\{queue="apikey-deliveries"\} (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(3600);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    const today = new Date().toISOString().slice(0, 10);
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      expect(text).toContain(`interest_rate_half_years_behind{country="${country}"} ${halfYearsBehind(country, today)}\n`);
    }
    expect(text).not.toContain("demo-fin");
    expect(text).not.toContain("Tenant Person Secret");
    expect(text).not.toContain(token);
  });

  it("times the webhook receivers' answers under their own routes, refusals too, without what the caller sent", async () => {
    const secret = "Basic " + Buffer.from("client-4815162342:secret-tenant").toString("base64");
    for (const [receiver, path] of [
      [tokenReceiver, "token"],
      [eventReceiver, "events"],
      [apikeyReceiver, "apikeys"],
    ] as const) {
      const response = await receiver(
        new Request(`http://localhost/api/webhooks/${path}?tenant=4815162342`, { method: "POST", headers: { authorization: secret }, body: "{}" }),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      const text = await (await scrape()).text();
      expect(text).toContain(`http_request_duration_seconds_count{route="/api/webhooks/${path}",method="POST",status="${response.status}"} `);
      expect(text).not.toContain("4815162342");
    }
  });

  it("counts mail sent, apicode deliveries given up and portal batches that do not fit, by job kind, naming no recipient", async () => {
    const now = new Date();
    await getDb().mailMessage.create({
      data: {
        id: randomUUID(),
        environment: "fin-test",
        to: "metrics-secret@example.test",
        subject: "Metrics",
        text: "x",
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      },
    });
    expect(await deliverMail(getDb(), { now: () => new Date() })).toBeGreaterThanOrEqual(1);
    // A delivery whose partner has no receiver is given up at once.
    const orphan = randomUUID();
    await getDb().apikeyDelivery.create({
      data: { id: randomUUID(), partnerProfileId: orphan, profileId: randomUUID(), status: "pending", nextAttemptAt: now, createdAt: now, updatedAt: now },
    });
    expect((await deliverApikeys(getDb(), { now: () => new Date() })).failed).toBeGreaterThanOrEqual(1);
    // A received batch the portal cannot read is finished at once, not retried.
    const organizationId = randomUUID();
    await getDb().portalEventBatch.create({
      data: { id: randomUUID(), organizationId, batchId: randomUUID(), createdAt: now.toISOString(), source: "test", messageCount: 1, body: "not json" },
    });
    await projectBatches(getDb(), { organizationId });
    await getDb().portalEventBatch.deleteMany({ where: { organizationId } });
    const text = await (await scrape()).text();
    expect(text).toMatch(/^jobs_total\{kind="portalBatch",outcome="invalid"\} [1-9]/m);
    expect(text).not.toContain(organizationId);
    expect(text).toMatch(/^jobs_total\{kind="mail",outcome="done"\} [1-9]/m);
    expect(text).toMatch(/^jobs_total\{kind="apikey",outcome="failed"\} [1-9]/m);
    expect(text).not.toContain("metrics-secret");
    expect(text).not.toContain(orphan);
  });

  it("asks for the bearer token when METRICS_TOKEN is set, and compares it whole", async () => {
    process.env.METRICS_TOKEN = "scraper-token-0123456789";
    resetEnvForTests();
    try {
      expect((await scrape()).status).toBe(401);
      expect((await scrape({ authorization: "Bearer scraper-token-012345678" })).status).toBe(401);
      expect((await scrape({ authorization: "Bearer scraper-token-0123456789" })).status).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
      resetEnvForTests();
    }
  });
});

describe("/healthz and /readyz", () => {
  it("says the process is alive", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("is ready when the database answers, migrations are applied and no queue is behind", async () => {
    const response = await readyz();
    const body = (await response.json()) as Readiness;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ ready: true, checks: { database: "ok", migrations: "ok", backlog: "ok" } });
    expect(body.queues?.find((queue) => queue.queue === "documents")?.depth).toBeGreaterThan(0);
  });

  it("is not ready when a queue's oldest item has waited longer than READY_MAX_BACKLOG_SECONDS", async () => {
    // The job waits for its document since intake; an hour back it is over a 60 s limit.
    await getDb().job.updateMany({ where: { pendingDocument: "original" }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    process.env.READY_MAX_BACKLOG_SECONDS = "60";
    resetEnvForTests();
    try {
      const response = await readyz();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ ready: false, checks: { backlog: "behind" } });
    } finally {
      delete process.env.READY_MAX_BACKLOG_SECONDS;
      resetEnvForTests();
    }
  });
  it("is not ready when a committed migration is not applied, naming the migration and no tenant", async () => {
    // The newest migration as one an instance of a newer release brings before it has run.
    const db = getDb();
    const [newest] = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM "_migrations" ORDER BY "name" DESC LIMIT 1`);
    const name = newest!.name;
    await db.$executeRaw`UPDATE "_migrations" SET "name" = ${`withdrawn-${name}`} WHERE "name" = ${name}`;
    // The backlog check off, so the migration alone decides.
    process.env.READY_MAX_BACKLOG_SECONDS = "0";
    resetEnvForTests();
    try {
      const response = await readyz();
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ ready: false, checks: { database: "ok", migrations: "pending", backlog: "off" }, pendingMigrations: [name] });
      expect(text).not.toContain("demo-fin");
      expect(text).not.toContain("Tenant Person Secret");
    } finally {
      await db.$executeRaw`UPDATE "_migrations" SET "name" = ${name} WHERE "name" = ${`withdrawn-${name}`}`;
    }
    try {
      expect((await readyz()).status).toBe(200);
    } finally {
      delete process.env.READY_MAX_BACKLOG_SECONDS;
      resetEnvForTests();
    }
  });

  it("is not ready when the database cannot be reached, and says only which checks failed", async () => {
    // A database that cannot be reached: a closed port for PostgreSQL, a file in no folder for SQLite.
    const reachable = process.env.DATABASE_URL;
    const unreachable =
      getEnv().DATABASE_ENGINE === "postgres" ? "postgresql://postgres@127.0.0.1:9/unreachable" : `file:${getEnv().DATA_DIR}/no-such-folder/app.db`;
    await closeDb();
    process.env.DATABASE_URL = unreachable;
    resetEnvForTests();
    try {
      const response = await readyz();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ready: false, checks: { database: "unreachable", migrations: "unknown", backlog: "unknown" } });
    } finally {
      await closeDb();
      process.env.DATABASE_URL = reachable;
      resetEnvForTests();
    }
    expect(await readyz().then((answer) => answer.json())).toMatchObject({ checks: { database: "ok", migrations: "ok" } });
  });
});
