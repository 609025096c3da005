import Link from "next/link";

import { textLinkClass } from "@/components/ui/text-link";
import { getPortalUser } from "@/lib/portal/auth/session";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";

/** A case id that is not the organization's: answered as one that does not exist. */
export default async function CaseNotFound() {
  const user = await getPortalUser();
  const t = CASE_TEXTS[user?.locale ?? "eng"];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t.notFound}</h1>
      <Link href="/cases" className={textLinkClass}>
        ← {t.back}
      </Link>
    </div>
  );
}
