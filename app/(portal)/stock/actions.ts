"use server";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { defineStockItem, recordStock, stockItemFormSchema, stockMovementFormSchema } from "@/lib/portal/stock/stock";

/* Defining stock items and recording stock at the print house: clerks and admins. */

export const defineStockItemAction = validatedAction(stockItemFormSchema, "clerk", (input, user) => defineStockItem(getDb(), user, input));

export const recordStockAction = validatedAction(stockMovementFormSchema, "clerk", (input, user) => recordStock(getDb(), user, input));
