import { DebtorShell } from "@/app/d/_components/debtor-shell";
import { PAGE_TEXTS, pageLanguage } from "@/lib/service/debtor/page-texts";

/** A link that opens nothing: not the service's, or its case closed long ago. Nothing of any case shows. */
export function LinkProblem({ state, asked }: { state: "unknown" | "expired"; asked: string | undefined }) {
  const language = pageLanguage(asked, "eng");
  const texts = PAGE_TEXTS[language];
  const problem = state === "expired" ? texts.expired : texts.notFound;
  return (
    <DebtorShell language={language} languageLabel={texts.language} creditor={null}>
      <h1 className="text-2xl font-bold text-slate-900">{problem.title}</h1>
      <p className="text-slate-700">{problem.body}</p>
    </DebtorShell>
  );
}
