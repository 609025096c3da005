"use client";

import type { ReactNode } from "react";
import { get, useFormContext, useFormState, type FieldError, type RegisterOptions } from "react-hook-form";

import { fieldMessage } from "@/lib/portal/forms/texts";
import type { Locale } from "@/lib/portal/i18n/locale";

/*
 * One labelled input of a form, its error tied to it (aria-invalid, aria-describedby) and written
 * in the user's language. Used inside a FormProvider; the forms share their members' names, so the
 * same field serves the invoice and the reminder.
 */

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/40 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700/30 disabled:bg-slate-100";

export const fieldId = (name: string) => `f-${name.replaceAll(".", "-")}`;

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
  children: (props: { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined }) => ReactNode;
}

export function FieldFrame({ name, label, locale, hint, optionalText, className, children }: FieldFrameProps) {
  const error = useFieldError(name);
  const id = fieldId(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optionalText ? <span className="ml-1 font-normal text-slate-600">({optionalText})</span> : null}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {fieldMessage(error, label, locale)}
        </p>
      ) : null}
    </div>
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
        <input
          {...aria}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          list={list}
          className={`${inputClass} ${inputClassName ?? ""}`}
          {...register(frame.name, options)}
        />
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
        <select {...aria} className={inputClass} {...register(frame.name, options)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
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
