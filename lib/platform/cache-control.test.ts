import { describe, expect, it } from "vitest";

import { uncached, withCacheRule, withHeaders } from "./cache-control";

describe("the caching rule", () => {
  it("fills in no-store where an answer has no Cache-Control", async () => {
    expect(withCacheRule(Response.json({ ok: true })).headers.get("cache-control")).toBe("no-store");
    const problem = await uncached(() => new Response(null, { status: 404 }))();
    expect(problem.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a Cache-Control the handler chose", async () => {
    const chosen = await uncached(async () => Response.json({}, { headers: { "Cache-Control": "public, max-age=300" } }))();
    expect(chosen.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("rebuilds an answer whose headers cannot change, keeping its status and headers", async () => {
    const redirect = withCacheRule(Response.redirect("https://example.test/next", 303));
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe("https://example.test/next");
    expect(redirect.headers.get("cache-control")).toBe("no-store");
  });

  it("sets further headers on an answer whose headers cannot change, rebuilt with its status and headers", () => {
    const redirect = withHeaders(Response.redirect("https://example.test/next", 303), { "X-Request-Id": "r-1" });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe("https://example.test/next");
    expect(redirect.headers.get("x-request-id")).toBe("r-1");
  });
});
