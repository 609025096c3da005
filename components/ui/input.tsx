import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";

/*
 * The portal's text controls: one look for every input, text area and select (select.tsx), so a
 * person sees at once where to type and which field is wrong (aria-invalid turns it red). They are
 * the native elements with every prop passed on, so labels, autofill, react-hook-form's register
 * (its ref included) and the browser's own checks work as before.
 */

export interface ControlLook {
  /** Under its label and as wide as its container (the default); false: inline, as wide as its content. */
  block?: boolean;
  /** Smaller padding, for a control in a toolbar or a table row. */
  compact?: boolean;
  /** Set in monospace, for codes, addresses and secrets a person copies character for character. */
  mono?: boolean;
}

const LOOK =
  "rounded-md border border-slate-400 text-sm text-slate-900 shadow-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/40 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700/30 disabled:bg-slate-100";

// A file input's own button, styled only where the input is type="file".
const FILE_BUTTON = "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium";

/** The classes of a control's look; `layout` adds only placement and width (max-w-xs, margins), never colour or padding. */
export function controlClass(
  { block = true, compact = false, mono = false }: ControlLook = {},
  { layout = "", readOnly = false }: { layout?: string; readOnly?: boolean } = {},
): string {
  // A read-only field is greyed, so nobody looks for a way to type in it; it still takes focus and copies.
  return [
    LOOK,
    readOnly ? "bg-slate-50" : "bg-white",
    FILE_BUTTON,
    compact ? "px-2 py-1" : "px-3 py-2",
    mono ? "font-mono" : "",
    block ? "mt-1 block w-full" : "",
    layout,
  ]
    .filter(Boolean)
    .join(" ");
}

interface InputProps extends ControlLook, Omit<InputHTMLAttributes<HTMLInputElement>, "className"> {
  /** Placement and width only: the look is the same everywhere. */
  layout?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ block, compact, mono, layout, ...props }: InputProps) {
  return <input className={controlClass({ block, compact, mono }, { layout, readOnly: props.readOnly })} {...props} />;
}

interface TextareaProps extends ControlLook, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> {
  /** Placement and width only: the look is the same everywhere. */
  layout?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ block, compact, mono, layout, ...props }: TextareaProps) {
  return <textarea className={controlClass({ block, compact, mono }, { layout, readOnly: props.readOnly })} {...props} />;
}
