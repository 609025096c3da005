import { describe, expect, it } from "vitest";

import { IDEMPOTENCY_KEY_PATTERN, idempotencyKeySchema } from "./idempotency-key";
import { createOpenApiDocument } from "./openapi";

describe("Idempotency-Key", () => {
  it("is 1 to 255 visible ASCII characters", () => {
    for (const key of ["a", "order-2026-11-27/0001", "~!x", "k".repeat(255)]) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    for (const key of ["", "k".repeat(256), "two words", "tab\there", "päivä", "line\n"]) expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
  });

  it("is documented by the same pattern the service and the client check", () => {
    const document = createOpenApiDocument() as unknown as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean; description?: string; schema?: { pattern?: string } }[] }>
      >;
    };
    const header = document.paths["/jobs"]!.post!.parameters!.find((parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key")!;
    expect(header.schema?.pattern).toBe(IDEMPOTENCY_KEY_PATTERN.source);
    expect(header.required).not.toBe(true);
    expect(header.description).toContain("retry");
  });
});
