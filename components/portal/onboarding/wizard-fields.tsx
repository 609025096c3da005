"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useFormContext } from "react-hook-form";

import { Checkbox, Radio } from "@/components/ui/choice";
import { ChoiceGroup, type FieldProps } from "@/components/ui/field";
import { FieldFrame, useFieldError } from "@/components/ui/field-frame";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Locale } from "@/lib/portal/i18n/locale";
import { labelOf, onboardingMessage, type OnboardingTexts } from "@/lib/portal/onboarding/texts";

/*
 * The wizard's inputs: each labelled, its hint and its error tied to it with aria-describedby,
 * aria-invalid set while it has an error, and the error said in the user's language. Field names
 * are the createprofile members' paths, and so are the labels' keys.
 */

interface WizardTextsValue {
  texts: OnboardingTexts;
  locale: Locale;
}

export const WizardTextsContext = createContext<WizardTextsValue | null>(null);

export function useWizardTexts(): WizardTextsValue {
  const value = useContext(WizardTextsContext);
  if (!value) throw new Error("useWizardTexts needs a WizardTextsContext");
  return value;
}

const fieldId = (name: string) => `ob-${name.replaceAll(".", "-")}`;

/** The error as shown, or undefined. */
function useShownError(name: string, label: string): string | undefined {
  const { texts, locale } = useWizardTexts();
  const error = useFieldError(name);
  return error ? onboardingMessage(error, label, texts, locale) : undefined;
}

interface FrameProps {
  name: string;
  label?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: FieldProps["children"];
}

/** A field of the wizard: its label, hint and error from the wizard's texts. */
function WizardFieldFrame({ name, label, hint, optional = true, className, children }: FrameProps) {
  const { texts, locale } = useWizardTexts();
  const text = label ?? labelOf(name, texts);
  const shownHint = hint ?? (texts.hints as Record<string, string | undefined>)[name.replace(/^users\.\d+\./, "users.")];
  return (
    <FieldFrame
      name={name}
      id={fieldId(name)}
      label={text}
      optionalText={optional ? texts.optional : undefined}
      hint={shownHint}
      inWords={(message) => onboardingMessage(message, text, texts, locale)}
      className={className}
    >
      {children}
    </FieldFrame>
  );
}

interface TextFieldProps extends Omit<FrameProps, "children"> {
  type?: "text" | "email" | "tel" | "url";
  inputMode?: "text" | "numeric" | "email" | "tel" | "url";
  autoComplete?: string;
}

export function WizardTextField({ type = "text", inputMode, autoComplete = "off", ...frame }: TextFieldProps) {
  const { register } = useFormContext();
  return (
    <WizardFieldFrame {...frame}>
      {(aria) => <Input {...aria} type={type} inputMode={inputMode} autoComplete={autoComplete} spellCheck={false} {...register(frame.name)} />}
    </WizardFieldFrame>
  );
}

export interface Choice {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<FrameProps, "children"> {
  choices: readonly Choice[];
  /** The label of the empty choice; none when the field always has a value. */
  empty?: string;
}

export function WizardSelectField({ choices, empty, ...frame }: SelectFieldProps) {
  const { register } = useFormContext();
  return (
    <WizardFieldFrame {...frame}>
      {(aria) => (
        <Select {...aria} {...register(frame.name)}>
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      )}
    </WizardFieldFrame>
  );
}

/** Several checkboxes of one member (an array of codes): one fieldset, its legend the label. */
export function WizardCheckboxGroup({ name, choices, hint }: { name: string; choices: readonly Choice[]; hint?: string }) {
  const { register } = useFormContext();
  const { texts } = useWizardTexts();
  const label = labelOf(name, texts);
  const error = useShownError(name, label);
  const id = fieldId(name);
  return (
    <ChoiceGroup id={id} legend={label} optionalText={texts.optional} hint={hint} error={error}>
      {(choiceAria) => (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {choices.map((choice, index) => (
            <Checkbox key={choice.value} value={choice.value} label={choice.label} boxed {...choiceAria(index)} {...register(name)} />
          ))}
        </div>
      )}
    </ChoiceGroup>
  );
}

/** One choice among a few, each with a line of explanation. */
export function WizardRadioGroup({ name, legend, choices }: { name: string; legend: string; choices: readonly (Choice & { hint: string })[] }) {
  const { register } = useFormContext();
  const id = fieldId(name);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        {choices.map((choice) => (
          <Radio key={choice.value} id={`${id}-${choice.value}`} value={choice.value} label={choice.label} hint={choice.hint} boxed {...register(name)} />
        ))}
      </div>
    </fieldset>
  );
}

/** A yes-or-no member with its meaning explained beside it. */
export function WizardCheckbox({ name, label, hint }: { name: string; label: string; hint: string }) {
  const { register } = useFormContext();
  return <Checkbox id={fieldId(name)} label={label} hint={hint} boxed {...register(name)} />;
}

export function FieldGroup({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`rounded-lg border border-slate-200 bg-white p-4 ${className ?? ""}`}>
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
