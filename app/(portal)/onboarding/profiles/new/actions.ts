"use server";

import { validatedAction } from "@/lib/portal/actions/validated-action";
import { submitOnboarding } from "@/lib/portal/onboarding/submit-onboarding";
import { wizardValuesSchema } from "@/lib/portal/onboarding/wizard-values";

/* The wizard's send: admins only; a clerk or viewer is refused by validatedAction, not just hidden. */

export const submitOnboardingAction = validatedAction(wizardValuesSchema, "admin", (values, user) => submitOnboarding(values, user));
