import { describe, expect, it } from "vitest";

import { receiverProblem } from "../receiver/receiver-http";
import { readUploadRequest } from "../uploads/read-upload-request";

import { portalProblem } from "./problem-details";

const titleOf = async (response: Response) => ((await response.json()) as { title: string }).title;

describe("portalProblem", () => {
  it("titles an answer in the reader's language, as about:blank problem details", async () => {
    const response = portalProblem(403, "Your role may not do this.", "fin");
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({ type: "about:blank", title: "Ei sallittu", status: 403, detail: "Your role may not do this." });
  });

  it("gives the receiver and the portal's routes the same title for a status", async () => {
    for (const status of [400, 401, 404, 409, 413, 415, 422, 500] as const) {
      expect(await titleOf(receiverProblem(status, "x")), String(status)).toBe(await titleOf(portalProblem(status, "x")));
    }
  });

  it("titles every refusal of an upload, an unsupported media type too", async () => {
    const result = await readUploadRequest(
      new Request("http://portal.test/api/portal/uploads?connection=c1", {
        method: "POST",
        headers: { host: "portal.test", "content-type": "text/plain" },
        body: "x",
      }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(await titleOf(result.response)).toBe("Unsupported media type");
  });
});
