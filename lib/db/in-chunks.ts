/**
 * Runs a query for many values in chunks: SQLite takes at most 999 parameters in one statement,
 * and Prisma refuses an IN list beyond that.
 */
export async function inChunks<Value, Row>(values: readonly Value[], query: (chunk: Value[]) => Promise<Row[]>, size = 500): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < values.length; start += size) rows.push(...(await query(values.slice(start, start + size))));
  return rows;
}
