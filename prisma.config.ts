import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: "prisma/schema.prisma",
  async adapter() {
    return new PrismaBetterSQLite3({ url: process.env.PRISMA_SQLITE_URL ?? "file:./data/prisma-cli.db" });
  },
});
