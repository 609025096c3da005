import { describe, expect, it } from "vitest";

import { signInProblems } from "./sign-in-schema";

describe("signInProblems", () => {
  it("names each field that is wrong by itself", () => {
    expect(signInProblems({ email: " ", password: "" })).toEqual({ email: "required", password: "required" });
    expect(signInProblems({ email: "clerk@", password: "secret" })).toEqual({ email: "invalid" });
    expect(signInProblems({ email: `${"a".repeat(320)}@example.com`, password: "secret" })).toEqual({ email: "invalid" });
    expect(signInProblems({ email: "clerk@example.com", password: "" })).toEqual({ password: "required" });
  });

  it("leaves a well-formed pair, and a password too long to be anyone's, to the server", () => {
    expect(signInProblems({ email: " Clerk@Example.com ", password: "not-the-password" })).toEqual({});
    expect(signInProblems({ email: "clerk@example.com", password: "x".repeat(1001) })).toEqual({});
  });
});
