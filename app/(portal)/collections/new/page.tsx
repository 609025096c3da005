import type { Metadata } from "next";

import { ReceivablePage } from "@/components/portal/forms/receivable-page";

import { postCollection, previewCollection, saveCollectionDraft } from "./actions";

export const metadata: Metadata = { title: "New collection" };

export default function NewCollectionPage({ searchParams }: { searchParams: Promise<{ draft?: string | string[] }> }) {
  return <ReceivablePage kind="collection" searchParams={searchParams} actions={{ preview: previewCollection, post: postCollection, saveDraft: saveCollectionDraft }} />;
}
