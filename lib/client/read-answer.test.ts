import { describe, expect, it } from "vitest";

import { dispositionFilename, errorOf, tokenErrorOf } from "./read-answer";
import { CLIENT_PROBLEM_TYPES } from "./service-request-error";

const site = { method: "POST", path: "/jobs" };

describe("dispositionFilename", () => {
  it("prefers the exact RFC 8187 name to the ASCII fallback", () => {
    expect(dispositionFilename(`attachment; filename="Lasku 1001.pdf"; filename*=UTF-8''Lasku%20%C3%A4%C3%B6%201001.pdf`)).toBe("Lasku äö 1001.pdf");
  });

  it("reads a quoted or a bare name, and nothing from a header without one", () => {
    expect(dispositionFilename(`inline; filename="a \\"quoted\\" name.pdf"`)).toBe('a "quoted" name.pdf');
    expect(dispositionFilename("inline; filename=plain.pdf")).toBe("plain.pdf");
    expect(dispositionFilename("inline")).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });

  it("falls back to the plain name when the extended one is malformed", () => {
    expect(dispositionFilename(`attachment; filename="ok.pdf"; filename*=UTF-8''bad%E0%A4.pdf`)).toBe("ok.pdf");
    expect(dispositionFilename(`attachment; filename*=ISO-8859-1''%E4.pdf`)).toBe("ä.pdf");
  });
});

describe("errorOf", () => {
  it("keeps the service's problem details with their problems", async () => {
    const problem = {
      type: "/rest/problems/invalid-job",
      title: "The job is not valid",
      status: 422,
      detail: "nothing stored",
      problems: [{ field: "payrow[0].taxpr", code: "invalid", message: "must be a VAT rate" }],
    };
    const error = await errorOf(Response.json(problem, { status: 422, headers: { "content-type": "application/problem+json" } }), site);
    expect(error.status).toBe(422);
    expect(error.problem).toEqual(problem);
    expect(error.message).toContain("nothing stored");
  });

  it("describes an answer without problem details, and reads Retry-After", async () => {
    const error = await errorOf(
      new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html", "retry-after": "7" } }),
      site,
    );
    expect(error.status).toBe(502);
    expect(error.problem).toMatchObject({ type: "about:blank", title: "Bad Gateway", status: 502 });
    expect(error.problem.detail).toMatch(/without problem details \(text\/html\)/);
    expect(error.retryAfterSeconds).toBe(7);
  });
});

describe("tokenErrorOf", () => {
  it("names the cid and the service's reason, never the apicode", async () => {
    const response = Response.json(
      { errorId: 3, errorText: "Too many failed attempts for this cid; wait before trying again." },
      { status: 400, headers: { "retry-after": "4" } },
    );
    const error = await tokenErrorOf(response, { method: "POST", path: "/token" }, "demo-fin");
    expect(error.errorId).toBe(3);
    expect(error.problem.type).toBe(CLIENT_PROBLEM_TYPES.tokenRefused);
    expect(error.problem.detail).toBe(
      "No token for cid demo-fin: Too many failed attempts for this cid; wait before trying again. (errorId 3). Try again in 4 s.",
    );
    expect(error.retryAfterSeconds).toBe(4);
  });
});
