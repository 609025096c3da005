import { englishRule } from "../../spec/rules";

import type { Locale } from "./locale";
import { keyedText } from "./messages";
import { ruleText } from "./rule-texts";

/*
 * The service states its rules in English as predicates of the member ("is required", "must be a
 * valid IBAN", "looks like an RF creditor reference…", "names a file that is not a PDF"): in English
 * such a rule reads on from the field's label. Anything else it says is not a predicate and does not.
 */
const PREDICATE = /^(is|must|looks|has|names)\b/;

interface Style {
  /** An English rule read on from the label is a sentence with a full stop, as the onboarding wizard writes its texts. */
  fullStop?: boolean;
  /** An English message that is no predicate is shown as it came: the field's frame already names the field. */
  bare?: boolean;
}

/**
 * A field's problem as the user reads it: the portal's own message by its key, in another language
 * a rule of the catalogue by its key (lib/portal/i18n/rule-texts.ts) or else the service's words
 * after the label, and in English a rule read on from the label.
 */
export function fieldProblemText(message: string, label: string, locale: Locale, style: Style = {}): string {
  const own = keyedText(message, locale);
  if (own) return own;
  if (locale !== "eng") return ruleText(message, locale) ?? `${label}: ${message}`;
  const english = englishRule(message) ?? message;
  if (PREDICATE.test(english)) return `${label} ${english}${style.fullStop ? "." : ""}`;
  return style.bare ? english : `${label}: ${english}`;
}
