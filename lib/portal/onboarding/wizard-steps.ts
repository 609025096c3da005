import type { WizardMode } from "./wizard-values";

/*
 * The wizard's steps in order, and which step each member of the createprofile body belongs to:
 * the one map both the step validation and the service's field errors use, so a problem the
 * service names sends the wizard back to the step where the field is.
 */

export const STEP_IDS = ["connection", "customer", "contacts", "services", "settlement", "fees", "users", "review", "answer"] as const;
export type StepId = (typeof STEP_IDS)[number];

/** The steps where values are entered and checked, in order. */
export type EntryStep = Exclude<StepId, "answer">;

/** "Send only the business id and e-mail" goes from the first step straight to the review. */
export function stepsFor(mode: WizardMode): readonly StepId[] {
  return mode === "minimal" ? ["connection", "review", "answer"] : STEP_IDS;
}

export function nextStep(step: StepId, mode: WizardMode): StepId | null {
  const steps = stepsFor(mode);
  const index = steps.indexOf(step);
  return index === -1 ? null : (steps[index + 1] ?? null);
}

export function previousStep(step: StepId, mode: WizardMode): StepId | null {
  const steps = stepsFor(mode);
  const index = steps.indexOf(step);
  return index <= 0 ? null : (steps[index - 1] ?? null);
}

const GROUP_STEPS: Record<string, EntryStep> = {
  connectionId: "connection",
  mode: "connection",
  customer_info: "customer",
  additional_information: "customer",
  customer_service_contact: "contacts",
  contact_person: "contacts",
  agreement_acceptor: "contacts",
  money_laundering_acceptor: "contacts",
  services: "services",
  settlement_settings: "settlement",
  ropo_service_fees: "fees",
  users: "users",
  allowIncompleteData: "review",
};

/** On the first step when only the business id and e-mail are sent. */
const MINIMAL_FIELDS: readonly string[] = ["connectionId", "customer_info.business_id", "contact_person.email"];

/**
 * The step a field is entered on, by its form path ("users.0.ssn") or the service's
 * ("users[0].ssn"). A path the wizard has no field for belongs to the review, which shows it.
 */
export function stepOfField(path: string, mode: WizardMode): EntryStep {
  const dotted = path.replace(/\[(\d+)\]/g, ".$1");
  if (mode === "minimal") return MINIMAL_FIELDS.includes(dotted) ? "connection" : "review";
  return GROUP_STEPS[dotted.split(".")[0]!] ?? "review";
}

/** The earliest step, in the wizard's order, among those given. */
export function firstStepOf(steps: Iterable<EntryStep>, mode: WizardMode): EntryStep | null {
  const order = stepsFor(mode);
  let first: EntryStep | null = null;
  for (const step of steps) if (first === null || order.indexOf(step) < order.indexOf(first)) first = step;
  return first;
}
