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
