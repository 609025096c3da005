import { describe, expect, it, vi } from "vitest";

import type { Db } from "../db/client";
import { log } from "../log";

import { systemClock } from "./clock";
import { RunFailure, runLoops } from "./run-loops";

describe("runLoops", () => {
  it("runs each loop again after its interval and lets the current run finish on stop", async () => {
    const runs: string[] = [];
    let release!: () => void;
    const slowStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let finishedSlow = false;
    const running = runLoops({} as Db, systemClock, [
      { name: "fast", intervalMs: 5, run: async () => runs.push("fast") },
      {
        name: "slow",
        intervalMs: 5,
        run: async () => {
          release();
          await gate;
          finishedSlow = true;
        },
      },
    ]);
    await slowStarted;
    // The fast loop runs again and again while the slow one is busy. A condition, not a fixed
    // wait: under a full test run this worker's timers come late, and a fixed 30 ms saw it run twice.
    await vi.waitUntil(() => runs.length > 2, { timeout: 10_000, interval: 5 });
    let stopAnswered = false;
    const stopped = running.stop().then(() => {
      stopAnswered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // stop() waits for the run under way.
    expect(stopAnswered).toBe(false);
    expect(finishedSlow).toBe(false);
    openGate();
    await stopped;
    expect(finishedSlow).toBe(true);
    const count = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs.length).toBe(count);
  });

  it("tells a run that the loops are stopping, so a long run can end early", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let sawStop = false;
    const loops = runLoops({} as Db, systemClock, [
      {
        name: "long",
        intervalMs: 5,
        // Would run for a minute unless told to stop.
        run: async (_db, _clock, stopping) => {
          started();
          for (let waited = 0; !stopping?.aborted && waited < 60_000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
          sawStop = stopping?.aborted ?? false;
        },
      },
    ]);
    await running;
    const stopStarted = performance.now();
    await loops.stop();
    expect(sawStop).toBe(true);
    expect(performance.now() - stopStarted).toBeLessThan(5_000);
  });

  it("keeps a loop going after a failed run", async () => {
    let calls = 0;
    const running = runLoops({} as Db, systemClock, [
      {
        name: "flaky",
        intervalMs: 1,
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error("first run fails");
        },
      },
    ]);
    // Waits for the second run rather than a fixed time, which a busy machine may not give.
    for (let waited = 0; calls < 2 && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await running.stop();
    expect(calls).toBeGreaterThan(1);
  });

  it("logs a failed run once, with what the run said of its failure", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      let calls = 0;
      const running = runLoops({} as Db, systemClock, [
        {
          name: "batches",
          intervalMs: 60_000,
          run: async () => {
            calls += 1;
            throw new RunFailure("batch not claimed", { claimed: ["a", "b"] }, new Error("database gone"));
          },
        },
      ]);
      for (let waited = 0; calls < 1 && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      await running.stop();
      expect(errors.mock.calls).toHaveLength(1);
      expect(errors.mock.calls[0]).toEqual([
        "batches loop failed",
        expect.objectContaining({ failure: "batch not claimed", claimed: ["a", "b"], error: "Error", detail: "database gone" }),
      ]);
    } finally {
      errors.mockRestore();
    }
  });

  it("waits as long as a failed run asks before the next, and still stops at once", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      let calls = 0;
      const running = runLoops({} as Db, systemClock, [
        {
          name: "backing-off",
          intervalMs: 1,
          run: async () => {
            calls += 1;
            throw new RunFailure("outcomes not recorded", {}, new Error("disk full"), 60_000);
          },
        },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(1);
      const stopStarted = performance.now();
      await running.stop();
      expect(performance.now() - stopStarted).toBeLessThan(1_000);
      expect(calls).toBe(1);
    } finally {
      errors.mockRestore();
    }
  });

  it("runs again without the pause while a run says more work is waiting", async () => {
    let calls = 0;
    const running = runLoops({} as Db, systemClock, [
      { name: "backlog", intervalMs: 60_000, again: (left) => (left as number) > 0, run: async () => 3 - ++calls },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await running.stop();
    // The first two runs left work, the third found none: then it waits its minute.
    expect(calls).toBe(3);
  });
});
