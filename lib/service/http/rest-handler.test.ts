import { describe, expect, it } from "vitest";

import { restHandler } from "./rest-handler";

describe("the REST handler's frame", () => {
  it("gives a redirect, whose headers cannot change, its request id and the caching rule instead of failing it", async () => {
    const handle = restHandler(async () => Response.redirect("https://example.test/next", 303));
    const response = await handle(new Request("http://localhost/fin-test/rest/jobs"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://example.test/next");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
