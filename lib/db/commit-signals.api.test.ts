import path from "node:path";
import { Worker } from "node:worker_threads";

import { afterAll, describe, expect, it, vi } from "vitest";

import { getEnv } from "../env";
import { log } from "../log";
import { systemClock } from "../platform/clock";
import { RunFailure, runLoops } from "../platform/run-loops";

import { getDb } from "./client";
import { closeCommitSignals, onCommitSignal, signalAfterCommit } from "./commit-signals";

/* A signal raised in a transaction arrives when it commits, never before, and never after a rollback. */

afterAll(async () => {
  await closeCommitSignals();
});

/** Resolves with true when the channel is signalled within `ms`, false otherwise. */
function signalWithin(ms: number): { arrived: Promise<boolean>; stop: () => void } {
  let stop = () => {};
  const arrived = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    stop = onCommitSignal(
      "events",
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      getEnv().DATABASE_URL,
    );
  });
  return { arrived, stop: () => stop() };
}

// The PostgreSQL listener connects on first use: let it before the signals that are counted.
async function listening() {
  const warm = signalWithin(2_000);
  await getDb().$transaction(async (tx) => signalAfterCommit(tx, "events"));
  await warm.arrived;
  warm.stop();
}

describe("commit signals", () => {
  it("arrive after the transaction commits, not while it is open", async () => {
    await listening();
    const signal = signalWithin(2_000);
    let arrivedEarly = false;
    void signal.arrived.then((value) => (arrivedEarly = value));
    await getDb().$transaction(async (tx) => {
      await signalAfterCommit(tx, "events");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(arrivedEarly).toBe(false);
    });
    expect(await signal.arrived).toBe(true);
    signal.stop();
  });

  it("never arrive from a transaction that rolled back", async () => {
    await listening();
    const signal = signalWithin(500);
    await expect(
      getDb().$transaction(async (tx) => {
        await signalAfterCommit(tx, "events");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await signal.arrived).toBe(false);
    signal.stop();
  });

  it("wake a loop that waits for them long before its poll", async () => {
    await listening();
    const runs: number[] = [];
    const running = runLoops(getDb(), systemClock, [{ name: "woken", intervalMs: 60_000, wakeOn: "events", run: async () => runs.push(Date.now()) }], {
      databaseUrl: getEnv().DATABASE_URL,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toHaveLength(1);
    const committed = Date.now();
    await getDb().$transaction(async (tx) => signalAfterCommit(tx, "events"));
    for (let waited = 0; runs.length < 2 && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await running.stop();
    expect(runs).toHaveLength(2);
    expect(runs[1]! - committed).toBeLessThan(1_000);
  });

  it("do not wake a loop that pauses after a failed run that asked it to", async () => {
    await listening();
    const runs: number[] = [];
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const running = runLoops(
      getDb(),
      systemClock,
      [
        {
          name: "backing-off",
          intervalMs: 1,
          wakeOn: "events",
          run: async () => {
            runs.push(Date.now());
            throw new RunFailure("outcomes not recorded", {}, new Error("disk full"), 60_000);
          },
        },
      ],
      { databaseUrl: getEnv().DATABASE_URL },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs).toHaveLength(1);
      const signal = signalWithin(2_000);
      await getDb().$transaction(async (tx) => signalAfterCommit(tx, "events"));
      expect(await signal.arrived).toBe(true);
      signal.stop();
      // The loop heard it too, and did not run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(runs).toHaveLength(1);
    } finally {
      await running.stop();
      errors.mockRestore();
    }
  });

  it.runIf(getEnv().DATABASE_ENGINE === "postgres")(
    "come again after the listening connection is cut",
    async () => {
      await listening();
      // Subscribed before the cut: nothing after it asks for a new connection but the module itself.
      let arrived = false;
      const stop = onCommitSignal("events", () => (arrived = true), getEnv().DATABASE_URL);
      const cut = await getDb().$queryRawUnsafe<{ cut: boolean }[]>(
        `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect(cut.some((row) => row.cut)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 250));
      arrived = false;
      // Signals sent while the process listens again are lost (the loops poll meanwhile); keep sending.
      for (let waited = 0; !arrived && waited < 15_000; waited += 250) {
        await getDb().$transaction(async (tx) => signalAfterCommit(tx, "events"));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      stop();
      expect(arrived).toBe(true);
    },
    30_000,
  );

  it("reach the process's other threads: intake's commit wakes the background thread", async () => {
    await listening();
    const thread = new Worker(path.resolve(import.meta.dirname, "../testing/threads/listen-for-commit-signal.mjs"), {
      workerData: { channel: "documents", databaseUrl: getEnv().DATABASE_URL },
    });
    const messages: string[] = [];
    const next = (wanted: string, ms: number) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        const check = (message: string) => {
          messages.push(message);
          if (message !== wanted) return;
          clearTimeout(timer);
          thread.off("message", check);
          resolve(true);
        };
        thread.on("message", check);
      });
    try {
      expect(await next("listening", 20_000)).toBe(true);
      // On PostgreSQL the thread's own listening connection needs a moment; send until it hears one.
      let heard = false;
      for (let attempt = 0; !heard && attempt < 20; attempt++) {
        const signalled = next("signalled", 500);
        await getDb().$transaction(async (tx) => signalAfterCommit(tx, "documents"));
        heard = await signalled;
      }
      expect(heard).toBe(true);
      // A rolled-back transaction sends nothing to the other thread either.
      const after = next("signalled", 500);
      await expect(
        getDb().$transaction(async (tx) => {
          await signalAfterCommit(tx, "documents");
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await after).toBe(false);
    } finally {
      thread.postMessage("stop");
      await thread.terminate();
    }
  }, 60_000);
});
