import { describe, expect, it } from "vitest";

import { getOpenApiDocument } from "../../spec/openapi";

import { serveOpenApi } from "./serve-openapi";

describe("serveOpenApi", () => {
  it("answers the document as JSON that a cache may keep, the same each time", async () => {
    const first = serveOpenApi();
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    expect(first.headers.get("content-encoding")).toBeNull();
    expect(await first.json()).toEqual(JSON.parse(JSON.stringify(getOpenApiDocument())));
    expect(await serveOpenApi().text()).toBe(JSON.stringify(getOpenApiDocument()));
  });
});
