/*
 * A text's {name} parameters filled in: the interface's rule wording (lib/spec/rules.ts), its
 * translations for the portal and the onboarding wizard, and every portal text with values. One
 * parameter left without a value stays as written, so a missing value shows in the text instead of
 * vanishing, unless the caller says what it becomes (a rule's optional condition becomes "").
 */

export function fillTemplate(template: string, values: Readonly<Record<string, string | number | undefined>>, missing?: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? (missing ?? whole) : String(value);
  });
}
