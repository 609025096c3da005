import { EventEmitter } from "node:events";
import { BroadcastChannel } from "node:worker_threads";

import pg from "pg";

import { errorFields, log } from "../log";

import { getEngine, type Tx } from "./client";

/*
 * Wakes a background loop when a change it waits for commits, instead of at its next poll: the
 * dispatcher of status events is woken by the commit that wrote the events.
 *
 * A signal is raised inside the writing transaction and delivered only once it commits; a
 * rollback drops it. On PostgreSQL that is NOTIFY, which is transactional and reaches every
 * process that LISTENs (the app and each `npm run worker`). On SQLite a connection runs one
 * transaction at a time (lib/db/sqlite-adapter.ts), so a signal raised during it belongs to it and
 * is delivered by its COMMIT, to every thread of this process (a BroadcastChannel: the request
 * thread's intake wakes the background thread's distribution); a worker in another process finds
 * the work at its next poll.
 */

/** events: status events to dispatch; documents: documents to distribute; portal-events: received batches for the portal to store. */
const SIGNAL_CHANNELS = ["events", "documents", "portal-events"] as const;
export type SignalChannel = (typeof SIGNAL_CHANNELS)[number];

/** The PostgreSQL channel a signal travels on. */
const pgChannel = (channel: SignalChannel) => `nordic_receivables_${channel.replace("-", "_")}`;

interface Signals {
  emitter: EventEmitter;
  /** SQLite: the channel to this process's other threads. */
  threads?: BroadcastChannel;
  /** SQLite: raised in the transaction now open, delivered at its commit. */
  pending: Set<SignalChannel>;
  listener?: Promise<pg.Client | null>;
  /** A new listening connection after one failed or dropped. */
  retry?: NodeJS.Timeout;
}

/** How long a process polls only, after its listening connection failed, before it listens again. */
const RELISTEN_MS = 5_000;

const globalForSignals = globalThis as unknown as { __commitSignals?: Signals };

const THREADS_CHANNEL = "nordic-receivables:commit-signals";

function signals(): Signals {
  globalForSignals.__commitSignals ??= { emitter: new EventEmitter().setMaxListeners(100), pending: new Set() };
  return globalForSignals.__commitSignals;
}

/** This thread's end of the channel between threads: it hears the others' commits (never its own). */
function threads(state: Signals): BroadcastChannel {
  if (!state.threads) {
    const channel = new BroadcastChannel(THREADS_CHANNEL);
    channel.onmessage = (message) => {
      const name = (message as { data?: unknown }).data;
      if ((SIGNAL_CHANNELS as readonly unknown[]).includes(name)) state.emitter.emit(name as SignalChannel);
    };
    // Listening must not keep a thread alive that has nothing else to do.
    channel.unref();
    state.threads = channel;
  }
  return state.threads;
}

/** Raises the signal as part of the transaction `tx`: it is delivered when `tx` commits. */
export async function signalAfterCommit(tx: Tx, channel: SignalChannel): Promise<void> {
  if (getEngine() === "postgres") {
    await tx.$executeRawUnsafe(`SELECT pg_notify($1, '')`, pgChannel(channel));
    return;
  }
  signals().pending.add(channel);
}

/** Called by the SQLite adapter when a transaction commits: delivers what it raised, here and to the other threads. */
export function sqliteCommitted(): void {
  const state = signals();
  if (state.pending.size === 0) return;
  const channels = [...state.pending];
  state.pending.clear();
  for (const channel of channels) {
    state.emitter.emit(channel);
    threads(state).postMessage(channel);
  }
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
  if (!databaseUrl || databaseUrl.startsWith("file:")) threads(state);
  if (databaseUrl && !databaseUrl.startsWith("file:")) state.listener ??= listen(databaseUrl, state);
  return () => state.emitter.off(channel, wake);
}

async function listen(url: string, state: Signals): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    for (const channel of SIGNAL_CHANNELS) await client.query(`LISTEN "${pgChannel(channel)}"`);
  } catch (error) {
    log.warn("commit signals unavailable; background loops poll", errorFields(error));
    await client.end().catch(() => undefined);
    listenAgain(url, state);
    return null;
  }
  client.on("notification", (message) => {
    const channel = SIGNAL_CHANNELS.find((name) => message.channel === pgChannel(name));
    if (channel) state.emitter.emit(channel);
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
  state.threads?.close();
  state.threads = undefined;
  clearTimeout(state.retry);
  state.retry = undefined;
  const client = await state.listener;
  state.listener = undefined;
  await client?.end().catch(() => undefined);
}
