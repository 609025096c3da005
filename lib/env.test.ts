import { describe, expect, it } from "vitest";

import { parseEnv } from "./env";

/* The environment: defaults that make the embedded default run as it is, and errors that name the variable. */

const COLLECTOR = {
  FI_COLLECTOR_NAME: "Perintä Oy",
  FI_COLLECTOR_BUSINESS_ID: "2617416-4",
  FI_COLLECTOR_ADDRESS: "Perijänkatu 5, 00500 Helsinki",
  FI_COLLECTOR_PHONE: "+358 9 123 4567",
  FI_COLLECTOR_EMAIL: "perinta@perinta.example",
  FI_COLLECTOR_REGISTER_ENTRY: "ESAVI/1234/2024",
};

describe("parseEnv", () => {
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
    const production = { DATABASE_URL: "postgresql://db/app", NODE_ENV: "production", ...COLLECTOR };
    expect(() => parseEnv(production)).toThrow(/SERVICE_JWT_SECRET: is required/);
    expect(() => parseEnv({ ...production, SERVICE_JWT_SECRET: "x".repeat(32) })).toThrow(/SERVICE_DATA_KEY: is required/);
    expect(() => parseEnv({ ...production, SERVICE_JWT_SECRET: "x".repeat(32), SERVICE_DATA_KEY: "y".repeat(32) })).not.toThrow();
  });

  // A Finnish payment demand names its collector (513/1999 5 §): the embedded service prints a DEMO
  // one, a deployment its own, and never the DEMO one to real debtors.
  it("takes the collector of Finnish cases from FI_COLLECTOR_*, the DEMO one when unset, and requires it with PostgreSQL in production", () => {
    expect(parseEnv({}).FI_COLLECTOR).toMatchObject({ name: "Nordic Receivables Demo Oy (DEMO)", businessId: "0000000-0" });
    expect(parseEnv(COLLECTOR).FI_COLLECTOR).toEqual({
      name: "Perintä Oy",
      businessId: "2617416-4",
      address: "Perijänkatu 5, 00500 Helsinki",
      phone: "+358 9 123 4567",
      email: "perinta@perinta.example",
      registerEntry: "ESAVI/1234/2024",
    });
    const secrets = { DATABASE_URL: "postgresql://db/app", NODE_ENV: "production", SERVICE_JWT_SECRET: "x".repeat(32), SERVICE_DATA_KEY: "y".repeat(32) };
    expect(() => parseEnv(secrets)).toThrow(/FI_COLLECTOR_NAME: is required/);
    expect(() => parseEnv({ ...secrets, ...COLLECTOR, FI_COLLECTOR_REGISTER_ENTRY: "" })).toThrow(/FI_COLLECTOR_REGISTER_ENTRY: is required/);
    expect(() => parseEnv({ FI_COLLECTOR_BUSINESS_ID: "2617416-5" })).toThrow(/FI_COLLECTOR_BUSINESS_ID: must be a Finnish business id/);
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
