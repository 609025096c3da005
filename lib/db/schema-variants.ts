/*
 * One Prisma schema, two engines. prisma/schema.prisma (SQLite) is edited by hand; the PostgreSQL
 * schema is derived from it by swapping the datasource and the generator's output, so the models
 * can never drift apart. A test checks the committed PostgreSQL schema against this derivation.
 */

export const SQLITE_SCHEMA_PATH = "prisma/schema.prisma";
export const POSTGRES_SCHEMA_PATH = "prisma/postgres/schema.prisma";
export const SQLITE_MIGRATIONS_PATH = "prisma/migrations";
export const POSTGRES_MIGRATIONS_PATH = "prisma/postgres/migrations";

const HEADER = "// Derived from prisma/schema.prisma by `npm run db:migration`. Do not edit by hand.\n";

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`schema.prisma no longer contains ${pattern}`);
  return text.replace(pattern, replacement);
}

export function postgresSchemaFrom(sqliteSchema: string): string {
  let schema = replaceOnce(sqliteSchema, /provider = "sqlite"/, 'provider = "postgresql"');
  schema = replaceOnce(schema, /url\s+= "file:[^"]*"/, 'url      = "postgresql://localhost/unused"');
  schema = replaceOnce(schema, /output\s+= "\.\.\/lib\/db\/generated\/sqlite"/, 'output     = "../../lib/db/generated/postgres"');
  return HEADER + schema;
}

/** The SQLite form of a derived PostgreSQL schema: the state the last migrations reached. */
export function sqliteSchemaFrom(postgresSchema: string): string {
  let schema = postgresSchema.startsWith(HEADER) ? postgresSchema.slice(HEADER.length) : postgresSchema;
  schema = replaceOnce(schema, /provider = "postgresql"/, 'provider = "sqlite"');
  schema = replaceOnce(schema, /url\s+= "postgresql:[^"]*"/, 'url      = "file:../data/app.db"');
  schema = replaceOnce(schema, /output\s+= "\.\.\/\.\.\/lib\/db\/generated\/postgres"/, 'output     = "../lib/db/generated/sqlite"');
  return schema;
}
