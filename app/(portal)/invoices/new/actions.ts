"use server";

import { validatedAction } from "@/lib/portal/actions/validated-action";
import { INVOICE_KIND, postFormJob, previewFormJob, saveFormDraft } from "@/lib/portal/forms/form-actions";
import { invoiceFormSchema } from "@/lib/portal/forms/invoice-form";

/* The invoice form's server actions: clerks and admins only; a viewer is refused by validatedAction. */

export const previewInvoice = validatedAction(invoiceFormSchema, "clerk", (values, user) => previewFormJob(INVOICE_KIND, values, user));
export const postInvoice = validatedAction(invoiceFormSchema, "clerk", (values, user) => postFormJob(INVOICE_KIND, values, user));
export const saveInvoiceDraft = validatedAction(invoiceFormSchema, "clerk", (values, user) => saveFormDraft(INVOICE_KIND, values, user));
