import { z } from "zod";

import { CREDITLOSS_REASONS, LIFECYCLE_CODE_LIST } from "./codes";

/* POST /jobs/{jobid}/status: what a person decides about a case (lib/service/lifecycle/case-actions.ts). */

const CASE_ACTIONS = [
  "hold",
  "release",
  "dispute",
  "resolve-dispute",
  "terminate",
  "legal",
  "enforcement",
  "creditloss",
  "approve",
  "discard",
  "reschedule",
  "restructuring",
  "bankruptcy",
  "end-proceedings",
  "postcollection",
] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

export const caseActionSchema = z.strictObject({
  action: z.enum(CASE_ACTIONS).meta({ description: "What to do with the case." }),
  reason: z.enum(CREDITLOSS_REASONS).optional().meta({ description: "Reason of a credit loss (creditloss only); default OTHER." }),
  creditlosstype: z
    .enum(["creditloss", "suspected"])
    .optional()
    .meta({ description: "creditloss writes the receivable off (103); suspected (Sweden only) reports a suspected bad receivable without a move." }),
  note: z.string().trim().min(1).max(500).optional().meta({ description: "Free text, returned in the lcstatus message." }),
});
export type CaseActionInput = z.infer<typeof caseActionSchema>;

/** The phases a case is worked in: every action but release and resolve-dispute starts from them. */
const OPEN_WORKING = [0, 300, 1, 2, 16, 41, 150, 203, 63, 65, 112, 17];

/**
 * The debtor's insolvency proceedings: debt rescheduling of a private person (6), restructuring of a
 * business (110) and bankruptcy (111). Each forbids the creditor's own collection while it lasts, so
 * a case in one takes no automatic step; end-proceedings returns it where it was.
 */
export const PROCEEDINGS = [6, 110, 111] as const;
export const inProceedings = (code: number): boolean => (PROCEEDINGS as readonly number[]).includes(code);

/**
 * The phases each action is allowed from; any other answers 409. The service decides by this
 * table (lib/service/lifecycle/case-actions.ts) and a client may offer only what it allows.
 */
export const ACTION_FROM: Record<Exclude<CaseAction, "enforcement">, readonly number[]> = {
  hold: [...OPEN_WORKING, 80],
  release: [100],
  dispute: OPEN_WORKING,
  "resolve-dispute": [80],
  terminate: [...OPEN_WORKING, 80, 100, ...PROCEEDINGS, 89, 71],
  legal: [2, 16, 203],
  creditloss: [...OPEN_WORKING, 80, 100, ...PROCEEDINGS, 89, 71],
  approve: [11],
  discard: [11],
  reschedule: [...OPEN_WORKING, 80, 100],
  restructuring: [...OPEN_WORKING, 80, 100],
  bankruptcy: [...OPEN_WORKING, 80, 100, 6, 110],
  "end-proceedings": [...PROCEEDINGS],
  // What a collection, a court or enforcement did not recover is watched for years (17).
  postcollection: [2, 16, 203, 65, 112],
};

/** enforcement is two steps: the judgment waits for transfer (65), then is in enforcement (112). */
export const ENFORCEMENT_NEXT: Readonly<Record<number, number>> = { 63: 65, 65: 112 };

const code = z.int().meta({ description: `Lifecycle code (jobstatus). Known codes: ${LIFECYCLE_CODE_LIST.join(", ")}.` });

export const caseActionResultSchema = z
  .object({
    jobid: z.int(),
    action: z.enum(CASE_ACTIONS),
    fromcode: code,
    code,
    status: z.string().nullable().meta({ description: "Text of the new code (informational)." }),
    reviewon: z.string().nullable().meta({ description: "Day the lifecycle looks at the case next; null when nothing automatic follows." }),
  })
  .meta({ id: "CaseActionResult" });
export type CaseActionResult = z.output<typeof caseActionResultSchema>;
