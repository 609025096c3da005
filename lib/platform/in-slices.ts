import { setImmediate as nextTurn } from "node:timers/promises";

/*
 * Work over many items on the thread that answers requests, a slice at a time, with a turn of the
 * event loop between slices: a thousand jobs mapped or written in one go held that thread for 40
 * to 60 ms, and every request that came meanwhile waited. A slice is a few milliseconds.
 */

const SLICE = 100;

/** Maps the items in order, yielding the thread after every `slice` of them. */
export async function mapInSlices<T, R>(items: readonly T[], map: (item: T, index: number) => R, slice = SLICE): Promise<R[]> {
  const out: R[] = [];
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && index % slice === 0) await nextTurn();
    out.push(map(items[index]!, index));
  }
  return out;
}

/** Runs `each` over the items in order, yielding the thread after every `slice` of them. */
export async function forEachInSlices<T>(items: readonly T[], each: (item: T, index: number) => void, slice = SLICE): Promise<void> {
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && index % slice === 0) await nextTurn();
    each(items[index]!, index);
  }
}

/*
 * How long the current turn of the event loop has run, measured from the first call in the turn:
 * the first call marks the turn and schedules the mark's removal with setImmediate, whose callback
 * runs once the turn's callbacks and microtasks are done.
 */
let turnStartedAt: number | null = null;

function turnMs(): number {
  const now = performance.now();
  if (turnStartedAt === null) {
    turnStartedAt = now;
    setImmediate(() => {
      turnStartedAt = null;
    });
  }
  return now - turnStartedAt;
}

/** How long a turn runs before yieldWhenLong gives the thread to others: half the event-loop delay the app is held to (20 ms at p99). */
const TURN_MS = 10;

/**
 * Gives the thread a turn of the event loop when the current turn has run longer than TURN_MS.
 * For background work that chains many synchronous steps through promises: better-sqlite3
 * answers at once, so a distribution batch's queries, awaited one after another, resolve as
 * microtasks with no turn between them in which a request (or another loop's run) could go.
 * Not for a request's own path: there every yield under load waits behind other requests' work,
 * which raised the requests' p99 under `npm run bench -- background` when the SQLite adapter
 * yielded before every query.
 */
export async function yieldWhenLong(): Promise<void> {
  if (turnMs() > TURN_MS) await nextTurn();
}
