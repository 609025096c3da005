"use client";

import { get, useFormState, type FieldError } from "react-hook-form";

import { Field, type FieldProps } from "./field";

/** A member's error in a react-hook-form form, as the schema said it; undefined while it has none. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as (FieldError & { root?: FieldError }) | undefined;
  // An array's own error (a field array "must have at least one row") may sit at its root.
  return error?.message ?? error?.root?.message;
}

export interface FieldFrameProps extends Omit<FieldProps, "error"> {
  /** The member's path in the form's values, where its error is read. */
  name: string;
  /** The error put in the user's words, by the form that knows its texts and language. */
  inWords: (message: string) => string;
}

/**
 * A Field of a react-hook-form form (the job forms, the letter form, the onboarding wizard): its
 * error read from the form by the member's name, so each form only says how it words errors.
 */
export function FieldFrame({ name, inWords, ...field }: FieldFrameProps) {
  const error = useFieldError(name);
  return <Field {...field} error={error ? inWords(error) : undefined} />;
}
