import { z } from "zod";

import { fillTemplate } from "../../platform/fill-template";

/*
 * The portal speaks the languages of its users: Finnish, Swedish, Norwegian and English (the
 * interface's own language codes). Each area keeps its texts beside its code with defineTexts, so
 * a missing translation is a type error, not a blank on the page.
 */

export const LOCALES = ["eng", "fin", "swe", "nor"] as const;
export type Locale = (typeof LOCALES)[number];
export const localeSchema = z.enum(LOCALES);

export const LOCALE_NAMES: Record<Locale, string> = { eng: "English", fin: "Suomi", swe: "Svenska", nor: "Norsk" };

/** BCP 47 tags for Intl formatting and the html lang attribute. */
export const LOCALE_TAGS: Record<Locale, string> = { eng: "en-GB", fin: "fi-FI", swe: "sv-SE", nor: "nb-NO" };

export function defineTexts<T>(texts: Record<Locale, T>): Record<Locale, T> {
  return texts;
}

/** Fills "{name}" placeholders; texts stay plain strings, so they can be handed to client components. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return fillTemplate(template, values);
}
