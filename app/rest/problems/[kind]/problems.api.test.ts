import { describe, expect, it } from "vitest";
import type { z } from "zod";

import { problemOperations } from "@/lib/spec/operations/problems";
import { PROBLEM_KINDS, problemTypeUri, type ProblemKind } from "@/lib/spec/problem-details";
import { call } from "@/lib/testing/rest";

import { GET, POST } from "./route";

/* GET /problems/{kind}: every problem type an answer names, without a token, answered as declared. */

const get = (kind: string, environment = "") => call(GET, `${environment}/rest/problems/${kind}`, { method: "GET" });

/** The body, checked against the schema the declaration gives for the answer's status and media type. */
async function declaredBody(response: Response): Promise<unknown> {
  const declared = problemOperations.type.doc.responses as Record<string, { content: Record<string, { schema: z.ZodType }> }>;
  const schema = declared[String(response.status)]?.content[response.headers.get("content-type") ?? ""]?.schema;
  expect(schema, `${response.status} ${response.headers.get("content-type")}`).toBeDefined();
  const body: unknown = await response.json();
  expect(schema!.safeParse(body).error).toBeUndefined();
  return body;
}

describe("GET /problems/{kind}", () => {
  it("answers every problem type an answer can name with its status and title", async () => {
    for (const kind of Object.keys(PROBLEM_KINDS) as ProblemKind[]) {
      const uri = problemTypeUri(kind);
      const response = await get(uri.slice("/rest/problems/".length));
      expect(response.status).toBe(200);
      expect(await declaredBody(response)).toEqual({ type: uri, ...PROBLEM_KINDS[kind] });
    }
  });

  it("answers under each environment's base URL as well", async () => {
    const response = await get("invalid-job", "/swe-test");
    expect(response.status).toBe(200);
    expect(await declaredBody(response)).toEqual({ type: "/rest/problems/invalid-job", ...PROBLEM_KINDS.invalid_job });
  });

  it("answers an unknown type as problem details, 404", async () => {
    const response = await get("no-such-problem");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await declaredBody(response)).toMatchObject({ type: "/rest/problems/not-found", status: 404, detail: expect.stringContaining("no-such-problem") });
  });

  it("refuses other methods with 405 and names GET", async () => {
    const response = await call(POST, "/rest/problems/invalid-job", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    await declaredBody(response);
  });
});
