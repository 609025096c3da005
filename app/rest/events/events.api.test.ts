import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { fixedClock } from "@/lib/platform/clock";
import { dispatchEvents } from "@/lib/service/events/dispatch-events";
import { emitEvents, type EventType } from "@/lib/service/events/emit-events";
import { invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

import { POST as postJobs } from "../jobs/route";

import { POST as redeliver } from "./batches/[id]/redeliver/route";
import { GET as getBatches } from "./batches/route";
import { DELETE as deleteReceiver, GET as getReceiver, PUT as putReceiver } from "./receiver/route";
import { GET as poll } from "./route";

let webhook: WebhookReceiver;

beforeAll(async () => {
  webhook = await startWebhookReceiver({ oauth: { clientId: "erp", clientSecret: "very-secret-value" } });
});
afterAll(async () => {
  await webhook.close();
});

const oauthReceiver = () => ({ url: webhook.url, auth: { scheme: "oauth2", tokenUrl: webhook.tokenUrl, clientId: "erp", clientSecret: "very-secret-value" } });

async function emit(profileId: string, cid: string, types: EventType[]) {
  const db = getDb();
  await db.$transaction(async (tx) =>
    emitEvents(
      db,
      tx,
      types.map((type, index) => ({
        environment: "fin-test",
        profileId,
        jobId: index + 1,
        type,
        message: { cid, jobid: index + 1, n: index },
        createdAt: new Date(),
      })),
    ),
  );
}

describe("PUT/GET/DELETE /events/receiver", () => {
  it("stores a receiver, never shows its secret, replaces and removes it", async () => {
    const { token, id } = await profileWithToken("fin-test");
    const path = "/fin-test/rest/events/receiver";
    expect((await call(getReceiver, path, { token, method: "GET" })).status).toBe(404);
    const created = await call(putReceiver, path, { token, method: "PUT", body: oauthReceiver() });
    expect(created.status).toBe(201);
    const shown = await call(getReceiver, path, { token, method: "GET" });
    const text = await shown.text();
    expect(text).not.toContain("very-secret-value");
    expect(JSON.parse(text)).toMatchObject({ url: webhook.url, auth: { scheme: "oauth2", clientId: "erp", clientSecret: "set", scope: null } });
    const row = await getDb().eventReceiver.findUniqueOrThrow({ where: { profileId: id } });
    expect(row.secretEncrypted).not.toContain("very-secret-value");

    const replaced = await call(putReceiver, path, {
      token,
      method: "PUT",
      body: { url: webhook.url, auth: { scheme: "basic", username: "erp", password: "pw" } },
    });
    expect(replaced.status).toBe(200);
    expect(await json(replaced)).toMatchObject({ auth: { scheme: "basic", username: "erp", password: "set" } });
    expect((await call(deleteReceiver, path, { token, method: "DELETE" })).status).toBe(204);
    expect((await call(getReceiver, path, { token, method: "GET" })).status).toBe(404);
    expect((await call(deleteReceiver, path, { token, method: "DELETE" })).status).toBe(404);
  });

  it("names each invalid member", async () => {
    const { token } = await profileWithToken("fin-test");
    const response = await call(putReceiver, "/fin-test/rest/events/receiver", {
      token,
      method: "PUT",
      body: { url: "ftp://example.com/hook", auth: { scheme: "oauth2", clientId: "", clientSecret: "x" } },
    });
    expect(response.status).toBe(400);
    const problems = (await json<{ problems: { field: string }[] }>(response)).problems.map((problem) => problem.field).sort();
    expect(problems).toEqual(["auth.clientId", "auth.tokenUrl", "url"]);
    const garbage = await call(putReceiver, "/fin-test/rest/events/receiver", {
      token,
      method: "PUT",
      body: { url: "not a url", auth: { scheme: "basic", username: "u", password: "p" } },
    });
    expect(garbage.status).toBe(400);
    expect((await json<{ problems: { field: string }[] }>(garbage)).problems.map((problem) => problem.field)).toEqual(["url"]);
    const basic = await call(putReceiver, "/fin-test/rest/events/receiver", {
      token,
      method: "PUT",
      body: { url: webhook.url, auth: { scheme: "basic", username: "a:b", password: "p" } },
    });
    expect((await json<{ problems: { field: string }[] }>(basic)).problems[0]!.field).toBe("auth.username");
  });

  it("requires https in production environments", async () => {
    const { token } = await profileWithToken("fin-prod");
    const refused = await call(putReceiver, "/fin-prod/rest/events/receiver", { token, method: "PUT", body: oauthReceiver() });
    expect(refused.status).toBe(400);
    expect((await json<{ problems: { field: string; message: string }[] }>(refused)).problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "url", message: "must be an https URL in a production environment" })]),
    );
    const accepted = await call(putReceiver, "/fin-prod/rest/events/receiver", {
      token,
      method: "PUT",
      body: { url: "https://erp.example.com/events", auth: { scheme: "basic", username: "erp", password: "pw" } },
    });
    expect(accepted.status).toBe(201);
  });
});

describe("PUT /events/receiver refuses addresses off the public internet", () => {
  const problemsOf = async (response: Response) => (await json<{ problems: { field: string; message: string }[] }>(response)).problems;

  it("in a test environment, unless the operator allows them", async () => {
    const { token } = await profileWithToken("fin-test");
    for (const url of [
      "http://127.0.0.2:8080/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.1/hook",
      "http://[::1]:3000/hook",
      "http://[::ffff:a9fe:a9fe]/",
    ]) {
      const refused = await call(putReceiver, "/fin-test/rest/events/receiver", {
        token,
        method: "PUT",
        body: { url, auth: { scheme: "oauth2", tokenUrl: url, clientId: "erp", clientSecret: "secret" } },
      });
      expect(refused.status, url).toBe(400);
      const problems = await problemsOf(refused);
      expect(problems.map((problem) => problem.field).sort(), url).toEqual(["auth.tokenUrl", "url"]);
      expect(problems[0]!.message, url).toMatch(/^must be a public address: /);
    }
    // The tests' allow list holds 127.0.0.1, where their receivers listen.
    expect((await call(putReceiver, "/fin-test/rest/events/receiver", { token, method: "PUT", body: oauthReceiver() })).status).toBe(201);
  });

  it("in a production environment always", async () => {
    const { token } = await profileWithToken("fin-prod");
    for (const url of ["https://127.0.0.1/hook", "https://localhost/hook", "https://[fd00::1]/hook", "https://metadata.google.internal/"]) {
      const refused = await call(putReceiver, "/fin-prod/rest/events/receiver", {
        token,
        method: "PUT",
        body: { url, auth: { scheme: "basic", username: "erp", password: "pw" } },
      });
      expect(refused.status, url).toBe(400);
      expect((await problemsOf(refused))[0]).toMatchObject({ field: "url", message: expect.stringMatching(/^must be a public address: /) });
    }
  });
});

describe("GET /events/batches and redelivery", () => {
  it("lists a parked batch with the receiver's status line, redelivers it with the same id, and hides it from other profiles", async () => {
    const { token, id, cid } = await profileWithToken("fin-test");
    await call(putReceiver, "/fin-test/rest/events/receiver", { token, method: "PUT", body: oauthReceiver() });
    await emit(id, cid, ["delivery", "lcstatus"]);
    webhook.enqueue({ kind: "client_error", status: 400 });
    const clock = fixedClock(new Date());
    await dispatchEvents(getDb(), clock);

    const listed = await call(getBatches, "/fin-test/rest/events/batches?status=failed", { token, method: "GET" });
    expect(listed.status).toBe(200);
    const page = await json<{ data: { id: string; lastStatus: number; lastResponse: string; attempts: number }[]; more: boolean }>(listed);
    expect(page.data).toHaveLength(1);
    const parked = page.data[0]!;
    expect(parked).toMatchObject({ lastStatus: 400, attempts: 1 });
    // The status line only: the receiver's body is not the API user's to read through the service.
    expect(parked.lastResponse).toBe("400 Bad Request");

    const other = await profileWithToken("fin-test");
    expect((await call(redeliver, `/fin-test/rest/events/batches/${parked.id}/redeliver`, { token: other.token })).status).toBe(404);
    const again = await call(redeliver, `/fin-test/rest/events/batches/${parked.id}/redeliver`, { token });
    expect(again.status).toBe(202);
    expect(await json(again)).toMatchObject({ id: parked.id, status: "pending" });
    expect((await call(redeliver, `/fin-test/rest/events/batches/${parked.id}/redeliver`, { token })).status).toBe(409);

    await dispatchEvents(getDb(), fixedClock(new Date()));
    expect(webhook.batches.get(parked.id)?.data).toMatchObject({ delivery: [{ n: 0 }], lcstatus: [{ n: 1 }] });
    const delivered = await json<{ data: { id: string }[] }>(
      await call(getBatches, "/fin-test/rest/events/batches?status=delivered", { token, method: "GET" }),
    );
    expect(delivered.data.map((batch) => batch.id)).toEqual([parked.id]);
  });

  it("pages with a cursor and refuses bad queries", async () => {
    const { token, id, cid } = await profileWithToken("fin-test");
    await call(putReceiver, "/fin-test/rest/events/receiver", { token, method: "PUT", body: oauthReceiver() });
    for (let round = 0; round < 3; round++) {
      await emit(id, cid, ["lcstatus"]);
      await dispatchEvents(getDb(), fixedClock(new Date()));
    }
    const first = await json<{ data: { id: string }[]; next: string; more: boolean }>(
      await call(getBatches, "/fin-test/rest/events/batches?limit=2", { token, method: "GET" }),
    );
    expect(first.data).toHaveLength(2);
    expect(first.more).toBe(true);
    const second = await json<{ data: { id: string }[]; more: boolean }>(
      await call(getBatches, `/fin-test/rest/events/batches?limit=2&after=${first.next}`, { token, method: "GET" }),
    );
    expect(second.data).toHaveLength(1);
    expect(second.more).toBe(false);
    const byCursor = await json<{ data: { id: string }[]; next_cursor: string | null }>(
      await call(getBatches, `/fin-test/rest/events/batches?limit=2&cursor=${(first as unknown as { next_cursor: string }).next_cursor}`, {
        token,
        method: "GET",
      }),
    );
    expect(byCursor.data).toEqual(second.data);
    expect(new Set([...first.data, ...second.data].map((batch) => batch.id)).size).toBe(3);
    const bad = await call(getBatches, "/fin-test/rest/events/batches?status=lost&limit=0", { token, method: "GET" });
    expect(bad.status).toBe(400);
    expect((await json<{ problems: { field: string }[] }>(bad)).problems.map((problem) => problem.field).sort()).toEqual(["limit", "status"]);
  });
});

describe("GET /events (polling)", () => {
  it("walks every pollable event exactly once, in seq order, with or without a receiver", async () => {
    const { token, id, cid } = await profileWithToken("fin-test");
    const jobs = await call(postJobs, "/fin-test/rest/jobs", { token, body: { datastream: { dataset: [invoice(), invoice()] } } });
    expect(jobs.status).toBe(200);
    await emit(id, cid, ["lcstatus", "contract", "payment", "telecomdisconnect", "creditnote", "duedateupdate", "creditloss", "disconnect", "lcstatus"]);
    const other = await profileWithToken("fin-test");
    await emit(other.id, other.cid, ["lcstatus"]);

    const seen: { type: string; message: Record<string, unknown> }[] = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const response = await call(poll, `/fin-test/rest/events?limit=3${after ? `&after=${after}` : ""}`, { token, method: "GET" });
      expect(response.status).toBe(200);
      const body = await json<{ data: Record<string, Record<string, unknown>[]>; next: string; more: boolean }>(response);
      for (const [type, messages] of Object.entries(body.data)) for (const message of messages) seen.push({ type, message });
      after = body.next;
      if (!body.more) break;
    }
    expect(seen.filter((event) => event.type === "delivery")).toHaveLength(2);
    // Each posted job's received and opening lcstatus, then the two lcstatus emitted here.
    expect(seen.map((event) => event.type).sort()).toEqual([
      "creditloss",
      "creditnote",
      "delivery",
      "delivery",
      "duedateupdate",
      "lcstatus",
      "lcstatus",
      "lcstatus",
      "lcstatus",
      "payment",
    ]);
    expect(seen.every((event) => event.message.cid === cid)).toBe(true);

    const end = await json<{ data: object; next: string; more: boolean }>(await call(poll, `/fin-test/rest/events?after=${after}`, { token, method: "GET" }));
    expect(end).toEqual({ data: {}, next_cursor: after, next: after, more: false });
  });

  it("pages with cursor and next_cursor as with the deprecated after and next, and names the parameter a bad cursor came in", async () => {
    const { token, id, cid } = await profileWithToken("fin-test");
    await emit(id, cid, ["lcstatus", "payment", "lcstatus"]);
    type Page = { data: Record<string, unknown[]>; next_cursor: string; next: string; more: boolean };
    const first = await json<Page>(await call(poll, "/fin-test/rest/events?limit=1", { token, method: "GET" }));
    expect(first.next_cursor).toBe(first.next);
    const byCursor = await json<Page>(await call(poll, `/fin-test/rest/events?limit=5&cursor=${first.next_cursor}`, { token, method: "GET" }));
    const byAfter = await json<Page>(await call(poll, `/fin-test/rest/events?limit=5&after=${first.next}`, { token, method: "GET" }));
    expect(byCursor).toEqual(byAfter);
    expect(Object.values(byCursor.data).flat()).toHaveLength(2);
    expect((await call(poll, `/fin-test/rest/events?cursor=${first.next_cursor}&after=${first.next_cursor}`, { token, method: "GET" })).status).toBe(200);
    const both = await call(poll, `/fin-test/rest/events?cursor=${byCursor.next_cursor}&after=${first.next}`, { token, method: "GET" });
    expect(both.status).toBe(400);
    const bad = await call(poll, "/fin-test/rest/events?cursor=not-a-cursor", { token, method: "GET" });
    expect((await json<{ problems: { field: string }[] }>(bad)).problems[0]!.field).toBe("cursor");
    const unknown = await call(poll, "/fin-test/rest/events?page=2", { token, method: "GET" });
    expect((await json<{ problems: { field: string; message: string }[] }>(unknown)).problems[0]).toMatchObject({
      field: "page",
      message: "is not a parameter here; use cursor, after, limit, types",
    });
  });

  it("filters by type and refuses types polling does not offer and foreign cursors", async () => {
    const { token, id, cid } = await profileWithToken("fin-test");
    await emit(id, cid, ["lcstatus", "payment", "lcstatus"]);
    const only = await json<{ data: Record<string, unknown[]> }>(await call(poll, "/fin-test/rest/events?types=payment", { token, method: "GET" }));
    expect(Object.keys(only.data)).toEqual(["payment"]);
    const refused = await call(poll, "/fin-test/rest/events?types=lcstatus,contract", { token, method: "GET" });
    expect(refused.status).toBe(400);
    expect((await json<{ problems: { field: string }[] }>(refused)).problems[0]!.field).toBe("types");
    expect((await call(poll, "/fin-test/rest/events?after=not-a-cursor", { token, method: "GET" })).status).toBe(400);
    expect((await call(poll, "/fin-test/rest/events?limit=501", { token, method: "GET" })).status).toBe(400);
    expect((await call(poll, "/fin-test/rest/events", { method: "GET" })).status).toBe(401);
  });
});
