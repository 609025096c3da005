/*
 * Prisma's error codes, read without importing either engine's generated client (the two clients
 * throw different PrismaClientKnownRequestError classes): a thrown object's `code`. P2002 is a
 * unique-constraint violation, which the callers read as "another writer created it first"
 * (https://www.prisma.io/docs/orm/reference/error-reference#p2002).
 *
 * Raw statements ($executeRawUnsafe, insertRows) fail differently: with driver adapters Prisma
 * 6.19 wraps any database error of theirs as P2010 "Raw query failed", and the adapter's own error
 * rides along in meta.driverAdapterError, whose cause says what kind of failure it was. Both our
 * adapters (pg and better-sqlite3) name a unique or primary-key violation "UniqueConstraintViolation"
 * there (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY); unique-violation.api.test.ts
 * pins that shape on both engines.
 *
 * Statements that insertRows and its kin run straight on a transaction's own connection bypass
 * Prisma altogether, and throw the driver's error: pg's DatabaseError carries the SQLSTATE, 23505
 * unique_violation (https://www.postgresql.org/docs/current/errcodes-appendix.html), and
 * better-sqlite3's SqliteError the extended result code
 * (https://www.sqlite.org/rescode.html#constraint_unique, #constraint_primarykey).
 */

/** Codes the drivers themselves give a unique or primary-key violation. */
const DRIVER_UNIQUE_CODES: ReadonlySet<unknown> = new Set(["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);

/** The Prisma error code of a thrown value (P2002, P2034, …), or undefined when it has none. */
export function prismaCodeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** The kind the driver adapter gave a raw statement's failure (P2010), or undefined. */
function driverAdapterErrorKind(error: unknown): unknown {
  if (prismaCodeOf(error) !== "P2010") return undefined;
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta;
  return meta?.driverAdapterError?.cause?.kind;
}

/** Whether a Prisma call, a raw statement or a driver's own statement failed on a unique constraint: the row exists already. */
export function isUniqueViolation(error: unknown): boolean {
  const code = prismaCodeOf(error);
  return code === "P2002" || DRIVER_UNIQUE_CODES.has(code) || driverAdapterErrorKind(error) === "UniqueConstraintViolation";
}
