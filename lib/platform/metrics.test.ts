import { describe, expect, it } from "vitest";

import { routeShape } from "./metrics";

describe("routeShape", () => {
  it("labels a REST path by its shape: no environment, ids or dates", () => {
    expect(routeShape("/fin-test/rest/jobs/100042/pdf")).toBe("/rest/jobs/{id}/pdf");
    expect(routeShape("/rest/jobs/100042/pdf")).toBe("/rest/jobs/{id}/pdf");
    expect(routeShape("/nor-prod/rest/distribution/print-batches/2026-11-23")).toBe("/rest/distribution/print-batches/{date}");
    expect(routeShape("/swe-test/rest/events/batches/0b6c0c3e-6f9e-4c71-9d7b-2f2f1c1c1c1c/redeliver")).toBe("/rest/events/batches/{id}/redeliver");
  });

  it("keeps the number of labels bounded when clients probe made-up paths", () => {
    const shapes = new Set(Array.from({ length: 500 }, (_, index) => routeShape(`/rest/probe-${String.fromCharCode(97 + (index % 26))}${"x".repeat(index)}`)));
    expect(shapes.size).toBeLessThanOrEqual(201);
    expect(shapes.has("other")).toBe(true);
  });
});
