import type { Metadata } from "next";

import { FormPageHeader } from "@/components/portal/forms/form-page-header";
import { ReceivableForm } from "@/components/portal/forms/receivable-form";
import { requireUser } from "@/lib/portal/auth/session";
import { loadFormPage, restoreValues } from "@/lib/portal/forms/load-form-page";
import { defaultReceivableValues, receivableFormSchema } from "@/lib/portal/forms/receivable-form";
import { FORM_TEXTS } from "@/lib/portal/forms/texts";

import { postReminder, previewReminder, saveReminderDraft } from "./actions";

export const metadata: Metadata = { title: "New reminder" };

export default async function NewReminderPage({ searchParams }: { searchParams: Promise<{ draft?: string | string[] }> }) {
  const user = await requireUser("clerk");
  const texts = FORM_TEXTS[user.locale];
  const setup = await loadFormPage(user, "reminder", (await searchParams).draft);
  const first = setup.connections[0];
  return (
    <div className="max-w-4xl space-y-6">
      <FormPageHeader title={texts.reminderTitle} intro={texts.reminderIntro} setup={setup} texts={texts} locale={user.locale} />
      {first ? (
        <ReceivableForm
          connections={setup.connections}
          initialValues={{
            ...restoreValues(
              receivableFormSchema,
              defaultReceivableValues({ draftId: setup.draftId, connectionId: first.id, country: first.country, jobtype: "1" }),
              setup.draftData,
              setup.connections,
            ),
            jobtype: "1",
          }}
          actions={{ preview: previewReminder, post: postReminder, saveDraft: saveReminderDraft }}
          texts={texts}
          locale={user.locale}
        />
      ) : null}
    </div>
  );
}
