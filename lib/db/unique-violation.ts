/*
 * Prisma's error codes, read without importing either engine's generated client (the two clients
 * throw different PrismaClientKnownRequestError classes): a thrown object's `code`. P2002 is a
 * unique-constraint violation, which the callers read as "another writer created it first"
 * (https://www.prisma.io/docs/orm/reference/error-reference#p2002).
 */

/** The Prisma error code of a thrown value (P2002, P2034, …), or undefined when it has none. */
export function prismaCodeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** Whether a Prisma call failed on a unique constraint (P2002): the row exists already. */
export function isUniqueViolation(error: unknown): boolean {
  return prismaCodeOf(error) === "P2002";
}
