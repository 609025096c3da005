import { isMainThread } from "node:worker_threads";

import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from "prom-client";

/*
 * The app's Prometheus metrics, served at /metrics (app/metrics/route.ts). One registry per
 * process (Next.js may load this module more than once, so it lives on globalThis). Labels are
 * bounded sets: loop names, task names, route shapes, never a tenant, id or address.
 *
 * The default metrics include the event loop's lag (nodejs_eventloop_lag_p99_seconds and
 * friends, from perf_hooks.monitorEventLoopDelay): the figure that tells whether anything heavy
 * runs on the thread that answers requests. They count the monitor's own interval
 * (EVENT_LOOP_RESOLUTION_MS): a loop that waits for nothing reads 0.010.
 *
 * A worker thread that counts (the app's background thread) keeps a registry of its own without
 * the default metrics, which describe the process and the request thread's event loop; /metrics
 * adds its values to the request thread's (addMetricsSource, collectMetrics).
 */

/**
 * How often the event-loop monitor's timer fires. perf_hooks records the whole time from one of its
 * turns to the next, not how late the turn came (prom-client issue 370), so a loop's delay is a lag
 * figure less this.
 */
export const EVENT_LOOP_RESOLUTION_MS = 10;

function createMetrics() {
  const registry = new Registry();
  if (isMainThread) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Every request the app answers, by route pattern, method and status: the REST service, the portal's API and the webhook receivers from arrival to the answer's headers; pages and the other routes (request-timing.ts) from arrival to the last byte.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    loopRuns: new Counter({
      name: "background_runs_total",
      help: "Runs of each background loop, by outcome (ok, failed).",
      labelNames: ["loop", "outcome"] as const,
      registers: [registry],
    }),
    loopDuration: new Histogram({
      name: "background_run_duration_seconds",
      help: "How long one run of a background loop took.",
      labelNames: ["loop"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    loopLastSuccess: new Gauge({
      name: "background_last_success_timestamp_seconds",
      help: "When each background loop last finished a run without failing (Unix time).",
      labelNames: ["loop"] as const,
      registers: [registry],
    }),
    renders: new Counter({
      name: "documents_rendered_total",
      help: "Render pool tasks finished, by task (deliverable, invoicePdf, letterForPrint, checkJsonJobs, checkZipJobs, inspectPdf, finvoice, peppol, …) and outcome.",
      labelNames: ["task", "outcome"] as const,
      registers: [registry],
    }),
    renderDuration: new Histogram({
      name: "render_duration_seconds",
      help: "A render pool task from its call to its answer, waiting for a thread included.",
      labelNames: ["task"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    dispatches: new Counter({
      name: "dispatches_total",
      help: "Documents handed to a channel, by sendtype and result (delivered, error, retry, cancelled).",
      labelNames: ["sendtype", "result"] as const,
      registers: [registry],
    }),
    dispatchOutcomesLost: new Counter({
      name: "dispatch_outcomes_lost_total",
      help: "Sends whose outcome was not recorded because their claim's lease had run out and another claim took the dispatch (which sends it and records its own): the debtor may have the document twice. By sendtype and the outcome lost (delivered, failed, cancelled).",
      labelNames: ["sendtype", "outcome"] as const,
      registers: [registry],
    }),
    eventsDispatched: new Counter({
      name: "events_dispatched_total",
      help: "Status event messages a receiver acknowledged.",
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "queue_depth",
      help: "Background work waiting, per queue (documents, dispatches, mail, event-batches, apikey-deliveries, portal-batches, render).",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    queueOldestAge: new Gauge({
      name: "queue_oldest_age_seconds",
      help: "How long the oldest waiting item of each queue has waited.",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    interestRatesBehind: new Gauge({
      name: "interest_rate_half_years_behind",
      help: "Half-years begun whose statutory late-payment interest rate the central bank table (lib/service/lifecycle/reference-rates.ts) cannot derive yet, by country; interest for them runs at the last derived rate.",
      labelNames: ["country"] as const,
      registers: [registry],
    }),
    jobs: new Counter({
      name: "jobs_total",
      help: "Attempts of a background job kind (mail, apikey, portalBatch; dispatch only when invalid), by what followed: done, retry (tried again later), failed (given up) or invalid (a row that does not fit its kind, failed without a try).",
      labelNames: ["kind", "outcome"] as const,
      registers: [registry],
    }),
    receiverFailures: new Counter({
      name: "event_receiver_failures_total",
      help: "Batch sends that a receiver refused or that did not reach it, by what followed (retry, parked).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

type MetricsSource = () => Promise<MetricObjectWithValues<MetricValue<string>>[]>;

const globalForMetrics = globalThis as unknown as { __metrics?: Metrics; __metricsSources?: Set<MetricsSource> };

/** Another thread's metrics, added to this one's at every scrape; returns the function that removes it. */
export function addMetricsSource(source: MetricsSource): () => void {
  globalForMetrics.__metricsSources ??= new Set();
  globalForMetrics.__metricsSources.add(source);
  return () => globalForMetrics.__metricsSources?.delete(source);
}

/** The text of /metrics: this thread's metrics, with every source's counts and timings summed in. */
export async function collectMetrics(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  const sources = [...(globalForMetrics.__metricsSources ?? [])];
  if (sources.length === 0) return { text: await registry.metrics(), contentType: registry.contentType };
  const others = await Promise.all(sources.map((source) => source().catch(() => [])));
  const aggregated = AggregatorRegistry.aggregate([await registry.getMetricsAsJSON(), ...others]);
  return { text: await aggregated.metrics(), contentType: registry.contentType };
}

export function metrics(): Metrics {
  globalForMetrics.__metrics ??= createMetrics();
  return globalForMetrics.__metrics;
}

const MAX_ROUTES = 200;
const seenRoutes = new Set<string>();

/**
 * The shape of a REST path, for a label: the environment prefix dropped, ids and dates replaced.
 * Paths past a bounded number of shapes (a client probing made-up paths) share one label.
 */
export function routeShape(pathname: string): string {
  const shape = pathname
    .replace(/^\/[a-z]{3}-[a-z]{4}(?=\/rest)/, "")
    .split("/")
    .map((segment) => (/^\d{4}-\d{2}-\d{2}$/.test(segment) ? "{date}" : /\d/.test(segment) ? "{id}" : segment))
    .join("/");
  if (seenRoutes.has(shape)) return shape;
  if (seenRoutes.size >= MAX_ROUTES) return "other";
  seenRoutes.add(shape);
  return shape;
}

/** Records one answered request under its route pattern (a bounded label, never a concrete id). */
export function observeRequest(route: string, method: string, status: number, startedMs: number): void {
  metrics().httpDuration.observe({ route, method, status: String(status) }, (performance.now() - startedMs) / 1000);
}

/** A route handler whose answers are timed under a fixed route pattern (a route without dynamic segments). */
export function timedRoute<A extends [Request, ...unknown[]]>(route: string, handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    const started = performance.now();
    const response = await handler(...args);
    observeRequest(route, args[0].method, response.status, started);
    return response;
  };
}

/**
 * The pattern of a path whose dynamic segments Next parsed: each segment that is a parameter's
 * value becomes [name], so neither ids nor names a tenant chose reach a label.
 */
export function routePattern(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) for (const one of [value ?? []].flat()) names.set(one, name);
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A segment that is not valid percent-encoding names no parameter.
      }
      const name = names.get(decoded);
      return name === undefined ? segment : `[${name}]`;
    })
    .join("/");
}
