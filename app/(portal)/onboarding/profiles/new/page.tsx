import Link from "next/link";

import { OnboardingWizard } from "@/components/portal/onboarding/onboarding-wizard";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { listFormConnections } from "@/lib/portal/connections/form-connections";
import { countryOptions } from "@/lib/portal/onboarding/country-options";
import { ONBOARDING_TEXTS } from "@/lib/portal/onboarding/texts";
import type { WizardConnection } from "@/lib/portal/onboarding/wizard-values";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { submitOnboardingAction } from "./actions";

export const generateMetadata = () => pageMetadata("onboardProfile");

export default async function NewOnboardingPage() {
  const user = await requireUser("admin");
  const texts = ONBOARDING_TEXTS[user.locale];
  const connections: WizardConnection[] = await listFormConnections(getDb(), user.organizationId);
  return (
    <div className="max-w-4xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm">
          <Link href="/onboarding/profiles" className="text-blue-800 underline hover:text-blue-950">
            {texts.listTitle}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{texts.wizardTitle}</h1>
        <p className="max-w-3xl text-slate-700">{texts.wizardIntro}</p>
      </header>
      {connections.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          {texts.noConnections}{" "}
          <Link href="/settings/connections" className="text-blue-800 underline hover:text-blue-950">
            {texts.noConnectionsLink}
          </Link>
        </p>
      ) : (
        <OnboardingWizard
          connections={connections}
          countries={countryOptions(user.locale)}
          texts={texts}
          locale={user.locale}
          userId={user.id}
          submit={submitOnboardingAction}
        />
      )}
    </div>
  );
}
