import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closeRenderPool, warmRenderPool } from "@/lib/service/render/render-pool";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

beforeAll(async () => {
  await warmRenderPool();
}, 120_000);

afterAll(async () => {
  await closeRenderPool();
});

describe("POST /jobs/localprint", () => {
  // Found by the generated-bodies test: a billcode outside Latin-1 went into a header and failed with 500.
  it("answers the PDF for a billcode in any script, with Payment-Reference only for the reference the service creates", async () => {
    const { token } = await profileWithToken("fin-test");
    const message = await call(POST, "/fin-test/rest/jobs/localprint", { token, body: envelope(invoice({ billcode: "\u{E8638}" })) });
    expect(message.status).toBe(201);
    expect(message.headers.get("content-type")).toBe("application/pdf");
    expect(message.headers.get("payment-reference")).toBeNull();

    const reference = await call(POST, "/fin-test/rest/jobs/localprint", { token, body: envelope(invoice()) });
    expect(reference.status).toBe(201);
    expect(reference.headers.get("payment-reference")).toMatch(/^\d+$/);
  }, 60_000);
});
