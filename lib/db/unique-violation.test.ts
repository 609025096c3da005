import { describe, expect, it } from "vitest";

import { isUniqueViolation, prismaCodeOf } from "./unique-violation";

describe("isUniqueViolation", () => {
  it("is true for Prisma's P2002 only", () => {
    expect(isUniqueViolation(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("Transaction conflict"), { code: "P2034" }))).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
    expect(isUniqueViolation("P2002")).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it("reads the code of anything thrown that has one", () => {
    expect(prismaCodeOf({ code: "P2034" })).toBe("P2034");
    expect(prismaCodeOf(undefined)).toBeUndefined();
  });
});
