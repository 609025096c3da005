import type { WorkerLoop } from "../../platform/run-loops";
import { completeTerminations } from "../contracts/complete-terminations";
import { evaluateDisconnections } from "../contracts/evaluate-disconnections";
import { evaluateTelecomDisconnects } from "../contracts/evaluate-telecom-disconnects";
import { distributeDocuments, type DistributeSummary } from "../distribution/distribute-documents";
import { dispatchEvents } from "../events/dispatch-events";
import { forgetOldAnswers } from "../intake/forget-old-answers";
import { sweepLifecycle } from "../lifecycle/sweep-lifecycle";
import { deliverMail } from "../mail/deliver-mail";
import { applyIntakeAllocations } from "../payments/apply-intake-allocations";
import { deliverApikeys } from "../profiles/apikey-delivery";

/*
 * The background work of the service, as named loops. The app runs them in-process (WORKERS=
 * in-process) or `npm run worker` runs them as a process of its own (WORKERS=off on the app).
 * Every loop must be safe to run in several processes at once: each claims its work in the
 * database (leases, conditional updates), never in memory.
 */

const HOUR_MS = 60 * 60 * 1000;

export const WORKER_LOOPS: readonly WorkerLoop[] = [
  { name: "mail", intervalMs: 5_000, run: (db, clock) => deliverMail(db, clock) },
  // Apicodes of onboarded profiles to their partners' receivers: few, and soon after onboarding.
  { name: "apikey-delivery", intervalMs: 5_000, run: (db, clock) => deliverApikeys(db, clock) },
  { name: "forget-old-answers", intervalMs: HOUR_MS, run: (db, clock) => forgetOldAnswers(db, clock) },
  // Woken by the commit that wrote events, in this process and, on PostgreSQL, in every process; the
  // poll is for events committed by another process on SQLite and for batches due for a retry.
  { name: "dispatch-events", intervalMs: 1_000, wakeOn: "events", run: (db, clock) => dispatchEvents(db, clock) },
  // Cases move by calendar days; a minute is soon enough, and a test clock moved through
  // POST /testing/clock sweeps its profile at once.
  { name: "lifecycle-sweep", intervalMs: 60_000, run: (db, clock) => sweepLifecycle(db, clock) },
  // Woken by intake's commit; a backlog is worked through round after round without pausing.
  {
    name: "distribute-documents",
    intervalMs: 2_000,
    wakeOn: "documents",
    again: (summary) => (summary as DistributeSummary).full,
    // Stopping ends the run after its current batch rather than after its RUN_MS of batches.
    run: (db, clock, stopping) => distributeDocuments(db, clock, { stopping }),
  },
  // Credit notes that named their invoice or refund account at intake; soon after intake, and again
  // while an invoice they name has not come.
  { name: "credit-notes", intervalMs: 10_000, run: (db, clock) => applyIntakeAllocations(db, clock) },
  {
    name: "contracts",
    intervalMs: 60_000,
    run: async (db, clock) => {
      await completeTerminations(db, clock);
      await evaluateDisconnections(db, clock);
      await evaluateTelecomDisconnects(db, clock);
    },
  },
];
