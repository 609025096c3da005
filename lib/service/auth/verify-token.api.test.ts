import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import type { Prisma } from "../../db/generated/sqlite/client";
import { SQLITE_SCHEMA_PATH } from "../../db/schema-variants";

import { profileById } from "./verify-token";

/**
 * A value unlike the column's default for each scalar column of Profile, read from the schema, so a
 * column added later with a type the raw read maps differently fails here.
 */
function everyColumnSet(): Record<string, unknown> {
  const model = /^model Profile \{\n([\s\S]*?)\n\}/m.exec(readFileSync(SQLITE_SCHEMA_PATH, "utf8"))![1]!;
  const values: Record<string, unknown> = {};
  for (const [, name, type, rest] of model.matchAll(/^\s+(\w+)\s+(String|Int|BigInt|Boolean|DateTime|Json)\??(.*)$/gm)) {
    values[name!] = {
      String: `${name}-value-ä`,
      Int: 2_147_483_000,
      BigInt: 9_007_199_254_740_993n,
      Boolean: !rest!.includes("@default(true)"),
      DateTime: new Date("2026-03-04T05:06:07.089Z"),
      Json: { nested: [1, "two", { three: null }], text: 'ä"\\' },
    }[type!];
  }
  // The self-relation's reference must name a profile; none is needed to compare the reads.
  values.parentProfileId = null;
  delete values.updatedAt;
  return values;
}

describe("profileById", () => {
  it("reads a profile exactly as the model query does, every column set, on this engine", async () => {
    const db = getDb();
    const data = everyColumnSet();
    await db.profile.create({ data: data as Prisma.ProfileUncheckedCreateInput });
    const id = data.id as string;
    const viaModel = await db.profile.findUnique({ where: { id } });
    const viaRaw = await profileById(db, id);
    expect(viaRaw).toEqual(viaModel);
    expect(Object.keys(viaRaw!).sort()).toEqual(Object.keys(viaModel!).sort());
    // The types, not only the values: a BigInt stays a BigInt, a date a Date, JSON an object.
    for (const [key, value] of Object.entries(viaModel!)) expect(typeof (viaRaw as Record<string, unknown>)[key], key).toBe(typeof value);
    expect(viaRaw!.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(data).length).toBeGreaterThan(25);
  });

  it("finds nothing for an id no profile has, and takes the id as a value, not as SQL", async () => {
    expect(await profileById(getDb(), "no-such-profile")).toBeNull();
    expect(await profileById(getDb(), `x" OR 1=1 --`)).toBeNull();
  });
});
