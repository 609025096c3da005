import { describe, expect, it } from "vitest";

import { getOpenApiDocument } from "../../spec/openapi";

import { serveOpenApi } from "./serve-openapi";

const get = (headers: Record<string, string> = {}) => serveOpenApi(new Request("http://localhost/rest/openapi.json", { headers }));

describe("serveOpenApi", () => {
  it("answers the document as JSON that a cache may keep, the same each time", async () => {
    const first = get();
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    expect(first.headers.get("content-encoding")).toBeNull();
    expect(await first.json()).toEqual(JSON.parse(JSON.stringify(getOpenApiDocument())));
    expect(await get().text()).toBe(JSON.stringify(getOpenApiDocument()));
  });

  it("tags the document and answers 304 without a body to a client that has it", async () => {
    const etag = get().headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]{43}"$/);
    const strong = etag.slice(2);
    for (const ifNoneMatch of [etag, strong, `"other", ${etag}`, "*"]) {
      const answer = get({ "If-None-Match": ifNoneMatch });
      expect(answer.status, ifNoneMatch).toBe(304);
      expect(answer.headers.get("etag")).toBe(etag);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
      expect(await answer.text()).toBe("");
    }
    const changed = get({ "If-None-Match": '"an-older-document"' });
    expect(changed.status).toBe(200);
    expect((await changed.text()).length).toBeGreaterThan(100_000);
  });
});
