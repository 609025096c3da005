import type { Ref, SelectHTMLAttributes } from "react";

import { controlClass, type ControlLook } from "./input";

/*
 * A choice from a list: the native select in the look of the text inputs, kept native so that
 * keyboards, screen readers and phones offer their own picker and tests choose with selectOption.
 * Every prop is passed on, react-hook-form's register (its ref included) too.
 */

interface SelectProps extends ControlLook, Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> {
  /** Placement and width only: the look is the same everywhere. */
  layout?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ block, compact, mono, layout, ...props }: SelectProps) {
  return <select className={controlClass({ block, compact, mono }, { layout })} {...props} />;
}
