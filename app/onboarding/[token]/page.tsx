import type { Metadata } from "next";

import { OnboardingForm } from "@/components/onboarding/onboarding-form";
import { getDb } from "@/lib/db/client";
import { findOnboarding } from "@/lib/service/profiles/complete-onboarding";

import { submitOnboarding } from "./actions";

export const metadata: Metadata = { title: "Complete your profile", robots: { index: false } };
export const dynamic = "force-dynamic";

/** The onboarding wizard: the page the createprofile e-mail links to. */
export default async function OnboardingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const profile = await findOnboarding(getDb(), token);
  return (
    <main className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Complete your invoicing service profile</h1>
      {profile ? (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-white p-4 text-sm">
            <dt className="text-slate-600">Business id</dt>
            <dd className="font-medium">{profile.businessId}</dd>
            {profile.name && (
              <>
                <dt className="text-slate-600">Name</dt>
                <dd className="font-medium">{profile.name}</dd>
              </>
            )}
            <dt className="text-slate-600">Country</dt>
            <dd className="font-medium">{profile.environment.rules.name}</dd>
          </dl>
          <p className="text-sm text-slate-700">A few details are still missing. Everything else your partner already gave us.</p>
          <OnboardingForm action={submitOnboarding.bind(null, token)} missing={profile.missing} country={profile.environment.country} />
        </>
      ) : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          This link is not valid: the profile was completed already, or the link was copied incompletely.
        </p>
      )}
    </main>
  );
}
