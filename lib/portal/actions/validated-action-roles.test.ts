import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { ServiceRequestError } from "../../client";
import type { PortalUser } from "../auth/session";

/* The permission and error paths of validatedAction, with the session as the only stand-in. */

let current: PortalUser | null = null;
vi.mock("../auth/session", () => ({ getPortalUser: async () => current }));

const { ActionError, validatedAction } = await import("./validated-action");

const user = (role: PortalUser["role"]): PortalUser => ({ id: "u", organizationId: "o", email: "u@example.test", name: "U", role, locale: "eng" });

const ran: unknown[] = [];
const post = validatedAction(z.object({ amount: z.number().positive() }), "clerk", async (input) => {
  ran.push(input);
  return "posted";
});

beforeEach(() => {
  ran.length = 0;
  current = null;
});

describe("validatedAction", () => {
  it("runs nothing without a session, or for a role below the one needed", async () => {
    expect(await post({ amount: 1 })).toEqual({ ok: false, message: "Sign in again.", fieldErrors: {} });
    current = user("viewer");
    expect(await post({ amount: 1 })).toEqual({ ok: false, message: "Your role may not do this.", fieldErrors: {} });
    expect(ran).toEqual([]);
  });

  it("runs for the role needed and above, with the parsed input", async () => {
    for (const role of ["clerk", "admin"] as const) {
      current = user(role);
      expect(await post({ amount: 2 })).toEqual({ ok: true, data: "posted" });
    }
    expect(ran).toEqual([{ amount: 2 }, { amount: 2 }]);
  });

  it("answers bad input with field errors before the handler runs", async () => {
    current = user("clerk");
    expect(await post({ amount: -1 })).toMatchObject({ ok: false, fieldErrors: { amount: expect.any(String) } });
    expect(ran).toEqual([]);
  });

  it("maps the service's problems onto fields, and hides unexpected errors", async () => {
    current = user("clerk");
    const refused = validatedAction(z.object({}), "clerk", async () => {
      throw new ServiceRequestError({
        method: "POST",
        path: "/jobs",
        status: 422,
        problem: {
          type: "/rest/problems/invalid-job",
          title: "The job is not valid",
          status: 422,
          detail: "paydate is before billdate",
          problems: [{ field: "payrow[0].taxpr", code: "invalid", message: "must be a VAT rate of Finland" }],
        },
      });
    });
    expect(await refused({})).toEqual({ ok: false, message: "paydate is before billdate", fieldErrors: { "payrow.0.taxpr": "must be a VAT rate of Finland" } });

    const own = validatedAction(z.object({}), "clerk", async () => {
      throw new ActionError("That connection does not exist.", { connectionId: "Choose one of your connections." });
    });
    expect(await own({})).toEqual({ ok: false, message: "That connection does not exist.", fieldErrors: { connectionId: "Choose one of your connections." } });

    const broken = validatedAction(z.object({}), "clerk", async () => {
      throw new Error("SQLITE_BUSY: database is locked at /srv/data/app.db");
    });
    const answer = await broken({});
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).not.toContain("SQLITE");
  });
});
