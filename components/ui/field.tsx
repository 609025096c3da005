import type { ReactNode } from "react";

/*
 * One labelled field: its label (with "optional" where said), the control, a hint and an error,
 * the control tied to both by aria-describedby and marked aria-invalid while the error shows. The
 * words come from the form that uses it, already in the user's language. The control itself is an
 * Input, Textarea or Select (input.tsx, select.tsx), given the aria props it is handed.
 */

export interface FieldAria {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  id: string;
  label: string;
  /** "optional" in the user's language, shown after the label; absent for a required field. */
  optionalText?: string;
  hint?: string;
  /** The error as the user reads it. */
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}

export function Field({ id, label, optionalText, hint, error, className, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optionalText ? <span className="font-normal text-slate-600"> ({optionalText})</span> : null}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
