import type { Metadata } from "next";

import { ReceivablePage } from "@/components/portal/forms/receivable-page";

import { postReminder, previewReminder, saveReminderDraft } from "./actions";

export const metadata: Metadata = { title: "New reminder" };

export default function NewReminderPage({ searchParams }: { searchParams: Promise<{ draft?: string | string[] }> }) {
  return <ReceivablePage kind="reminder" searchParams={searchParams} actions={{ preview: previewReminder, post: postReminder, saveDraft: saveReminderDraft }} />;
}
