"use server";

import { getDb } from "@/lib/db/client";
import { completeOnboarding } from "@/lib/service/profiles/complete-onboarding";
import { onboardingRuleText } from "@/lib/spec/onboarding-rule-texts";
import { problemMessage } from "@/lib/spec/problems";
import { PROFILE_WORD_LANGUAGES, type ProfileWordLanguage } from "@/lib/spec/profile-words";

export interface OnboardingState {
  status: "onboarding" | "created" | "expired" | "invalid";
  missing: string[];
  /** Problems by member path, for the form to put on each input. */
  errors: Record<string, string>;
  values: Record<string, string | string[]>;
  /** Counts the answers, so the form is drawn afresh with the values it was sent back with. */
  version: number;
}

const MULTI_VALUED = new Set(["services.service_types"]);

/**
 * Saves one step of the onboarding wizard; the link's token is the credential. `language` is the
 * page's: the problems are said in it, so the answer reads like the page around it.
 */
export async function submitOnboarding(token: string, language: ProfileWordLanguage, previous: OnboardingState, form: FormData): Promise<OnboardingState> {
  // Bound by the page, but a browser can send anything: only the words depend on it.
  const words: ProfileWordLanguage = PROFILE_WORD_LANGUAGES.includes(language) ? language : "eng";
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$")) continue; // React's own form fields
    values[key] = MULTI_VALUED.has(key) ? form.getAll(key).map(String) : String(form.get(key) ?? "").trim();
  }
  const typed = Object.fromEntries(Object.entries(values).map(([path, value]) => [path, Array.isArray(value) ? value.map(Number) : value]));
  const outcome = await completeOnboarding(getDb(), token, typed);
  const version = previous.version + 1;
  if ("expired" in outcome) return { status: "expired", missing: [], errors: {}, values, version };
  if (!outcome.ok) {
    const errors = Object.fromEntries(outcome.problems.map((problem) => [problem.field ?? "", onboardingRuleText(problemMessage(problem), words)]));
    return { status: "invalid", missing: previous.missing, errors, values, version };
  }
  return { status: outcome.status, missing: outcome.missing, errors: {}, values: {}, version };
}
