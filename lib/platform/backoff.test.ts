import { describe, expect, it } from "vitest";

import { Backoff } from "./backoff";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 28) + ms);

describe("Backoff", () => {
  it("waits each failure's delay, longer in a row, and forgets them on a success", () => {
    const backoff = new Backoff({ kind: "table", delaysMs: [10_000, 20_000] });
    backoff.failed("a", at(0));
    expect(backoff.waitMs("a", at(4_000))).toBe(6_000);
    expect(backoff.due("a", at(10_000))).toBe(true);
    backoff.failed("a", at(10_000));
    expect(backoff.waitMs("a", at(10_000))).toBe(20_000);
    expect(backoff.waitMs("b", at(10_000))).toBe(0);
    backoff.succeeded("a");
    expect(backoff.due("a", at(10_001))).toBe(true);
  });

  it("never asks for more than the delay it gave when the clock is set back", () => {
    const backoff = new Backoff({ kind: "table", delaysMs: [10_000] });
    backoff.failed("a", at(0));
    // An hour back: without the bound the wait would be an hour and ten seconds.
    expect(backoff.waitMs("a", at(-3_600_000))).toBe(10_000);
  });
});
