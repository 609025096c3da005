import { describe, expect, it } from "vitest";

import { problemResponse } from "./problem-response";

describe("problemResponse", () => {
  it("answers the body as application/problem+json with the body's status", async () => {
    const body = { type: "about:blank", title: "Not found", status: 404, detail: "No such case." };
    const response = problemResponse(body);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual(body);
  });

  it("adds the caller's headers beside the media type", () => {
    const response = problemResponse({ type: "/rest/problems/unavailable", title: "Temporarily unavailable", status: 503 }, { "Retry-After": "2" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});
