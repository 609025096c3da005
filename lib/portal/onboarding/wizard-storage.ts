import { z } from "zod";

import { STEP_IDS, type StepId } from "./wizard-steps";
import { onboardingAnswerSchema, wizardValuesSchema, type OnboardingAnswer, type WizardValues } from "./wizard-values";

/*
 * The wizard's state in sessionStorage, so a reload (or a slip of the back button) within the tab
 * loses nothing. A user's personal identity code is never written there: sessionStorage outlives
 * the page and can be read by any script of the origin, so it stays in the page's memory only.
 */

const VERSION = 1;

const storedWizardSchema = z.object({
  version: z.literal(VERSION),
  step: z.enum(STEP_IDS),
  values: wizardValuesSchema,
  answer: onboardingAnswerSchema.nullable(),
});

export interface WizardState {
  step: StepId;
  values: WizardValues;
  answer: OnboardingAnswer | null;
}

/** One key per signed-in user: another user signing in in the same tab starts afresh. */
export const wizardStorageKey = (userId: string) => `portal:onboarding-wizard:v${VERSION}:${userId}`;

export function serialiseWizard(state: WizardState): string {
  const values: WizardValues = { ...state.values, users: state.values.users.map((user) => ({ ...user, ssn: "" })) };
  return JSON.stringify({ version: VERSION, step: state.step, values, answer: state.answer });
}

/**
 * The stored state, or null when there is none or it no longer fits (an older wizard's). A
 * connection that has gone since is replaced by the first one, and the wizard starts from there.
 */
export function restoreWizard(raw: string | null, connectionIds: readonly string[]): WizardState | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedWizardSchema.safeParse(json);
  if (!parsed.success) return null;
  const { values, answer } = parsed.data;
  // An answer step without its answer (a state written by hand) goes back to the review.
  const step = parsed.data.step === "answer" && !answer ? "review" : parsed.data.step;
  if (connectionIds.includes(values.connectionId)) return { step, values, answer };
  if (!connectionIds[0]) return null;
  return { step: "connection", values: { ...values, connectionId: connectionIds[0] }, answer: null };
}
