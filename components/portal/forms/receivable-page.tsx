import { requireUser } from "@/lib/portal/auth/session";
import { loadFormPage, restoreValues } from "@/lib/portal/forms/load-form-page";
import { defaultReceivableValues, receivableFormSchema, type ReceivableJobtype } from "@/lib/portal/forms/receivable-form";
import { FORM_TEXTS } from "@/lib/portal/forms/texts";

import { FormPageHeader } from "./form-page-header";
import { ReceivableForm } from "./receivable-form";
import type { JobFormActions } from "./use-job-form-actions";

/*
 * The page of a new reminder (jobtype 1) or debt collection (jobtype 2): the same form over
 * another jobtype, its texts and its actions. A server component; each route only names its kind.
 */

const KINDS = {
  reminder: { jobtype: "1", title: "reminderTitle", intro: "reminderIntro" },
  collection: { jobtype: "2", title: "collectionTitle", intro: "collectionIntro" },
} as const satisfies Record<string, { jobtype: ReceivableJobtype; title: string; intro: string }>;

export async function ReceivablePage({
  kind,
  searchParams,
  actions,
}: {
  kind: keyof typeof KINDS;
  searchParams: Promise<{ draft?: string | string[] }>;
  actions: JobFormActions;
}) {
  const { jobtype, title, intro } = KINDS[kind];
  const user = await requireUser("clerk");
  const texts = FORM_TEXTS[user.locale];
  const setup = await loadFormPage(user, kind, (await searchParams).draft);
  const first = setup.connections[0];
  return (
    <div className="max-w-4xl space-y-6">
      <FormPageHeader title={texts[title]} intro={texts[intro]} setup={setup} texts={texts} locale={user.locale} />
      {first ? (
        <ReceivableForm
          connections={setup.connections}
          initialValues={{
            ...restoreValues(
              receivableFormSchema,
              defaultReceivableValues({ draftId: setup.draftId, connectionId: first.id, country: first.country, jobtype }),
              setup.draftData,
              setup.connections,
            ),
            jobtype,
          }}
          actions={actions}
          texts={texts}
          locale={user.locale}
        />
      ) : null}
    </div>
  );
}
