import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { today as todayIn, type Clock } from "../../platform/clock";
import { ACTION_FROM, ENFORCEMENT_NEXT, type CaseAction, type CaseActionInput } from "../../spec/case-actions";
import { LIFECYCLE_CODES } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import { addBusinessDays } from "../calendar/business-days";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";

import { CASE_SELECT, CLOSED_CODES, moveCase, type CaseRow } from "./case-state";
import { creditlossEvent, creditLossModelOf } from "./credit-loss";
import { profileClock } from "./profile-clock";
import { LIFECYCLE_RULES } from "./rules";

/*
 * What a person decides about a case through POST /jobs/{jobid}/status. Each action is allowed from
 * some phases only; the answer to any other is a 409 that names the phase. Holding and disputing
 * remember where the case was (its CaseMove into 100 or 80), so release and resolve return it there.
 */

/** Phases the sweep moves by itself; a case returned to one of them is looked at again today. */
const AUTOMATIC = new Set([0, 300, 1, 2, 41, 203]);

export interface ActionResult {
  jobid: number;
  action: CaseAction;
  fromcode: number;
  code: number;
  status: string | null;
  reviewon: string | null;
}

export async function applyCaseAction(
  db: Db,
  base: Clock,
  profile: { id: string; cid: string; clockOffsetSeconds: number },
  environment: Environment,
  jobid: number,
  input: CaseActionInput,
  /** Who acted: the API user (api), or the debtor on the online service (online). */
  cause: "api" | "online" = "api",
): Promise<ActionResult> {
  const clock = profileClock(base, profile, environment);
  const at = clock.now();
  const date = todayIn(clock, environment.rules.timeZone);
  return db.$transaction(async (tx) => {
    await lockFor(tx, `case:${jobid}`);
    const job = await tx.job.findFirst({ where: { id: jobid, profileId: profile.id, environment: environment.id }, select: { ...CASE_SELECT, jobtype: true } });
    if (!job) throw new ServiceError("not_found", `There is no job ${jobid} of this profile.`);
    const row: CaseRow = job;
    const refuse = (why: string) =>
      new ServiceError("conflict", `${input.action} is not possible while the case is in phase ${row.jobstatus} (${phaseName(row.jobstatus)}): ${why}.`, {
        problems: [{ field: "action", code: "conflict", message: `not allowed from phase ${row.jobstatus}` }],
      });

    if (input.creditlosstype === "suspected" || input.reason) {
      if (input.action !== "creditloss")
        throw invalid("reason and creditlosstype belong to the creditloss action only.", input.reason ? "reason" : "creditlosstype");
    }
    let toCode: number;
    if (input.action === "enforcement") {
      const next = ENFORCEMENT_NEXT[row.jobstatus];
      if (next === undefined) throw refuse("enforcement follows a court filing (63) or a judgment waiting for transfer (65)");
      toCode = next;
    } else {
      if (!ACTION_FROM[input.action].includes(row.jobstatus))
        throw refuse(CLOSED_CODES.has(row.jobstatus) ? "the case is closed" : `allowed from ${ACTION_FROM[input.action].join(", ")}`);
      toCode = await targetOf(tx, row, job.jobtype, input.action);
    }

    // How the receiver hears of a credit loss is the profile's choice (credit-loss.ts).
    const lossModel = input.action === "creditloss" ? await creditLossModelOf(tx, profile.id) : null;
    if (input.action === "creditloss" && input.creditlosstype === "suspected") {
      if (environment.country !== "SWE") throw invalid("A suspected credit loss is reported in Sweden only.", "creditlosstype");
      if (lossModel === "status") {
        throw invalid(
          "This profile reports credit losses by lcstatus 103 (creditlossmodel status), which has no suspected credit loss; the creditloss messages of creditlossmodel timebased do.",
          "creditlosstype",
        );
      }
      await emitEvents(db, tx, [creditlossEvent(environment.id, profile, row, "suspected", input.reason ?? "OTHER", at, row)]);
      return { jobid, action: input.action, fromcode: row.jobstatus, code: row.jobstatus, status: phaseName(row.jobstatus), reviewon: null };
    }

    let moved = row;
    if (input.action === "creditloss") {
      // The receivable is written off: each open component leaves the case with an entry of its own.
      const components = [
        ["capital", row.openCapital],
        ["interest", row.openInterest],
        ["expenses", row.openExpenses],
      ] as const;
      for (const [component, amount] of components) {
        if (amount === 0n) continue;
        await tx.caseEntry.create({
          data: { id: randomUUID(), jobId: row.id, profileId: profile.id, component, amount: -amount, kind: "creditloss", date, createdAt: at },
        });
      }
      await tx.job.update({ where: { id: row.id }, data: { openCapital: 0n, openInterest: 0n, openExpenses: 0n } });
      moved = { ...row, openCapital: 0n, openInterest: 0n, openExpenses: 0n };
    }

    let reviewOn: string | null = AUTOMATIC.has(toCode) ? date : null;
    if (input.action === "release" || input.action === "resolve-dispute") {
      // A debtor who waited on a hold or a dispute gets a fresh term before the next step.
      const rules = LIFECYCLE_RULES[environment.country];
      const term = toCode === 1 ? rules.reminderTermBusinessDays : toCode === 2 ? rules.collectionTermBusinessDays : null;
      if (term !== null) {
        const due = addBusinessDays(environment.country, date, term);
        if (!row.currentPaydate || row.currentPaydate < due) moved = { ...moved, currentPaydate: due };
        await tx.job.update({ where: { id: row.id }, data: { currentPaydate: moved.currentPaydate } });
      }
    }
    if (input.action === "hold" || input.action === "release") await tx.job.update({ where: { id: row.id }, data: { onHold: input.action === "hold" } });
    if (toCode === 16 || toCode === 63 || toCode === 65 || toCode === 112 || toCode === 80 || toCode === 100) reviewOn = null;

    const extra = { ...(input.note ? { note: input.note } : {}), ...(input.action === "creditloss" ? { reason: input.reason ?? "OTHER" } : {}) };
    await moveCase(db, tx, moved, { cid: profile.cid, toCode, cause, date, at, reviewOn, extra, lcstatus: lossModel !== "timebased" });
    if (lossModel === "timebased") await emitEvents(db, tx, [creditlossEvent(environment.id, profile, row, "creditloss", input.reason ?? "OTHER", at, row)]);
    return {
      jobid,
      action: input.action,
      fromcode: row.jobstatus,
      code: toCode,
      status: phaseName(toCode),
      reviewon: CLOSED_CODES.has(toCode) ? null : reviewOn,
    };
  });
}

async function targetOf(
  tx: Parameters<Parameters<Db["$transaction"]>[0]>[0],
  row: CaseRow,
  jobtype: number,
  action: Exclude<CaseAction, "enforcement">,
): Promise<number> {
  switch (action) {
    case "hold":
      return 100;
    case "dispute":
      return 80;
    case "terminate":
      return 102;
    case "legal":
      return 63;
    case "creditloss":
      return 103;
    case "release":
    case "resolve-dispute": {
      const entered = await tx.caseMove.findFirst({
        where: { jobId: row.id, toCode: action === "release" ? 100 : 80 },
        orderBy: { at: "desc" },
        select: { fromCode: true },
      });
      // A job posted with putonhold = 1 never had another phase: it starts where its jobtype starts.
      return entered?.fromCode ?? (jobtype === 602 ? 0 : jobtype);
    }
  }
}

const phaseName = (code: number) => LIFECYCLE_CODES[code as keyof typeof LIFECYCLE_CODES] ?? null;
const invalid = (detail: string, field: string) => new ServiceError("invalid_request", detail, { problems: [{ field, code: "invalid", message: detail }] });
