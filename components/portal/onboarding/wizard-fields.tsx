"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useFormContext } from "react-hook-form";

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
            <label
              key={choice.value}
              className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
            >
              <input type="checkbox" value={choice.value} className="h-4 w-4 accent-blue-700" {...choiceAria(index)} {...register(name)} />
              {choice.label}
            </label>
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
          <label
            key={choice.value}
            className="flex gap-3 rounded-md border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              value={choice.value}
              className="mt-0.5 h-4 w-4 accent-blue-700"
              aria-describedby={`${id}-${choice.value}-hint`}
              {...register(name)}
            />
            <span>
              <span className="block font-medium text-slate-900">{choice.label}</span>
              <span id={`${id}-${choice.value}-hint`} className="block text-slate-700">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A yes-or-no member with its meaning explained beside it. */
export function WizardCheckbox({ name, label, hint }: { name: string; label: string; hint: string }) {
  const { register } = useFormContext();
  const id = fieldId(name);
  return (
    <div className="flex gap-3 rounded-md border border-slate-300 bg-white p-3">
      <input id={id} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700" aria-describedby={`${id}-hint`} {...register(name)} />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-slate-700">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function FieldGroup({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`rounded-lg border border-slate-200 bg-white p-4 ${className ?? ""}`}>
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
