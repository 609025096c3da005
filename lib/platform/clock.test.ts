import { describe, expect, it } from "vitest";

import { fixedClock, today } from "./clock";

describe("today", () => {
  it("gives the day in the time zone, the same one while the clock stays in it and the next as soon as it is reached", () => {
    const clock = fixedClock("2026-06-10T20:59:59.999Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-06-10");
    clock.set("2026-06-10T21:00:00.000Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-06-11");
    // The same instant is still the 10th in Stockholm and Oslo, an hour behind.
    expect(today(clock, "Europe/Stockholm")).toBe("2026-06-10");
    expect(today(clock, "Europe/Oslo")).toBe("2026-06-10");
    clock.set("2026-06-10T22:00:00.000Z");
    expect(today(clock, "Europe/Stockholm")).toBe("2026-06-11");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-06-11");
  });

  it("follows a clock set back", () => {
    const clock = fixedClock("2026-11-29T10:00:00Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-11-29");
    clock.set("2026-11-28T21:59:59.999Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-11-28");
    clock.set("2026-11-28T22:00:00Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-11-29");
  });

  it("counts a day of 25 and of 23 hours where the clocks change", () => {
    // 25 October 2026 in Helsinki runs from 21:00 UTC on the 24th (summer time) to 22:00 UTC on the 25th.
    const clock = fixedClock("2026-10-24T21:00:00Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-10-25");
    clock.set("2026-10-25T21:59:59.999Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-10-25");
    clock.set("2026-10-25T22:00:00Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-10-26");
    // 29 March 2026 runs from 22:00 UTC on the 28th to 21:00 UTC on the 29th (summer time from 04:00).
    clock.set("2026-03-28T22:00:00Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-03-29");
    clock.set("2026-03-29T20:59:59.999Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-03-29");
    clock.set("2026-03-29T21:00:00Z");
    expect(today(clock, "Europe/Helsinki")).toBe("2026-03-30");
  });
});
