"use client";

import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { fillText } from "@/lib/portal/i18n/locale";
import { buildProfileRequest } from "@/lib/portal/onboarding/build-profile-request";
import { reviewJson, reviewSections, type ReviewRow } from "@/lib/portal/onboarding/review-rows";
import { labelOf, problemLine } from "@/lib/portal/onboarding/texts";
import { missingForReview, wizardProblems } from "@/lib/portal/onboarding/wizard-problems";
import { stepOfField, type EntryStep } from "@/lib/portal/onboarding/wizard-steps";
import type { WizardConnection, WizardValues } from "@/lib/portal/onboarding/wizard-values";
import type { Country } from "@/lib/spec/environments";

import { WizardCheckbox, useWizardTexts } from "./wizard-fields";

/*
 * The review: everything the body will carry, what a complete profile still lacks (decided by the
 * service's own missingProfileData), and the choice to store the profile for later instead of
 * starting the provider's onboarding.
 */

interface Props {
  connection: WizardConnection;
  country: Country;
  countryName: (code: string) => string;
  onEdit: (step: EntryStep) => void;
}

function Rows({ rows }: { rows: readonly ReviewRow[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(12rem,auto)_1fr]">
      {rows.map((row) => (
        <div key={row.path} className="contents">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ReviewStep({ connection, country, countryName, onEdit }: Props) {
  const { texts, locale } = useWizardTexts();
  const values = useWatch<WizardValues>() as WizardValues;
  const body = useMemo(() => buildProfileRequest(values, country), [values, country]);
  const sections = useMemo(() => reviewSections(body, texts, countryName), [body, texts, countryName]);
  const missing = useMemo(() => missingForReview(values, country), [values, country]);
  const problems = useMemo(() => wizardProblems(values, country), [values, country]);
  const minimal = values.mode === "minimal";
  const [showingJson, setShowingJson] = useState(false);

  const editButton = (step: EntryStep, name: string) => (
    <Button type="button" variant="link" onClick={() => onEdit(step)} aria-label={`${texts.change}: ${name}`}>
      {texts.change}
    </Button>
  );

  return (
    <div className="space-y-6">
      <section aria-labelledby="ob-review-sent" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="ob-review-sent" className="text-base font-semibold">
          {texts.reviewSent}
        </h3>
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-4">
            <h4 className="font-medium">{texts.stepNames.connection}</h4>
            {editButton("connection", texts.stepNames.connection)}
          </div>
          <Rows
            rows={[
              { path: "connectionId", label: texts.labels.connectionId, value: connectionName(connection) },
              ...(minimal
                ? [
                    { path: "customer_info.business_id", label: texts.labels["customer_info.business_id"], value: body.customer_info.business_id },
                    { path: "contact_person.email", label: texts.labels["contact_person.email"], value: body.contact_person.email },
                  ]
                : []),
            ]}
          />
        </div>
        {minimal
          ? null
          : sections.map((section) => (
              <div key={section.step} className="space-y-2 border-t border-slate-200 pt-3">
                <div className="flex items-baseline justify-between gap-4">
                  <h4 className="font-medium">{texts.stepNames[section.step]}</h4>
                  {editButton(section.step, texts.stepNames[section.step])}
                </div>
                <Rows rows={section.rows} />
                {section.users?.map((rows, index) => (
                  <div key={index} className="space-y-1">
                    <h5 className="text-sm font-medium text-slate-800">{fillText(texts.user, { n: index + 1 })}</h5>
                    <Rows rows={rows} />
                  </div>
                ))}
              </div>
            ))}
        <div className="border-t border-slate-200 pt-3 text-sm">
          <Button variant="link" onClick={() => setShowingJson(true)}>
            {texts.reviewJson}
          </Button>
          <Dialog open={showingJson} onClose={() => setShowingJson(false)} title={texts.reviewJson} closeText={texts.closeJson}>
            <pre className="max-h-[70vh] overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{showingJson ? reviewJson(body, texts) : null}</pre>
          </Dialog>
        </div>
      </section>

      {problems.length > 0 ? (
        <Notice tone="error" role={false} labelledBy="ob-review-problems">
          <h3 id="ob-review-problems" className="font-semibold">
            {texts.checkFields}
          </h3>
          <ul className="mt-2 space-y-1">
            {problems.map((problem) => {
              const step = stepOfField(problem.path, values.mode);
              return (
                <li key={`${problem.path}:${problem.message}`} className="flex flex-wrap items-baseline gap-2">
                  <span>{problemLine(problem.path, problem.message, texts, locale)}</span>
                  {step !== "review" ? editButton(step, texts.stepNames[step]) : null}
                </li>
              );
            })}
          </ul>
        </Notice>
      ) : null}

      <Notice tone="warning" labelledBy="ob-review-missing">
        <h3 id="ob-review-missing" className="text-base font-semibold">
          {texts.reviewMissing}
        </h3>
        {missing === null ? (
          <p className="mt-2">{texts.reviewNotValid}</p>
        ) : missing.length === 0 ? (
          <p className="mt-2">{texts.reviewNothingMissing}</p>
        ) : (
          <>
            <p className="mt-2">{texts.reviewMissingIntro}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="onboarding-missing">
              {missing.map((path) => (
                <li key={path}>{labelOf(path, texts)}</li>
              ))}
            </ul>
          </>
        )}
      </Notice>

      {missing === null || missing.length > 0 ? (
        <WizardCheckbox name="allowIncompleteData" label={texts.labels.allowIncompleteData} hint={texts.allowIncompleteHint} />
      ) : null}
    </div>
  );
}
