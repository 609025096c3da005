"use client";

import { get, useFormContext, useFormState, type FieldError, type RegisterOptions } from "react-hook-form";

import { Field, type FieldProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { fieldMessage } from "@/lib/portal/forms/texts";
import type { Locale } from "@/lib/portal/i18n/locale";

/*
 * One labelled input of a form, its error tied to it (aria-invalid, aria-describedby) and written
 * in the user's language. Used inside a FormProvider; the forms share their members' names, so the
 * same field serves the invoice and the reminder.
 */

const fieldId = (name: string) => `f-${name.replaceAll(".", "-")}`;

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as (FieldError & { root?: FieldError }) | undefined;
  // An array's own error (a field array "must have at least one row") may sit at its root.
  return error?.message ?? error?.root?.message;
}

interface FieldFrameProps {
  name: string;
  label: string;
  locale: Locale;
  hint?: string;
  optionalText?: string;
  className?: string;
  children: FieldProps["children"];
}

/** A field of a job form: its error from react-hook-form, in the user's language. */
export function FieldFrame({ name, label, locale, hint, optionalText, className, children }: FieldFrameProps) {
  const error = useFieldError(name);
  return (
    <Field
      id={fieldId(name)}
      label={label}
      optionalText={optionalText}
      hint={hint}
      error={error ? fieldMessage(error, label, locale) : undefined}
      className={className}
    >
      {children}
    </Field>
  );
}

interface TextFieldProps extends Omit<FieldFrameProps, "children"> {
  type?: "text" | "email" | "date" | "tel";
  inputMode?: "text" | "decimal" | "numeric" | "email";
  autoComplete?: string;
  options?: RegisterOptions;
  inputClassName?: string;
  /** The id of a datalist of suggestions. */
  list?: string;
}

export function TextField({ type = "text", inputMode, autoComplete = "off", options, inputClassName, list, ...frame }: TextFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <Input {...aria} type={type} inputMode={inputMode} autoComplete={autoComplete} list={list} layout={inputClassName} {...register(frame.name, options)} />
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<FieldFrameProps, "children"> {
  choices: readonly { value: string; label: string }[];
  options?: RegisterOptions;
}

export function SelectField({ choices, options, ...frame }: SelectFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame {...frame}>
      {(aria) => (
        <Select {...aria} {...register(frame.name, options)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      )}
    </FieldFrame>
  );
}

/** Whether the recipient is a person ("2") or a company ("1"), as radio buttons; every recipient form has it. */
export function CustomerTypeField({ legend, labels }: { legend: string; labels: Record<"1" | "2", string> }) {
  const { register } = useFormContext();
  const error = useFieldError("customertype");
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {(["2", "1"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} className="h-4 w-4 accent-blue-700" {...register("customertype")} />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
