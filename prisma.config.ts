import { mkdirSync } from "node:fs";

import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: "prisma/schema.prisma",
  async adapter() {
    // The CLI's scratch database; on a fresh clone its folder does not exist yet, and SQLite
    // cannot create a file in a missing folder (Prisma reports that only as "External error").
    if (!process.env.PRISMA_SQLITE_URL) mkdirSync("data", { recursive: true });
    return new PrismaBetterSQLite3({ url: process.env.PRISMA_SQLITE_URL ?? "file:./data/prisma-cli.db" });
  },
});
