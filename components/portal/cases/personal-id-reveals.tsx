import type { PersonalIdReveal } from "@/lib/portal/cases/reveal-personal-id";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { listMemberLabel } from "@/lib/portal/forms/field-words";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

/* The record of a case's personal ids shown whole (lib/portal/cases/reveal-personal-id.ts), for an admin. */

export function PersonalIdReveals({ reveals, texts, locale }: { reveals: PersonalIdReveal[]; texts: CaseTexts["personalId"]; locale: Locale }) {
  return (
    <section aria-labelledby="personal-id-reveals-heading" className="space-y-2">
      <h2 id="personal-id-reveals-heading" className="text-lg font-semibold">
        {texts.revealsHeading}
      </h2>
      {reveals.length === 0 ? (
        <p className="text-sm text-slate-700">{texts.revealsNone}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {reveals.map((reveal, index) => (
            <li key={index}>
              {fillText(texts.revealLine, {
                name: reveal.userName,
                email: reveal.userEmail,
                member: listMemberLabel(reveal.member, locale),
                time: formatTime(reveal.createdAt, locale) ?? reveal.createdAt,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
