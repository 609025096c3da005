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

/** The ids a control, or a group of them, is described by: its hint, then its error. */
const describedByOf = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

function Optional({ text }: { text?: string }) {
  return text ? <span className="font-normal text-slate-600"> ({text})</span> : null;
}

function HintAndError({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
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
    </>
  );
}

export function Field({ id, label, optionalText, hint, error, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        <Optional text={optionalText} />
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedByOf(id, hint, error) })}
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** The aria props of one choice in a ChoiceGroup. */
interface ChoiceAria {
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A question answered by a group of choices (radio buttons, checkboxes): a fieldset named by its
 * legend, with a Field's hint and error, tied to the group. The choices are the caller's; given as
 * a function, they get each choice's aria props by its index. A form moves focus to its first
 * invalid control, and a fieldset has no invalid state to announce, so while the group has an
 * error the first choice says aria-invalid, and is described by the error itself: some screen
 * readers read a focused control's own description but not its fieldset's, and would otherwise
 * say "invalid" without the reason.
 */
export function ChoiceGroup({
  id,
  legend,
  optionalText,
  hint,
  error,
  className,
  children,
}: Omit<FieldProps, "label" | "children"> & { legend: string; children: ReactNode | ((choiceAria: (index: number) => ChoiceAria) => ReactNode) }) {
  const choiceAria = (index: number): ChoiceAria =>
    error && index === 0 ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : { "aria-invalid": undefined, "aria-describedby": undefined };
  return (
    <fieldset className={className} aria-describedby={describedByOf(id, hint, error)}>
      <legend className="text-sm font-medium text-slate-900">
        {legend}
        <Optional text={optionalText} />
      </legend>
      {typeof children === "function" ? children(choiceAria) : children}
      <HintAndError id={id} hint={hint} error={error} />
    </fieldset>
  );
}
