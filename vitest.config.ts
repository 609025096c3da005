import path from "node:path";

import { defineConfig } from "vitest/config";

/*
 * Three projects: unit tests (pure code, no database) and the API tests twice, once on SQLite and
 * once on PostgreSQL. Each API test file gets a database of its own (lib/testing/*-database.ts).
 * `npm test` chooses the projects; `npx vitest --project unit` runs one.
 */

const shared = {
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
};

const apiTests = ["app/**/*.api.test.ts", "lib/**/*.api.test.ts"];

export default defineConfig({
  ...shared,
  test: {
    // Tests' event receivers listen on 127.0.0.1 (lib/testing/webhook-receiver.ts).
    env: { LOG_LEVEL: "silent", DEMO_DATA: "false", PRIVATE_NETWORK_ALLOWLIST: "127.0.0.1" },
    projects: [
      {
        ...shared,
        test: { name: "unit", include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts"], exclude: apiTests, environment: "node" },
      },
      {
        ...shared,
        test: {
          name: "api-sqlite",
          include: apiTests,
          setupFiles: ["lib/testing/sqlite-database.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...shared,
        test: {
          name: "api-postgres",
          include: apiTests,
          setupFiles: ["lib/testing/postgres-database.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
