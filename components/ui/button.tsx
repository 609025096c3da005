import type { ButtonHTMLAttributes, Ref } from "react";

/*
 * The portal's buttons: one look per role, so a person learns it once. A link that acts as a
 * button (a page to go to, a file to download) takes the same look through buttonClass.
 */

type ButtonVariant =
  /** The one thing a page or form is for: post, sign in, save. */
  | "primary"
  /** Everything else a person may do beside it. */
  | "secondary"
  /** Something that cannot be undone, asked for once more before (ConfirmStep). */
  | "danger"
  /** The way into a destructive step, before it is confirmed. */
  | "danger-secondary"
  /** A small action inside text: show in full, change. */
  | "link"
  /** An action in the page's frame, as quiet as the words around it: sign out, go back to a step. */
  | "quiet";

type ButtonSize = "md" | "sm";

const BASE = "rounded-md text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700",
  secondary: "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 focus-visible:outline-blue-700",
  danger: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700",
  "danger-secondary": "border border-red-700 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700",
  link: "text-blue-800 underline hover:text-blue-950 focus-visible:outline-blue-700",
  quiet: "text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline focus-visible:outline-blue-700",
};

const SIZES: Record<ButtonSize, string> = { md: "px-4 py-2", sm: "px-3 py-1.5" };

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** As wide as its container (a sign-in form's one button). */
  block?: boolean;
}

/** The classes of a button's look; `layout` adds only placement (margins), never colour or size. */
export function buttonClass({ variant = "secondary", size = "md", block = false }: ButtonLook = {}, layout = ""): string {
  const box = variant === "link" ? "" : `inline-block text-center ${SIZES[size]}`;
  return [BASE, box, VARIANTS[variant], block ? "w-full" : "", layout].filter(Boolean).join(" ");
}

interface ButtonProps extends ButtonLook, Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> {
  /** Placement only (margins): the look comes from variant and size. */
  layout?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A button; `type` is "button" unless said, so a button in a form never submits it by accident. */
export function Button({ variant, size, block, layout, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, layout)} {...props} />;
}
