"use server";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { customerFormSchema, updateCustomer } from "@/lib/portal/customers/update-customer";

/* Editing a customer of the register: clerks and admins. */

export const updateCustomerAction = validatedAction(customerFormSchema, "clerk", (input, user) => updateCustomer(getDb(), user, input));
