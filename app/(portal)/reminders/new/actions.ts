"use server";

import { validatedAction } from "@/lib/portal/actions/validated-action";
import { REMINDER_KIND, postFormJob, previewFormJob, saveFormDraft } from "@/lib/portal/forms/form-actions";

/* The reminder form's server actions: clerks and admins only; jobtype 1 only. */

export const previewReminder = validatedAction(REMINDER_KIND.schema, "clerk", (values, user) => previewFormJob(REMINDER_KIND, values, user));
export const postReminder = validatedAction(REMINDER_KIND.schema, "clerk", (values, user) => postFormJob(REMINDER_KIND, values, user));
export const saveReminderDraft = validatedAction(REMINDER_KIND.schema, "clerk", (values, user) => saveFormDraft(REMINDER_KIND, values, user));
