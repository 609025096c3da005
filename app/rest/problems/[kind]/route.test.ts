import { describe, expect, it } from "vitest";

import { PROBLEM_KINDS, problemTypeUri, type ProblemKind } from "@/lib/spec/problem-details";

import { GET } from "./route";

const get = (kind: string) => GET(new Request(`http://localhost/rest/problems/${kind}`), { params: Promise.resolve({ kind }) });

describe("GET /problems/{kind}", () => {
  it("answers every problem type an answer can name with its status and title", async () => {
    for (const kind of Object.keys(PROBLEM_KINDS) as ProblemKind[]) {
      const uri = problemTypeUri(kind);
      const response = await get(uri.slice("/rest/problems/".length));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ type: uri, ...PROBLEM_KINDS[kind] });
    }
  });

  it("answers an unknown type as problem details, 404", async () => {
    const response = await get("no-such-problem");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ type: "/rest/problems/not-found", status: 404, detail: expect.stringContaining("no-such-problem") });
  });
});
