/*
 * Leases: a worker claims a row by a conditional update that matches only while no live lease is
 * on it, and sets its own; a worker that dies leaves a lease that runs out, and the next takes the
 * row over. One shape for every kind of job that is claimed this way (lib/service/workers/job-kinds.ts).
 */

/** The where-clause of a row no live lease holds at `now`. */
export function leaseFree(now: Date) {
  return { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
}

/** When a lease taken at `now` runs out. */
export function leaseUntil(now: Date, leaseMs: number): Date {
  return new Date(now.getTime() + leaseMs);
}
