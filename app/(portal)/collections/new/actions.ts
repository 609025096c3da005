"use server";

import { validatedAction } from "@/lib/portal/actions/validated-action";
import { COLLECTION_KIND, postFormJob, previewFormJob, saveFormDraft } from "@/lib/portal/forms/form-actions";

/* The collection form's server actions: clerks and admins only; jobtype 2 only. */

export const previewCollection = validatedAction(COLLECTION_KIND.schema, "clerk", (values, user) => previewFormJob(COLLECTION_KIND, values, user));
export const postCollection = validatedAction(COLLECTION_KIND.schema, "clerk", (values, user) => postFormJob(COLLECTION_KIND, values, user));
export const saveCollectionDraft = validatedAction(COLLECTION_KIND.schema, "clerk", (values, user) => saveFormDraft(COLLECTION_KIND, values, user));
