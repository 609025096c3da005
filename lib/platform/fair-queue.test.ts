import { describe, expect, it } from "vitest";

import { FairQueue, QueueFullError } from "./fair-queue";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("FairQueue", () => {
  it("runs one key's tasks one at a time, in arrival order", async () => {
    const queue = new FairQueue({ concurrency: 4, maxWaitingPerKey: 100, retryAfterSeconds: 1 });
    const order: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        queue.run("profile-a", async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          order.push(n);
          running--;
        }),
      ),
    );
    expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(most).toBe(1);
    expect(queue.size("profile-a")).toBe(0);
  });

  it("runs different keys side by side, never more than the concurrency", async () => {
    const queue = new FairQueue({ concurrency: 2, maxWaitingPerKey: 10, retryAfterSeconds: 1 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        queue.run(`profile-${n % 6}`, async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it("refuses a key's task when too many wait, and goes on after a task fails", async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaitingPerKey: 2, retryAfterSeconds: 3 });
    let release!: () => void;
    const first = queue.run("p", () => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run("p", async () => {
      throw new Error("bad body");
    });
    await expect(queue.run("p", async () => "third")).rejects.toEqual(new QueueFullError("p", 3));
    release();
    await first;
    await expect(second).rejects.toThrow("bad body");
    expect(await queue.run("p", async () => "after")).toBe("after");
  });
});
