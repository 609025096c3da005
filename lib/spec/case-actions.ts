import { z } from "zod";

import { CREDITLOSS_REASONS, LIFECYCLE_CODE_LIST } from "./codes";

/* POST /jobs/{jobid}/status: what a person decides about a case (lib/service/lifecycle/case-actions.ts). */

export const CASE_ACTIONS = ["hold", "release", "dispute", "resolve-dispute", "terminate", "legal", "enforcement", "creditloss"] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

export const caseActionSchema = z.strictObject({
  action: z.enum(CASE_ACTIONS).meta({ description: "What to do with the case." }),
  reason: z.enum(CREDITLOSS_REASONS).optional().meta({ description: "Reason of a credit loss (creditloss only); default OTHER." }),
  creditlosstype: z.enum(["creditloss", "suspected"]).optional().meta({ description: "creditloss writes the receivable off (103); suspected (Sweden only) reports a suspected bad receivable without a move." }),
  note: z.string().trim().min(1).max(500).optional().meta({ description: "Free text, returned in the lcstatus message." }),
});
export type CaseActionInput = z.infer<typeof caseActionSchema>;

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
