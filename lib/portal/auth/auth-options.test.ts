import { afterEach, describe, expect, it, vi } from "vitest";

import { resetEnvForTests } from "../../env";

import { sessionCookie } from "./auth-options";

describe("sessionCookie", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  it("follows PUBLIC_BASE_URL alone: a stray NEXTAUTH_URL does not make the cookie insecure or secure", () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://portal.example");
    vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000");
    resetEnvForTests();
    expect(sessionCookie()).toMatchObject({ name: "__Secure-next-auth.session-token", options: { secure: true } });

    vi.stubEnv("PUBLIC_BASE_URL", "http://localhost:3000");
    vi.stubEnv("NEXTAUTH_URL", "https://portal.example");
    resetEnvForTests();
    expect(sessionCookie()).toMatchObject({ name: "next-auth.session-token", options: { secure: false } });
  });
});
