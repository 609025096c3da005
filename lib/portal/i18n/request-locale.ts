import Negotiator from "negotiator";
import { headers } from "next/headers";

import { getPortalUser } from "../auth/session";

import type { Locale } from "./locale";

/*
 * The language of a page: the signed-in user's own choice, and before sign-in the browser's
 * Accept-Language, negotiated over the portal's four languages (Norwegian as Bokmål, Nynorsk or
 * plain "no"), English when it names none of them.
 */

const LANGUAGES: Record<string, Locale> = { fi: "fin", sv: "swe", nb: "nor", nn: "nor", no: "nor", en: "eng" };

export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return "eng";
  const [best] = new Negotiator({ headers: { "accept-language": header } }).languages(Object.keys(LANGUAGES));
  return (best && LANGUAGES[best.toLowerCase()]) || "eng";
}

export async function requestLocale(): Promise<Locale> {
  const user = await getPortalUser();
  if (user) return user.locale;
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}
