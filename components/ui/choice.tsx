import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

/*
 * A checkbox or a radio button with its label, the portal's one look for a choice. The control is
 * the native input, every prop passed on, so keyboards, screen readers, react-hook-form's register
 * (its ref included) and the browser's own checks work as ever. It is named by its label: the label
 * wraps it, so the whole label chooses. A choice with a line of explanation is wrapped the same way,
 * the explanation inside the label, so the whole box still chooses; its name is the label's text
 * alone (aria-labelledby) and the explanation is its description (aria-describedby), so the name
 * stays short and the explanation is read after it. The
 * aria props a ChoiceGroup hands a choice (aria-invalid, the group's error) are kept, after the
 * explanation, as a Field orders a hint and an error.
 */

// The mark itself: outlined when reached by keyboard, as a button is, and red while invalid.
const MARK =
  "h-4 w-4 shrink-0 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-700 disabled:cursor-not-allowed";

// A boxed choice is marked while chosen, so a grid of them reads at a glance.
const BOX = "rounded-md border border-slate-300 bg-white has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50";

interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "type" | "children"> {
  /** What the choice is, in the user's words: its accessible name. */
  label: ReactNode;
  /** A line that explains the choice, read as its description. */
  hint?: ReactNode;
  /** In a bordered box of its own, marked while chosen (a grid of larger choices). */
  boxed?: boolean;
  /** Placement only (margins, a grid cell), never the look. */
  layout?: string;
  ref?: Ref<HTMLInputElement>;
}

function Choice({ type, label, hint, boxed = false, layout, ...input }: ChoiceProps & { type: "checkbox" | "radio" }) {
  const ownId = useId();
  if (!hint) {
    const className = ["flex items-center gap-2 text-sm", boxed ? `${BOX} px-3 py-2` : "", layout].filter(Boolean).join(" ");
    return (
      <label className={className}>
        <input type={type} className={MARK} {...input} />
        {label}
      </label>
    );
  }
  const id = input.id ?? ownId;
  const describedBy = [`${id}-hint`, input["aria-describedby"]].filter(Boolean).join(" ");
  const className = ["flex gap-3 text-sm", boxed ? `${BOX} p-3` : "", layout].filter(Boolean).join(" ");
  return (
    <label className={className}>
      <input type={type} className={`${MARK} mt-0.5`} {...input} id={id} aria-labelledby={`${id}-label`} aria-describedby={describedBy} />
      <span>
        <span id={`${id}-label`} className="block font-medium text-slate-900">
          {label}
        </span>
        <span id={`${id}-hint`} className="mt-0.5 block text-slate-700">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A yes-or-no choice, or one of several in a ChoiceGroup that may all be chosen. */
export function Checkbox(props: ChoiceProps) {
  return <Choice type="checkbox" {...props} />;
}

/** One choice of a ChoiceGroup that takes exactly one. */
export function Radio(props: ChoiceProps) {
  return <Choice type="radio" {...props} />;
}
