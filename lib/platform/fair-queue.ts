/*
 * Admission for work that must take turns: tasks of one key run one at a time in arrival order,
 * tasks of different keys run side by side up to a limit, and a key with too many tasks waiting
 * refuses more at once (the caller answers 503 with Retry-After) rather than letting them pile up.
 *
 * Intake uses it per profile: on PostgreSQL a transaction that waits for the profile's advisory
 * lock holds a pooled connection all the while, so fifty requests of one profile took the whole
 * pool and the rest failed to start a transaction in time. Waiting here holds nothing, and a
 * FIFO keeps latency even (a request is not overtaken by later ones).
 */

export class QueueFullError extends Error {
  constructor(
    readonly key: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`too many requests waiting for ${key}`);
    this.name = "QueueFullError";
  }
}

interface Lane {
  tail: Promise<void>;
  waiting: number;
}

export class FairQueue {
  readonly #lanes = new Map<string, Lane>();
  readonly #slots: (() => void)[] = [];
  #running = 0;

  constructor(readonly options: { concurrency: number; maxWaitingPerKey: number; retryAfterSeconds: number }) {}

  /** Tasks waiting or running for a key. */
  size(key: string): number {
    return this.#lanes.get(key)?.waiting ?? 0;
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const lane = this.#lanes.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (lane.waiting >= this.options.maxWaitingPerKey) throw new QueueFullError(key, this.options.retryAfterSeconds);
    lane.waiting++;
    this.#lanes.set(key, lane);
    const before = lane.tail;
    let done!: () => void;
    lane.tail = new Promise<void>((resolve) => (done = resolve));
    try {
      await before;
      await this.#slot();
      try {
        return await task();
      } finally {
        this.#release();
      }
    } finally {
      lane.waiting--;
      if (lane.waiting === 0) this.#lanes.delete(key);
      done();
    }
  }

  #slot(): Promise<void> {
    if (this.#running < this.options.concurrency) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#slots.push(resolve));
  }

  #release() {
    const next = this.#slots.shift();
    if (next) next();
    else this.#running--;
  }
}
