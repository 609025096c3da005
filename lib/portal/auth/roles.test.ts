import { describe, expect, it } from "vitest";

import { mayAct, ROLES } from "./roles";

describe("mayAct", () => {
  it("lets each role do what the roles below it may, and nothing above", () => {
    expect(ROLES.flatMap((role) => ROLES.filter((needed) => mayAct(role, needed)).map((needed) => `${role}:${needed}`))).toEqual([
      "viewer:viewer",
      "clerk:viewer",
      "clerk:clerk",
      "admin:viewer",
      "admin:clerk",
      "admin:admin",
    ]);
  });
});
