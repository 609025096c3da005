import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";

import { metrics } from "./metrics";
import { labelOf, routesOf, timeRequests } from "./request-timing";

const routes = routesOf({
  staticRoutes: [{ page: "/" }, { page: "/cases" }, { page: "/healthz" }, { page: "/rest/openapi.json" }, { page: "/rest/jobs" }],
  dynamicRoutes: [
    { page: "/cases/[id]", regex: "^/cases/([^/]+?)(?:/)?$" },
    { page: "/d/[token]", regex: "^/d/([^/]+?)(?:/)?$" },
  ],
});

describe("labelOf", () => {
  it("labels a page by its route pattern, never by its path", () => {
    expect(labelOf("/cases/0f8c2a1e-4b1d-4e4a-9d1c-2b7f3a9e5c10?tab=events", routes)).toBe("/cases/[id]");
    expect(labelOf("/d/000031n1krd52hz49dbpa17h", routes)).toBe("/d/[token]");
    expect(labelOf("/cases/", routes)).toBe("/cases");
    expect(labelOf("/", routes)).toBe("/");
    expect(labelOf("/healthz", routes)).toBe("/healthz");
    expect(labelOf("/fin-test/rest/openapi.json", routes)).toBe("/rest/openapi.json");
    expect(labelOf("/made/up/path/1234", routes)).toBe("other");
  });

  it("leaves what its own handler times, and Next.js's files, untimed", () => {
    for (const path of ["/rest/jobs", "/fin-test/rest/jobs/12", "/api/portal/cases", "/api/webhooks/events", "/_next/static/chunks/app.js"])
      expect(labelOf(path, routes)).toBeNull();
  });
});

describe("timeRequests", () => {
  it("times each answered request once under its pattern, with its method and status", async () => {
    timeRequests(routes);
    const server = createServer((request, response) => {
      response.statusCode = request.url === "/healthz" ? 200 : 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const count = async (route: string, status: string) =>
      (await metrics().httpDuration.get()).values.find(
        (value) => value.metricName === "http_request_duration_seconds_count" && value.labels.route === route && value.labels.status === status,
      )?.value ?? 0;
    const before = { healthz: await count("/healthz", "200"), page: await count("/cases/[id]", "404"), rest: await count("/rest/jobs", "404") };
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await fetch(`${base}/healthz`);
      await fetch(`${base}/healthz`);
      await fetch(`${base}/cases/42`);
      await fetch(`${base}/rest/jobs`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await count("/healthz", "200")).toBe(before.healthz + 2);
    expect(await count("/cases/[id]", "404")).toBe(before.page + 1);
    expect(await count("/rest/jobs", "404")).toBe(before.rest);
  });
});
