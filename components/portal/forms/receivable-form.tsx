"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider } from "react-hook-form";

import { OutcomeNotice } from "@/components/ui/notice";
import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { RECEIVABLE_FORM_FIELDS, receivableFormResolverSchema, type ReceivableFormValues } from "@/lib/portal/forms/receivable-form";
import type { FormTexts } from "@/lib/portal/forms/texts";
import type { Locale } from "@/lib/portal/i18n/locale";
import { collectionNeedsNoticeDate } from "@/lib/spec/minimum-data";

import { TextField } from "./form-field";
import { FormButtons, PostedResult, PreviewPanel } from "./job-form-parts";
import { ConnectionField, JobRecipientAndDelivery } from "./recipient-fields";
import { useJobForm, type JobFormActions } from "./use-job-form-actions";

/* A reminder (jobtype 1) or a collection (jobtype 2) of a receivable invoiced in another system. */

interface Props {
  connections: readonly FormConnection[];
  initialValues: ReceivableFormValues;
  actions: JobFormActions;
  texts: FormTexts;
  locale: Locale;
}

export function ReceivableForm({ connections, initialValues, actions, texts, locale }: Props) {
  const { form, formRef, country, busy, status, previewUrl, closePreview, posted, preview, post, saveDraft } = useJobForm<ReceivableFormValues>({
    connections,
    initialValues,
    resolver: (countryOf) => zodResolver(receivableFormResolverSchema(countryOf)),
    fields: RECEIVABLE_FORM_FIELDS,
    actions,
    texts,
    locale,
  });
  const collection = initialValues.jobtype === "2";

  if (posted) {
    return (
      <PostedResult
        posted={posted}
        texts={texts}
        locale={locale}
        newHref={collection ? "/collections/new" : "/reminders/new"}
        newLabel={collection ? texts.newCollection : texts.newReminder}
      />
    );
  }

  return (
    <FormProvider {...form}>
      <div className="space-y-6">
        <form ref={formRef} onSubmit={post} noValidate className="space-y-6">
          <OutcomeNotice outcome={status} />
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <ConnectionField connections={connections} texts={texts} locale={locale} />
          </div>
          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold">{texts.receivable}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="billnum" label={texts.billnum} locale={locale} />
              <TextField name="billcode" label={texts.billcode} locale={locale} hint={texts.billcodeHint} inputMode="numeric" />
              <TextField name="amount" label={texts.amount} locale={locale} inputMode="decimal" />
              <div aria-hidden="true" className="hidden sm:block" />
              <TextField name="billdate" type="date" label={texts.billdate} locale={locale} />
              <TextField name="paydate" type="date" label={texts.paydate} locale={locale} />
              {collection ? (
                <TextField
                  name="noticedate"
                  type="date"
                  label={texts.noticedate}
                  locale={locale}
                  hint={texts.noticedateHint}
                  optionalText={collectionNeedsNoticeDate(country) ? undefined : texts.optional}
                />
              ) : null}
            </div>
          </fieldset>
          <JobRecipientAndDelivery texts={texts} locale={locale} />
          <FormButtons busy={busy} texts={texts} onPreview={preview} onSaveDraft={saveDraft} />
        </form>
        <PreviewPanel url={previewUrl} texts={texts} onClose={closePreview} />
      </div>
    </FormProvider>
  );
}
