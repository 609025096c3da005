import { randomFillSync } from "node:crypto";

import { v7 } from "uuid";

/*
 * Row ids that sort by creation time (UUID version 7, RFC 9562, made by the uuid package): the sweep
 * writes hundreds of thousands of CaseMove and CaseEntry rows, and random ids would scatter each
 * insert across the whole primary-key index, where time-ordered ones append at its end.
 *
 * The time is given by the caller (a move's `at`), not read from the wall clock. The ids of one
 * process only ever increase: a time earlier than the last one given (a test profile's clock runs
 * ahead of the others') takes the last one, and within one millisecond a counter that starts at a
 * random value orders the ids as they were made, as uuid does for the wall clock. So an id's time is
 * an ordering, not the row's timestamp: read `at` or `createdAt` for that. Random bytes come from a pool filled 256 ids at a time: one call to the system's
 * generator per id cost the sweep more than the rest of making the id.
 */

const POOL_IDS = 256;
const pool = new Uint8Array(16 * POOL_IDS);
let poolAt = POOL_IDS;

function randomBytes(): Uint8Array {
  if (poolAt === POOL_IDS) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 1;
  return pool.subarray(16 * (poolAt - 1), 16 * poolAt);
}

let lastMs = -Infinity;
let sequence = 0;

export function orderedId(now: number): string {
  const random = randomBytes();
  if (now > lastMs) {
    lastMs = now;
    // 31 random bits, so a millisecond's counter never wraps.
    sequence = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    sequence += 1;
  }
  return v7({ msecs: lastMs, seq: sequence, random });
}
