import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { unseal } from "../../platform/secrets";
import { verifyPassword } from "../auth/passwords";
import { clientFor, listConnections } from "../connections/connections";

import { DEMO_USERS, followAppAddress, seedPortal } from "./seed-portal";

/* The portal's first start with demo data: users of every role, connections to the test environments. */

const saved = { DEMO_DATA: process.env.DEMO_DATA, PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL, PORT: process.env.PORT };

beforeAll(() => {
  process.env.DEMO_DATA = "true";
  process.env.PUBLIC_BASE_URL = "http://127.0.0.1:3999";
  resetEnvForTests();
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
});

describe("seedPortal", () => {
  it("creates the demo organization once, with hashed passwords and encrypted apicodes", async () => {
    const db = getDb();
    expect(await seedPortal(db)).toEqual({ seeded: "demo" });
    expect(await seedPortal(db)).toEqual({ seeded: null });

    const users = await db.portalUser.findMany({ orderBy: { email: "asc" } });
    expect(users.map((user) => [user.email, user.role])).toEqual([
      ["admin@demo.example", "admin"],
      ["clerk@demo.example", "clerk"],
      ["viewer@demo.example", "viewer"],
    ]);
    for (const user of users) {
      const demo = DEMO_USERS.find((candidate) => candidate.email === user.email)!;
      expect(user.passwordHash).not.toContain(demo.password);
      expect(await verifyPassword(user.passwordHash, demo.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, "wrong")).toBe(false);
    }

    const organizationId = users[0]!.organizationId;
    const connections = await listConnections(db, organizationId);
    expect(connections.map((connection) => [connection.environment.id, connection.cid, connection.baseUrl])).toEqual([
      ["fin-test", "demo-fin", "http://127.0.0.1:3999/fin-test/rest"],
      ["nor-test", "demo-nor", "http://127.0.0.1:3999/nor-test/rest"],
      ["swe-test", "demo-swe", "http://127.0.0.1:3999/swe-test/rest"],
    ]);
    const stored = await db.portalConnection.findMany();
    for (const row of stored) {
      expect(row.apicodeEncrypted).not.toContain("apicode");
      expect(unseal(row.apicodeEncrypted)).toBe(`${row.cid}-apicode`);
    }
    // Nothing secret rides on the object a page may hand to the browser.
    expect(JSON.stringify(connections)).not.toContain("apicode");
    expect(clientFor(connections[0]!)).toBe(clientFor(connections[0]!));
  });

  it("shows another organization none of these connections", async () => {
    expect(await listConnections(getDb(), "some-other-organization")).toEqual([]);
  });

  it("points the demo connections at the app's new address when it starts on another port, and registers them again", async () => {
    const db = getDb();
    const demo = await db.portalOrganization.findFirstOrThrow({ where: { name: "Demo Oy" } });
    await db.portalConnection.updateMany({ where: { organizationId: demo.id }, data: { receiverRegisteredAt: new Date(), receiverError: "old error" } });
    // One the admin pointed elsewhere stays where it is.
    const custom = await db.portalConnection.findFirstOrThrow({ where: { organizationId: demo.id, cid: "demo-nor" } });
    await db.portalConnection.update({ where: { id: custom.id }, data: { baseUrl: "https://service.example.com/nor-test/rest" } });

    // Started again with PORT only: the public address follows it.
    delete process.env.PUBLIC_BASE_URL;
    process.env.PORT = "4123";
    resetEnvForTests();
    expect(await followAppAddress(db)).toBe(2);
    const rows = await db.portalConnection.findMany({ where: { organizationId: demo.id }, orderBy: { environment: "asc" } });
    expect(rows.map((row) => [row.cid, row.baseUrl, row.receiverRegisteredAt, row.receiverError])).toEqual([
      ["demo-fin", "http://localhost:4123/fin-test/rest", null, null],
      ["demo-nor", "https://service.example.com/nor-test/rest", expect.any(Date), "old error"],
      ["demo-swe", "http://localhost:4123/swe-test/rest", null, null],
    ]);
    // Nothing more to move on the next start at the same address.
    expect(await followAppAddress(db)).toBe(0);
  });
});
