import { LOCALE_TAGS, type Locale } from "../i18n/locale";

/*
 * The texts of the portal's error boundaries. A boundary renders in the browser without the user's
 * session, so it reads the page's language from the shell's lang attribute (app/(portal)/layout.tsx
 * sets it from the user's choice) instead of asking the server.
 */

export const ERROR_TEXTS: Record<Locale, { casesTitle: string; pageTitle: string; body: string; tryAgain: string }> = {
  eng: {
    casesTitle: "The cases could not be shown",
    pageTitle: "This page could not be shown",
    body: "Something went wrong on our side. Nothing was lost. Try again in a moment.",
    tryAgain: "Try again",
  },
  fin: {
    casesTitle: "Tapauksia ei voitu näyttää",
    pageTitle: "Tätä sivua ei voitu näyttää",
    body: "Jokin meni vikaan meidän päässämme. Mitään ei kadonnut. Yritä hetken päästä uudelleen.",
    tryAgain: "Yritä uudelleen",
  },
  swe: {
    casesTitle: "Ärendena kunde inte visas",
    pageTitle: "Sidan kunde inte visas",
    body: "Något gick fel hos oss. Inget gick förlorat. Försök igen om en stund.",
    tryAgain: "Försök igen",
  },
  nor: {
    casesTitle: "Sakene kunne ikke vises",
    pageTitle: "Siden kunne ikke vises",
    body: "Noe gikk galt hos oss. Ingenting gikk tapt. Prøv igjen om litt.",
    tryAgain: "Prøv igjen",
  },
};

/** The locale a lang attribute names ("fi-FI" → fin); English for anything else. */
export function localeOfTag(tag: string | null | undefined): Locale {
  const entry = Object.entries(LOCALE_TAGS).find(([, value]) => value === tag);
  return (entry?.[0] as Locale | undefined) ?? "eng";
}
