import Link from "next/link";

import { DeleteDraftButton } from "@/components/portal/forms/delete-draft-button";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { textLinkClass } from "@/components/ui/text-link";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { DRAFT_PATHS, listDrafts } from "@/lib/portal/drafts/drafts";
import { FORM_TEXTS } from "@/lib/portal/forms/texts";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { deleteDraftAction } from "./actions";

export const generateMetadata = () => pageMetadata("drafts");

export default async function DraftsPage() {
  const user = await requireUser("clerk");
  const texts = FORM_TEXTS[user.locale];
  const drafts = await listDrafts(getDb(), { organizationId: user.organizationId, userId: user.id });
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={texts.draftsTitle} intro={texts.draftsIntro} />
      {drafts.length === 0 ? (
        <EmptyState>{texts.draftsEmpty}</EmptyState>
      ) : (
        <DataTable
          caption={texts.draftsTitle}
          columns={[{ header: texts.draftKind }, { header: texts.draftTitle }, { header: texts.draftUpdated }, { header: texts.actionsColumn, srOnly: true }]}
        >
          {drafts.map((draft) => {
            const title = draft.title || texts.untitled;
            return (
              <DataRow key={draft.id} testId="draft-row">
                <DataCell>{texts.draftKinds[draft.kind]}</DataCell>
                <DataCell strong>{title}</DataCell>
                <DataCell nowrap>
                  <time dateTime={draft.updatedAt.toISOString()}>{formatTime(draft.updatedAt, user.locale)}</time>
                </DataCell>
                <DataCell>
                  <div className="flex flex-wrap gap-3">
                    <Link
                      href={`${DRAFT_PATHS[draft.kind]}?draft=${draft.id}`}
                      className={textLinkClass}
                      aria-label={`${texts.open}: ${texts.draftKinds[draft.kind]} ${title}`}
                    >
                      {texts.open}
                    </Link>
                    <DeleteDraftButton
                      draftId={draft.id}
                      texts={{
                        start: texts.delete,
                        startAccessible: fillText(texts.deleteDraft, { title }),
                        question: fillText(texts.deleteDraftQuestion, { title }),
                        confirm: texts.delete,
                        keep: texts.keep,
                      }}
                      action={deleteDraftAction}
                    />
                  </div>
                </DataCell>
              </DataRow>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}
