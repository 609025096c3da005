import Link from "next/link";

import { OnboardingWizard } from "@/components/portal/onboarding/onboarding-wizard";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { textLinkClass } from "@/components/ui/text-link";
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
      <PageHeader
        title={texts.wizardTitle}
        intro={texts.wizardIntro}
        back={
          <Link href="/onboarding/profiles" className={textLinkClass}>
            {texts.listTitle}
          </Link>
        }
      />
      {connections.length === 0 ? (
        <EmptyState>
          {texts.noConnections}{" "}
          <Link href="/settings/connections" className={textLinkClass}>
            {texts.noConnectionsLink}
          </Link>
        </EmptyState>
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
