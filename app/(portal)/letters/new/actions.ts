"use server";

import { validatedAction } from "@/lib/portal/actions/validated-action";
import { letterFormSchema } from "@/lib/portal/letters/letter-form";
import { postLetter as postLetterJob } from "@/lib/portal/letters/post-letter";

/* The letter form's server action: clerks and admins only; a viewer is refused by validatedAction. */

export const postLetter = validatedAction(letterFormSchema, "clerk", (values, user) => postLetterJob(values, user));
