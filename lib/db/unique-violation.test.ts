import { describe, expect, it } from "vitest";

import { isUniqueViolation, prismaCodeOf } from "./unique-violation";

/** What Prisma 6.19 throws for a raw statement that failed in a driver adapter (see the api test). */
function rawQueryFailure(kind: string): Error {
  const driverAdapterError = Object.assign(new Error(kind), { name: "DriverAdapterError", cause: { kind, originalCode: "23505" } });
  return Object.assign(new Error("Raw query failed. Code: `23505`."), { code: "P2010", meta: { driverAdapterError } });
}

describe("isUniqueViolation", () => {
  it("is true for Prisma's P2002", () => {
    expect(isUniqueViolation(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("Transaction conflict"), { code: "P2034" }))).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
    expect(isUniqueViolation("P2002")).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it("is true for a raw statement's unique violation, and for no other raw failure", () => {
    expect(isUniqueViolation(rawQueryFailure("UniqueConstraintViolation"))).toBe(true);
    expect(isUniqueViolation(rawQueryFailure("NullConstraintViolation"))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("Raw query failed"), { code: "P2010" }))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("Raw query failed"), { code: "P2010", meta: { driverAdapterError: null } }))).toBe(false);
    // The kind counts only on a raw query failure, not on any error that happens to carry it.
    expect(isUniqueViolation({ code: "P2034", meta: { driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } } } })).toBe(false);
  });

  it("is true for the drivers' own unique violations (statements run on a transaction's connection)", () => {
    expect(isUniqueViolation(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("UNIQUE constraint failed: T.a"), { code: "SQLITE_CONSTRAINT_UNIQUE" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("UNIQUE constraint failed: T.id"), { code: "SQLITE_CONSTRAINT_PRIMARYKEY" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("NOT NULL constraint failed: T.a"), { code: "SQLITE_CONSTRAINT_NOTNULL" }))).toBe(false);
  });

  it("reads the code of anything thrown that has one", () => {
    expect(prismaCodeOf({ code: "P2034" })).toBe("P2034");
    expect(prismaCodeOf(undefined)).toBeUndefined();
  });
});
