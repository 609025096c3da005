import { ReceivablePage } from "@/components/portal/forms/receivable-page";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { postCollection, previewCollection, saveCollectionDraft } from "./actions";

export const generateMetadata = () => pageMetadata("newCollection");

export default function NewCollectionPage({ searchParams }: { searchParams: Promise<{ draft?: string | string[] }> }) {
  return (
    <ReceivablePage
      kind="collection"
      searchParams={searchParams}
      actions={{ preview: previewCollection, post: postCollection, saveDraft: saveCollectionDraft }}
    />
  );
}
