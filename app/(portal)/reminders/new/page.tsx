import { ReceivablePage } from "@/components/portal/forms/receivable-page";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { postReminder, previewReminder, saveReminderDraft } from "./actions";

export const generateMetadata = () => pageMetadata("newReminder");

export default function NewReminderPage({ searchParams }: { searchParams: Promise<{ draft?: string | string[] }> }) {
  return (
    <ReceivablePage kind="reminder" searchParams={searchParams} actions={{ preview: previewReminder, post: postReminder, saveDraft: saveReminderDraft }} />
  );
}
