import { LetterForm } from "@/components/portal/letters/letter-form";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { listFormConnections } from "@/lib/portal/connections/form-connections";
import { countryChoices } from "@/lib/portal/letters/country-choices";
import { defaultLetterValues } from "@/lib/portal/letters/letter-form";
import { LETTER_TEXTS } from "@/lib/portal/letters/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { postLetter } from "./actions";

export const generateMetadata = () => pageMetadata("newLetter");

export default async function NewLetterPage() {
  const user = await requireUser("clerk");
  const texts = LETTER_TEXTS[user.locale];
  const connections = await listFormConnections(getDb(), user.organizationId);
  const countries = countryChoices(user.locale);
  const first = connections[0];
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={texts.title} intro={texts.intro} />
      {first ? (
        <LetterForm
          connections={connections}
          countries={countries}
          initialValues={defaultLetterValues({
            connectionId: first.id,
            country: first.country,
            countryName: countries.find((country) => country.code === first.country)?.name,
          })}
          post={postLetter}
          texts={texts}
          locale={user.locale}
        />
      ) : (
        <EmptyState>{texts.noConnections}</EmptyState>
      )}
    </div>
  );
}
