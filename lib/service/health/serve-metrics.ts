import { createHash, timingSafeEqual } from "node:crypto";

import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { collectMetrics, metrics } from "../../platform/metrics";
import { COUNTRIES } from "../../spec/environments";
import { halfYearsBehind } from "../lifecycle/reference-rates";
import { renderQueueSize } from "../render/render-pool";
import { readBacklog, type QueueBacklog } from "../workers/read-backlog";

/*
 * GET /metrics in Prometheus' text format. The queue gauges are read from the database when
 * scraped, at most every few seconds however often scrapers ask. With METRICS_TOKEN set, only a
 * scraper that sends it as a bearer token gets an answer.
 */

const BACKLOG_CACHE_MS = 5_000;
let cachedBacklog: { at: number; queues: Promise<QueueBacklog[]> } | undefined;

function backlog(): Promise<QueueBacklog[]> {
  const now = Date.now();
  if (!cachedBacklog || now - cachedBacklog.at > BACKLOG_CACHE_MS) {
    const queues = readBacklog(getDb(), new Date(now));
    cachedBacklog = { at: now, queues };
    queues.catch(() => (cachedBacklog = undefined));
  }
  return cachedBacklog.queues;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

function authorised(request: Request): boolean {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}

export async function serveMetrics(request: Request): Promise<Response> {
  if (!authorised(request)) {
    return new Response("metrics need the bearer token METRICS_TOKEN\n", {
      status: 401,
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
  const { queueDepth, queueOldestAge, interestRatesBehind } = metrics();
  try {
    for (const queue of await backlog()) {
      queueDepth.set({ queue: queue.queue }, queue.depth);
      queueOldestAge.set({ queue: queue.queue }, queue.oldestAgeSeconds);
    }
  } catch {
    // The database is down: the other metrics still answer, and /readyz says what is wrong.
  }
  queueDepth.set({ queue: "render" }, renderQueueSize());
  // By the calendar, not a test profile's moved clock: it is the tables that run behind.
  const today = new Date().toISOString().slice(0, 10);
  for (const country of COUNTRIES) interestRatesBehind.set({ country }, halfYearsBehind(country, today));
  const { text, contentType } = await collectMetrics();
  return new Response(text, { headers: { "Content-Type": contentType } });
}
