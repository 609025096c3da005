import Link from "next/link";

import { DeleteDraftButton } from "@/components/portal/forms/delete-draft-button";
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
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{texts.draftsTitle}</h1>
        <p className="max-w-3xl text-slate-700">{texts.draftsIntro}</p>
      </header>
      {drafts.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">{texts.draftsEmpty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse bg-white text-sm">
            <caption className="sr-only">{texts.draftsTitle}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="px-3 py-2">
                  {texts.draftKind}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.draftTitle}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.draftUpdated}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{texts.actionsColumn}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft) => {
                const title = draft.title || texts.untitled;
                return (
                  <tr key={draft.id} className="border-b border-slate-200" data-testid="draft-row">
                    <td className="px-3 py-2">{texts.draftKinds[draft.kind]}</td>
                    <td className="px-3 py-2 font-medium">{title}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={draft.updatedAt.toISOString()}>{formatTime(draft.updatedAt, user.locale)}</time>
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-3">
                        <Link
                          href={`${DRAFT_PATHS[draft.kind]}?draft=${draft.id}`}
                          className="text-blue-800 underline hover:text-blue-950"
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
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
