import { Notice } from "@/components/ui/notice";
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
        <Notice tone="info" role="status">
          {fillText(texts.draftRestored, { time: formatTime(setup.draftSavedAt, locale) ?? "" })}
        </Notice>
      ) : null}
      {setup.draftMissing ? (
        <Notice tone="warning" role="status">
          {texts.draftMissing}
        </Notice>
      ) : null}
      {setup.connections.length === 0 ? <EmptyState>{texts.noConnections}</EmptyState> : null}
    </PageHeader>
  );
}
