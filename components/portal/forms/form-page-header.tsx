import { EmptyState, PageHeader } from "@/components/ui/page-header";
import type { FormPageSetup } from "@/lib/portal/forms/load-form-page";
import { type FormTexts } from "@/lib/portal/forms/texts";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

/** A job form's heading, and what the page knows before the form: a restored or missing draft, no connections. */
export function FormPageHeader({
  title,
  intro,
  setup,
  texts,
  locale,
}: {
  title: string;
  intro: string;
  setup: FormPageSetup;
  texts: FormTexts;
  locale: Locale;
}) {
  return (
    <PageHeader title={title} intro={intro}>
      {setup.draftSavedAt ? (
        <p role="status" className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {fillText(texts.draftRestored, { time: formatTime(setup.draftSavedAt, locale) ?? "" })}
        </p>
      ) : null}
      {setup.draftMissing ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {texts.draftMissing}
        </p>
      ) : null}
      {setup.connections.length === 0 ? <EmptyState>{texts.noConnections}</EmptyState> : null}
    </PageHeader>
  );
}
