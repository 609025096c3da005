import { EventEmitter } from "node:events";

import pg from "pg";

import { errorFields, log } from "../log";

import { getEngine, type Tx } from "./client";

/*
 * Wakes a background loop when a change it waits for commits, instead of at its next poll: the
 * dispatcher of status events is woken by the commit that wrote the events.
 *
 * A signal is raised inside the writing transaction and delivered only once it commits; a
 * rollback drops it. On PostgreSQL that is NOTIFY, which is transactional and reaches every
 * process that LISTENs (the app and each `npm run worker`). On SQLite the one connection runs one
 * transaction at a time (lib/db/sqlite-adapter.ts), so a signal raised during it belongs to it and
 * is delivered by its COMMIT, in this process only; a worker in another process finds the work at
 * its next poll.
 */

export type SignalChannel = "events" | "documents";

const CHANNEL_PREFIX = "nordic_receivables_";

interface Signals {
  emitter: EventEmitter;
  /** SQLite: raised in the transaction now open, delivered at its commit. */
  pending: Set<SignalChannel>;
  listener?: Promise<pg.Client | null>;
  /** A new listening connection after one failed or dropped. */
  retry?: NodeJS.Timeout;
}

/** How long a process polls only, after its listening connection failed, before it listens again. */
const RELISTEN_MS = 5_000;

const globalForSignals = globalThis as unknown as { __commitSignals?: Signals };

function signals(): Signals {
  globalForSignals.__commitSignals ??= { emitter: new EventEmitter().setMaxListeners(100), pending: new Set() };
  return globalForSignals.__commitSignals;
}

/** Raises the signal as part of the transaction `tx`: it is delivered when `tx` commits. */
export async function signalAfterCommit(tx: Tx, channel: SignalChannel): Promise<void> {
  if (getEngine() === "postgres") {
    await tx.$executeRawUnsafe(`SELECT pg_notify($1, '')`, `${CHANNEL_PREFIX}${channel}`);
    return;
  }
  signals().pending.add(channel);
}

/** Called by the SQLite adapter when a transaction commits: delivers what it raised. */
export function sqliteCommitted(): void {
  const { pending, emitter } = signals();
  if (pending.size === 0) return;
  const channels = [...pending];
  pending.clear();
  for (const channel of channels) emitter.emit(channel);
}

/** Called by the SQLite adapter when a transaction rolls back: what it raised never happened. */
export function sqliteRolledBack(): void {
  signals().pending.clear();
}

/**
 * Calls `wake` whenever the channel is signalled; returns the function that stops it. On
 * PostgreSQL the process LISTENs on a connection of its own, opened on first use and again a few
 * seconds after it fails or drops (the polling loops cover the gap).
 */
export function onCommitSignal(channel: SignalChannel, wake: () => void, databaseUrl?: string): () => void {
  const state = signals();
  state.emitter.on(channel, wake);
  if (databaseUrl && !databaseUrl.startsWith("file:")) state.listener ??= listen(databaseUrl, state);
  return () => state.emitter.off(channel, wake);
}

async function listen(url: string, state: Signals): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    for (const channel of ["events", "documents"] satisfies SignalChannel[]) await client.query(`LISTEN "${CHANNEL_PREFIX}${channel}"`);
  } catch (error) {
    log.warn("commit signals unavailable; background loops poll", errorFields(error));
    await client.end().catch(() => undefined);
    listenAgain(url, state);
    return null;
  }
  client.on("notification", (message) => {
    if (message.channel.startsWith(CHANNEL_PREFIX)) state.emitter.emit(message.channel.slice(CHANNEL_PREFIX.length));
  });
  client.on("error", (error) => {
    log.warn("commit signal connection lost; background loops poll until it is back", errorFields(error));
    client.end().catch(() => undefined);
    listenAgain(url, state);
  });
  // The listening connection must not keep a process alive that has nothing else to do.
  (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  return client;
}

/** Listens again a little later, while anything still waits for signals. */
function listenAgain(url: string, state: Signals): void {
  state.listener = undefined;
  clearTimeout(state.retry);
  state.retry = setTimeout(() => {
    state.retry = undefined;
    if (state.emitter.eventNames().some((name) => state.emitter.listenerCount(name) > 0)) state.listener ??= listen(url, state);
  }, RELISTEN_MS);
  state.retry.unref();
}

/** Closes the listening connection (worker shutdown, tests). */
export async function closeCommitSignals(): Promise<void> {
  const state = signals();
  clearTimeout(state.retry);
  state.retry = undefined;
  const client = await state.listener;
  state.listener = undefined;
  await client?.end().catch(() => undefined);
}
