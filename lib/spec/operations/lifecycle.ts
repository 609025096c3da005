import { caseActionResultSchema, caseActionSchema } from "../case-actions";
import { defineOperation } from "../operation";
import { advanceClockSchema, advanceRequestSchema, clockAdvancedSchema, clockStateSchema } from "../test-clock";

import { jobIdParams } from "./jobs";
import { json, problem, unauthorized } from "./responses";

/*
 * The case action and test clock operations.
 */

export const lifecycleTags = [
  { name: "Cases", description: "A person's decisions about a case's lifecycle phase." },
  { name: "Testing", description: "Test environments only: the profile's own clock." },
];

export const lifecycleOperations = {
  act: defineOperation({
    method: "post",
    path: "/jobs/{jobid}/status",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    body: { kind: "json", schema: caseActionSchema, limit: 8192, what: "case action" },
    doc: {
      operationId: "postCaseAction",
      tags: ["Cases"],
      summary: "Act on a case: drafts, hold, release, dispute, insolvency, legal steps, termination, credit loss",
      description:
        "hold → 100 and release → back to the phase before; dispute → 80 (no automatic moves) and resolve-dispute → back; a case returned to a " +
        "reminder or collection phase gets a fresh payment term. terminate → 102. legal → 63 (writ of summons) from 2, 16 or 203; enforcement " +
        "moves 63 → 65 → 112. creditloss → 103, every open amount written off; the profile's creditlossmodel (GET /profile/settings) says how the " +
        "receiver hears of it: timebased (default) a creditloss message with the amounts written off and the reason and no lcstatus for 103, status " +
        "the lcstatus 103 alone. creditlosstype suspected (Sweden, timebased only) sends the creditloss message without a move. A later payment " +
        "to a written-off case recovers the loss (a creditloss change message with what is still written off; 101 when nothing is). Every " +
        "other move sends an lcstatus event; note and reason travel in it. An action the current phase does not allow is a 409 naming the phase. " +
        "Drafts (11, POST /jobs?draft=true): approve sends the document and starts the case as the same job posted that day (its jobtype's " +
        "phase, 100 when posted on hold; an invoice past its due date is refused until PATCH /jobs/{jobid}/duedate moves it); discard → 102, " +
        "its capital written off as discarded. The debtor's insolvency proceedings stop collection while they last (no automatic step, no " +
        "interest charged): reschedule → 6 (a private person's debt rescheduling), restructuring → 110, bankruptcy → 111 (also from 6 or 110); " +
        "end-proceedings returns the case to where collection stood, with a fresh term; what the proceedings did not pay is written off with " +
        "creditloss. postcollection → 17 from 2, 16, 203, 65 or 112: what collection, a court or enforcement did not recover, watched for " +
        "payments with interest running, until terminate or creditloss.",
      responses: {
        "200": json("Done: the phase before and after.", caseActionResultSchema),
        "400": problem("Malformed JSON or invalid members; `problems` names each."),
        "401": unauthorized,
        "404": problem("No job of this profile has this id."),
        "409": problem("The action is not possible from the case's current phase."),
        "415": problem("Not application/json."),
      },
    },
  }),
  clock: defineOperation({
    method: "get",
    path: "/testing/clock",
    auth: "bearer",
    testOnly: true,
    doc: {
      operationId: "getTestClock",
      tags: ["Testing"],
      summary: "The profile's clock (test environments)",
      description: "The profile's current time and how far it runs ahead. Production environments answer 404.",
      responses: { "200": json("The clock.", clockStateSchema), "401": unauthorized, "404": problem("A production environment.") },
    },
  }),
  advanceClock: defineOperation({
    method: "post",
    path: "/testing/clock",
    auth: "bearer",
    testOnly: true,
    body: { kind: "json", schema: advanceClockSchema, documented: advanceRequestSchema, limit: 4096, what: "clock advance" },
    doc: {
      operationId: "advanceTestClock",
      tags: ["Testing"],
      summary: "Move the profile's clock forward and run the lifecycle (test environments)",
      description:
        "Moves only this profile's clock, forward only (at most three years at a time), then runs the lifecycle for the profile through the " +
        "days that passed, at once: the sweep runs on each day a case was due (at most 400 days per advance, then once on the new day), so " +
        "an invoice's reminder, collection and later moves each happen on their own day, with interest, fees and event times of that day. " +
        "Production environments answer 404.",
      responses: {
        "200": json("The new time, with the number of cases looked at and moved and of the days the sweep ran on.", clockAdvancedSchema),
        "400": problem("Not a forward duration; `problems` names it."),
        "401": unauthorized,
        "404": problem("A production environment."),
        "415": problem("Not application/json."),
      },
    },
  }),
};
