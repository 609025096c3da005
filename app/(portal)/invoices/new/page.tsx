import { FormPageHeader } from "@/components/portal/forms/form-page-header";
import { InvoiceForm } from "@/components/portal/forms/invoice-form";
import { requireUser } from "@/lib/portal/auth/session";
import { defaultInvoiceValues, invoiceFormSchema } from "@/lib/portal/forms/invoice-form";
import { loadFormPage, restoreValues } from "@/lib/portal/forms/load-form-page";
import { FORM_TEXTS } from "@/lib/portal/forms/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { postInvoice, previewInvoice, saveInvoiceDraft } from "./actions";

export const generateMetadata = () => pageMetadata("newInvoice");

export default async function NewInvoicePage({ searchParams }: { searchParams: Promise<{ draft?: string | string[] }> }) {
  const user = await requireUser("clerk");
  const texts = FORM_TEXTS[user.locale];
  const setup = await loadFormPage(user, "invoice", (await searchParams).draft);
  const first = setup.connections[0];
  return (
    // The form keeps its own width; on a wide screen it makes room for the preview beside it.
    <div className="space-y-6">
      <div className="max-w-4xl">
        <FormPageHeader title={texts.invoiceTitle} intro={texts.invoiceIntro} setup={setup} texts={texts} locale={user.locale} />
      </div>
      {first ? (
        <InvoiceForm
          connections={setup.connections}
          initialValues={restoreValues(
            invoiceFormSchema,
            defaultInvoiceValues({ draftId: setup.draftId, connectionId: first.id, country: first.country, today: first.today }),
            setup.draftData,
            setup.connections,
          )}
          actions={{ preview: previewInvoice, post: postInvoice, saveDraft: saveInvoiceDraft }}
          texts={texts}
          locale={user.locale}
        />
      ) : null}
    </div>
  );
}
