import { describe, expect, it } from "vitest";

import { yieldWhenLong } from "./in-slices";

/** Keeps the thread for `ms`, as a synchronous query or a step of CPU work does. */
function hold(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("yieldWhenLong", () => {
  it("gives the thread to a waiting callback once a chain of synchronous steps has run past its turn", async () => {
    let answeredAfter: number | null = null;
    const started = performance.now();
    setImmediate(() => (answeredAfter = performance.now() - started));
    // A hundred steps of 2 ms, each awaited as a better-sqlite3 query is: without a yield they
    // would all run before the callback.
    for (let step = 0; step < 100 && answeredAfter === null; step++) {
      hold(2);
      await yieldWhenLong();
    }
    expect(answeredAfter).not.toBeNull();
    expect(answeredAfter!).toBeLessThan(40);
  });

  it("keeps the thread while the turn is short", async () => {
    let answered = false;
    setImmediate(() => (answered = true));
    for (let step = 0; step < 5; step++) await yieldWhenLong();
    expect(answered).toBe(false);
  });
});
