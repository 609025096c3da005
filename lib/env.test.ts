import { describe, expect, it } from "vitest";

import { demoCollectorWarning, parseEnv } from "./env";
import { COLLECTOR, COLLECTOR_ENV } from "./testing/fixtures/finnish-collector";

/* The environment: defaults that make the embedded default run as it is, and errors that name the variable. */

describe("parseEnv", () => {
  it("refuses an SMTP_URL nodemailer would not read as a server, and keeps the forms it does", () => {
    expect(() => parseEnv({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL/);
    for (const url of ["smtp://user:pass@host:587", "smtps://u%40x:p%3Aw@host:465?pool=true", "direct:?name=host"]) {
      expect(parseEnv({ SMTP_URL: url }).SMTP_URL).toBe(url);
    }
  });

  it("reads MAIL_FROM as one mailbox, and refuses a value that names none or two", () => {
    expect(parseEnv({}).MAIL_FROM).toEqual({ name: "Nordic Receivables", address: "no-reply@localhost" });
    expect(parseEnv({ MAIL_FROM: "Laskutus Oy <laskut@laskutus.example.fi>" }).MAIL_FROM).toEqual({
      name: "Laskutus Oy",
      address: "laskut@laskutus.example.fi",
    });
    expect(parseEnv({ MAIL_FROM: "laskut@laskutus.example.fi" }).MAIL_FROM).toEqual({ name: "", address: "laskut@laskutus.example.fi" });
    for (const wrong of [
      "Laskutus Oy",
      "Laskutus <laskut>",
      "a@example.fi, b@example.fi",
      "a@example.fi b@example.fi",
      "Laskutus <>",
      "Laskutus: Oy <laskut@example.fi>",
      "Laskutus: laskut@example.fi;",
      "laskut@example.fi.",
    ]) {
      expect(() => parseEnv({ MAIL_FROM: wrong }), wrong).toThrow(/MAIL_FROM: must be one mailbox/);
    }
  });

  it("runs the embedded default on SQLite in DATA_DIR, with demo data", () => {
    const env = parseEnv({ DATA_DIR: "/srv/app-data" });
    expect(env).toMatchObject({ DATABASE_URL: "file:/srv/app-data/app.db", DATABASE_ENGINE: "sqlite", DEMO_DATA: true, DEFAULT_ENVIRONMENT: "fin-test" });
  });

  it("seeds no demo data, with its published passwords, at a public address unless asked to", () => {
    expect(parseEnv({ PUBLIC_BASE_URL: "http://127.0.0.1:3100" }).DEMO_DATA).toBe(true);
    expect(parseEnv({ PUBLIC_BASE_URL: "http://[::1]:3000" }).DEMO_DATA).toBe(true);
    expect(parseEnv({ PUBLIC_BASE_URL: "https://laskutus.example.fi" }).DEMO_DATA).toBe(false);
    expect(parseEnv({ PUBLIC_BASE_URL: "https://laskutus.example.fi", DEMO_DATA: "true" }).DEMO_DATA).toBe(true);
  });

  it("seeds no demo data on PostgreSQL unless asked to", () => {
    expect(parseEnv({ DATABASE_URL: "postgresql://db/app" }).DEMO_DATA).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgresql://db/app", DEMO_DATA: "true" }).DEMO_DATA).toBe(true);
  });

  it("requires a shared token secret and data key with PostgreSQL in production", () => {
    const production = { DATABASE_URL: "postgresql://db/app", NODE_ENV: "production", PUBLIC_BASE_URL: "https://laskutus.example.fi", ...COLLECTOR_ENV };
    expect(() => parseEnv(production)).toThrow(/SERVICE_JWT_SECRET: is required/);
    expect(() => parseEnv({ ...production, SERVICE_JWT_SECRET: "x".repeat(32) })).toThrow(/SERVICE_DATA_KEY: is required/);
    expect(() => parseEnv({ ...production, SERVICE_JWT_SECRET: "x".repeat(32), SERVICE_DATA_KEY: "y".repeat(32) })).not.toThrow();
  });

  // Each worker registers the portal's receivers at this address: one left at the default named its
  // own localhost, where nothing listens, and every event batch to the portal failed.
  it("requires the public address with PostgreSQL in production, of the app and of every worker", () => {
    const production = {
      DATABASE_URL: "postgresql://db/app",
      NODE_ENV: "production",
      SERVICE_JWT_SECRET: "x".repeat(32),
      SERVICE_DATA_KEY: "y".repeat(32),
      ...COLLECTOR_ENV,
    };
    expect(() => parseEnv(production)).toThrow(/PUBLIC_BASE_URL: is required when DATABASE_URL is PostgreSQL in production/);
    expect(parseEnv({ ...production, PUBLIC_BASE_URL: "https://laskutus.example.fi" }).PUBLIC_BASE_URL).toBe("https://laskutus.example.fi");
    // Outside production, and on SQLite, the local default stands.
    expect(parseEnv({ ...production, NODE_ENV: "development" }).PUBLIC_BASE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ ...production, DATABASE_URL: undefined }).PUBLIC_BASE_URL).toBe("http://localhost:3000");
  });

  // A Finnish payment demand names its collector (513/1999 5 §): the embedded local service prints a
  // DEMO one, every other deployment its own, and never the DEMO one to real debtors.
  it("takes the collector of Finnish cases from FI_COLLECTOR_*, the DEMO one only for the embedded local service", () => {
    expect(parseEnv({}).FI_COLLECTOR).toMatchObject({ name: "Nordic Receivables Demo Oy (DEMO)", businessId: "0000000-0" });
    expect(parseEnv(COLLECTOR_ENV).FI_COLLECTOR).toEqual(COLLECTOR);
    const secrets = { NODE_ENV: "production", SERVICE_JWT_SECRET: "x".repeat(32), SERVICE_DATA_KEY: "y".repeat(32) };
    const required = /FI_COLLECTOR_\*: are required in production unless the service runs on SQLite at a loopback address/;
    expect(() => parseEnv({ ...secrets, DATABASE_URL: "postgresql://db/app" })).toThrow(required);
    // `next start` runs in production on SQLite too: at a public address it serves real debtors.
    expect(() => parseEnv({ ...secrets, PUBLIC_BASE_URL: "https://laskutus.example.fi" })).toThrow(required);
    expect(parseEnv({ ...secrets, PUBLIC_BASE_URL: "https://laskutus.example.fi", ...COLLECTOR_ENV }).FI_COLLECTOR).toEqual(COLLECTOR);
    // The embedded local service, as DEMO_DATA tells it: SQLite at a loopback or absent address.
    expect(parseEnv({ NODE_ENV: "production" }).FI_COLLECTOR.name).toContain("DEMO");
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_BASE_URL: "http://127.0.0.1:3100" }).FI_COLLECTOR.name).toContain("DEMO");
  });

  // One reckoning of "embedded local" decides both DEMO_DATA's default and whether production may
  // print the DEMO collector: by default, a service that seeds demo data is one that may, and no other.
  it("ties DEMO_DATA's default to where the DEMO collector is allowed", () => {
    const secrets = { NODE_ENV: "production", SERVICE_JWT_SECRET: "x".repeat(32), SERVICE_DATA_KEY: "y".repeat(32) };
    const places = [
      {},
      { PUBLIC_BASE_URL: "http://127.0.0.1:3100" },
      { PUBLIC_BASE_URL: "http://[::1]:3100" },
      { PUBLIC_BASE_URL: "https://laskutus.example.fi" },
      { DATABASE_URL: "postgresql://db/app", PUBLIC_BASE_URL: "https://laskutus.example.fi" },
      { DATABASE_URL: "postgresql://db/app", PUBLIC_BASE_URL: "http://localhost:3000" },
    ];
    for (const place of places) {
      const withCollector = parseEnv({ ...secrets, ...place, ...COLLECTOR_ENV });
      const demoAllowed = (() => {
        try {
          return parseEnv({ ...secrets, ...place }).FI_COLLECTOR_IS_DEMO;
        } catch {
          return false;
        }
      })();
      expect({ place, demoData: withCollector.DEMO_DATA, embedded: withCollector.EMBEDDED_LOCAL }).toEqual({
        place,
        demoData: demoAllowed,
        embedded: demoAllowed,
      });
    }
  });

  it("warns at start when a production service prints the DEMO collector", () => {
    expect(demoCollectorWarning(parseEnv({ NODE_ENV: "production" }))).toMatch(/DEMO collector: set FI_COLLECTOR_\*/);
    expect(demoCollectorWarning(parseEnv({ NODE_ENV: "production", ...COLLECTOR_ENV }))).toBeNull();
    expect(demoCollectorWarning(parseEnv({}))).toBeNull();
  });

  it("takes all the collector's settings or none, naming those missing", () => {
    const { FI_COLLECTOR_PHONE: _phone, FI_COLLECTOR_REGISTER_ENTRY: _entry, ...partly } = COLLECTOR_ENV;
    expect(() => parseEnv(partly)).toThrow(
      /FI_COLLECTOR_\*: set all of the Finnish collector's settings or none; missing: FI_COLLECTOR_PHONE, FI_COLLECTOR_REGISTER_ENTRY$/m,
    );
    // An empty value is an unset one (parseEnv): one left empty is missing too.
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_REGISTER_ENTRY: "" })).toThrow(/missing: FI_COLLECTOR_REGISTER_ENTRY$/m);
  });

  it("names what a blank, overlong or malformed collector's setting is for, and trims them", () => {
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_NAME: "   " })).toThrow(
      /FI_COLLECTOR_NAME: must not be empty: the collector's name, which heads a Finnish payment demand/,
    );
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_EMAIL: " " })).toThrow(
      /FI_COLLECTOR_EMAIL: must not be empty: the e-mail address where debtors object/,
    );
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_EMAIL: "perinta" })).toThrow(/FI_COLLECTOR_EMAIL: must be an e-mail address/);
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_NAME: "x".repeat(61) })).toThrow(/FI_COLLECTOR_NAME: must be at most 60 characters/);
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_EMAIL: `${"x".repeat(50)}@perija.example` })).toThrow(
      /FI_COLLECTOR_EMAIL: must be at most 60 characters: the e-mail address where debtors object/,
    );
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_REGISTER_ENTRY: "x".repeat(41) })).toThrow(/FI_COLLECTOR_REGISTER_ENTRY: must be at most 40/);
    expect(() => parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_BUSINESS_ID: "2617416-5" })).toThrow(/FI_COLLECTOR_BUSINESS_ID: must be a Finnish business id/);
    expect(parseEnv({ ...COLLECTOR_ENV, FI_COLLECTOR_EMAIL: " perinta@perija.example " }).FI_COLLECTOR.email).toBe("perinta@perija.example");
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://db" })).toThrow(/DATABASE_URL: must start with file: or postgres/);
    expect(() => parseEnv({ DEFAULT_ENVIRONMENT: "dk-test" })).toThrow(/DEFAULT_ENVIRONMENT/);
    expect(() => parseEnv({ SERVICE_JWT_SECRET: "short" })).toThrow(/SERVICE_JWT_SECRET: must be at least 32 characters/);
  });

  it("reads an empty variable as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", DATA_DIR: "/d" }).DATABASE_URL).toBe("file:/d/app.db");
  });
});
