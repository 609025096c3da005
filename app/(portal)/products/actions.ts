"use server";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { productActiveSchema, productFormSchema, saveProduct, setProductActive } from "@/lib/portal/products/products";

/* The product and price list: clerks and admins add, change and deactivate. */

export const saveProductAction = validatedAction(productFormSchema, "clerk", (input, user) => saveProduct(getDb(), user, input));

export const setProductActiveAction = validatedAction(productActiveSchema, "clerk", (input, user) => setProductActive(getDb(), user, input));
