"use client";

import { useFormContext, type RegisterOptions } from "react-hook-form";

import { Radio } from "@/components/ui/choice";
import { ChoiceGroup } from "@/components/ui/field";
import { FieldFrame, useFieldError, type FieldFrameProps } from "@/components/ui/field-frame";
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

/** A job form's member as a FieldFrame takes it: its id, and its error in the user's language. */
export function jobField(name: string, label: string, locale: Locale): Pick<FieldFrameProps, "name" | "id" | "label" | "inWords"> {
  return { name, id: fieldId(name), label, inWords: (message) => fieldMessage(message, label, locale) };
}

interface JobFieldProps {
  name: string;
  label: string;
  locale: Locale;
  hint?: string;
  optionalText?: string;
  className?: string;
}

interface TextFieldProps extends JobFieldProps {
  type?: "text" | "email" | "date" | "tel";
  inputMode?: "text" | "decimal" | "numeric" | "email";
  autoComplete?: string;
  options?: RegisterOptions;
  inputClassName?: string;
  /** The id of a datalist of suggestions. */
  list?: string;
}

export function TextField({ type = "text", inputMode, autoComplete = "off", options, inputClassName, list, name, label, locale, ...frame }: TextFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame {...jobField(name, label, locale)} {...frame}>
      {(aria) => (
        <Input {...aria} type={type} inputMode={inputMode} autoComplete={autoComplete} list={list} layout={inputClassName} {...register(name, options)} />
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps extends JobFieldProps {
  choices: readonly { value: string; label: string }[];
  options?: RegisterOptions;
}

export function SelectField({ choices, options, name, label, locale, ...frame }: SelectFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame {...jobField(name, label, locale)} {...frame}>
      {(aria) => (
        <Select {...aria} {...register(name, options)}>
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

/**
 * Whether the recipient is a person ("2") or a company ("1"), as radio buttons; every recipient
 * form has it. Its error is said under the group and tied to it; the first choice carries
 * aria-invalid and the error (ChoiceGroup), since the form moves focus there.
 */
export function CustomerTypeField({ legend, labels, locale }: { legend: string; labels: Record<"1" | "2", string>; locale: Locale }) {
  const { register } = useFormContext();
  const error = useFieldError("customertype");
  return (
    <ChoiceGroup id={fieldId("customertype")} legend={legend} error={error ? fieldMessage(error, legend, locale) : undefined}>
      {(choiceAria) => (
        <div className="mt-2 flex flex-wrap gap-4">
          {(["2", "1"] as const).map((value, index) => (
            <Radio key={value} value={value} label={labels[value]} {...choiceAria(index)} {...register("customertype")} />
          ))}
        </div>
      )}
    </ChoiceGroup>
  );
}
