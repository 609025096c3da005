import type { Metadata } from "next";
import { cache } from "react";

import { OnboardingForm } from "@/components/onboarding/onboarding-form";
import { Notice } from "@/components/ui/notice";
import { getDb } from "@/lib/db/client";
import { findOnboarding as findOnboardingUncached, type OnboardingProfile } from "@/lib/service/profiles/complete-onboarding";
import { ONBOARDING_TEXTS, type OnboardingTexts, type WizardFormTexts } from "@/lib/spec/onboarding-texts";
import { PROFILE_WORDS, profileLanguageOf, type ProfileWordLanguage } from "@/lib/spec/profile-words";

import { submitOnboarding } from "./actions";

export const dynamic = "force-dynamic";

/** The onboarding wizard: the page the createprofile e-mail links to. */
/** One read per request: the title and the page ask for the same profile. */
const findOnboarding = cache(findOnboardingUncached);

export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const { token } = await params;
  const profile = await findOnboarding(getDb(), token);
  return { title: textsOf(profile).title, robots: { index: false } };
}

/** The customer's language (customer_info.language, else the country's); English for a link that finds nothing. */
function languageOf(profile: OnboardingProfile | null): ProfileWordLanguage {
  return profile ? profileLanguageOf(profile.data.customer_info.language, profile.environment.country) : "eng";
}
const textsOf = (profile: OnboardingProfile | null) => ONBOARDING_TEXTS[languageOf(profile)];

export default async function OnboardingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const profile = await findOnboarding(getDb(), token);
  const language = languageOf(profile);
  const t = ONBOARDING_TEXTS[language];
  return (
    <main lang={t.lang} className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {profile ? (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-white p-4 text-sm">
            <dt className="text-slate-600">{t.businessId}</dt>
            <dd className="font-medium">{profile.businessId}</dd>
            {profile.name && (
              <>
                <dt className="text-slate-600">{t.name}</dt>
                <dd className="font-medium">{profile.name}</dd>
              </>
            )}
            <dt className="text-slate-600">{t.country}</dt>
            <dd className="font-medium">{t.where(profile.environment.country, profile.environment.isTest)}</dd>
          </dl>
          <p className="text-sm text-slate-700">{t.intro}</p>
          <OnboardingForm
            action={submitOnboarding.bind(null, token, language)}
            missing={profile.missing}
            country={profile.environment.country}
            words={PROFILE_WORDS[language]}
            texts={formTexts(t)}
          />
        </>
      ) : (
        <Notice tone="warning" role="alert">
          {t.invalidLink}
        </Notice>
      )}
    </main>
  );
}

/** The form's texts alone: a client component takes plain strings, not the mail's functions. */
function formTexts(t: OnboardingTexts): WizardFormTexts {
  const { done, doneDetail, expired, checkOne, checkMany, save, saving, yes, no, choose, labels, hints } = t;
  return { done, doneDetail, expired, checkOne, checkMany, save, saving, yes, no, choose, labels, hints };
}
