import { missingProfileData, validateProfileRequest, type CreateProfileRequest } from "@/lib/spec/create-profile";
import type { Country } from "@/lib/spec/environments";
import { problemMessage } from "@/lib/spec/problems";
import { ruleKeyed } from "@/lib/spec/rules";

import { buildProfileRequest } from "./build-profile-request";
import { EMPTY_USER } from "./texts";
import { stepOfField, type EntryStep } from "./wizard-steps";
import { wizardValuesSchema, type WizardValues } from "./wizard-values";

/*
 * The wizard validates with the service's own rules: the body the values would make is checked by
 * createprofile's schema and the country's rules (validateProfileRequest, the function the service
 * itself runs), and each problem is put on its field, in the step where that field is. So a step
 * refuses exactly what the service would refuse, in the same words, before anything is sent.
 */

interface WizardProblem {
  /** The form's path ("users.0.ssn"); "" for a problem of the whole body. */
  path: string;
  /** The rule by its key (problemMessage), or the service's own words; texts.ts says it in the user's language. */
  message: string;
}

const formPathOf = (field: string | null): string => (field ?? "").replace(/\[(\d+)\]/g, ".$1");

/** Every problem of the values for the country, on the form's paths. */
export function wizardProblems(values: WizardValues, country: Country): WizardProblem[] {
  const problems: WizardProblem[] = [];
  if (values.mode === "full") {
    values.users.forEach((user, index) => {
      if (Object.values(user).every((value) => value.trim() === "")) problems.push({ path: `users.${index}.first_name`, message: EMPTY_USER });
    });
  }
  const checked = validateProfileRequest(buildProfileRequest(values, country), country);
  for (const problem of checked.problems) problems.push({ path: formPathOf(problem.field), message: problemMessage(problem) });
  return problems;
}

/** The problems of one step: the fields entered there. */
export function stepProblems(step: EntryStep, values: WizardValues, country: Country): WizardProblem[] {
  if (step === "review") return wizardProblems(values, country);
  return wizardProblems(values, country).filter((problem) => stepOfField(problem.path, values.mode) === step);
}

/**
 * The form's schema for one step with the country of the chosen connection: what react-hook-form
 * validates with before Next. countryOf answers null for a connection the wizard does not know.
 */
export function wizardStepSchema(step: EntryStep, countryOf: (connectionId: string) => Country | null) {
  return wizardValuesSchema.superRefine((values, context) => {
    const country = countryOf(values.connectionId);
    if (!country) {
      context.addIssue({ code: "custom", message: ruleKeyed("required"), path: ["connectionId"] });
      return;
    }
    for (const problem of stepProblems(step, values, country)) {
      context.addIssue({ code: "custom", message: problem.message, path: problem.path ? problem.path.split(".") : [] });
    }
  });
}

/**
 * What the provider will still need, decided as the service decides it (missingProfileData, on
 * the body the service would read). Null when the body is not valid yet: then nothing is known.
 */
export function missingForReview(values: WizardValues, country: Country): string[] | null {
  const checked = validateProfileRequest(buildProfileRequest(values, country), country);
  return checked.data ? missingProfileData(checked.data as CreateProfileRequest, country) : null;
}
