import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { ActionError } from "@/lib/portal/actions/action-error";
import type { PortalUser } from "@/lib/portal/auth/session";
import { clientFor, getConnection } from "@/lib/portal/connections/connections";

import { buildProfileRequest } from "./build-profile-request";
import { recordOnboarding } from "./record-onboarding";
import { registerApikeyReceiver } from "./register-apikey-receiver";
import { ONBOARDING_TEXTS } from "./texts";
import { wizardProblems } from "./wizard-problems";
import type { OnboardingAnswer, WizardValues } from "./wizard-values";

/*
 * The wizard's send: the values checked again on the server by the service's rules for the
 * connection's country (the browser's check is a courtesy, not a guarantee), the body sent with
 * createprofile, the answer recorded. A refusal of the service reaches the wizard through
 * validatedAction as field errors keyed by the members' paths, which the wizard maps to its steps.
 */

export async function submitOnboarding(values: WizardValues, user: PortalUser): Promise<OnboardingAnswer> {
  const db = getDb();
  const connection = await getConnection(db, { organizationId: user.organizationId, connectionId: values.connectionId });
  const country = connection.environment.country;
  const problems = wizardProblems(values, country);
  if (problems.length > 0) {
    const fieldErrors: Record<string, string> = {};
    for (const problem of problems) fieldErrors[problem.path] ??= problem.message;
    throw new ActionError(ONBOARDING_TEXTS[user.locale].checkFields, fieldErrors);
  }
  const request = buildProfileRequest(values, country);
  const client = clientFor(connection);
  // The profile's apicode comes back to this portal when it is complete (receive-apikey.ts).
  await registerApikeyReceiver(db, { organizationId: user.organizationId, connection, publicBaseUrl: getEnv().PUBLIC_BASE_URL, client });
  const response = await client.createProfile(request);
  const recorded = await recordOnboarding(db, { organizationId: user.organizationId, connectionId: connection.id, request, response });
  return {
    onboardingId: recorded.id,
    customerId: response.customerId,
    status: response.status,
    message: response.message,
    missing: response.missing ?? [],
  };
}
