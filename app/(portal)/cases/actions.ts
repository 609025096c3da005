"use server";

import { revalidatePath } from "next/cache";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { deleteView, deleteViewInputSchema, saveView, saveViewInputSchema } from "@/lib/portal/cases/saved-views";

/* A user's own saved views of the case list (lib/portal/cases/saved-views.ts); every role keeps its own. */

export const saveViewAction = validatedAction(saveViewInputSchema, "viewer", async (input, user) => {
  const view = await saveView(getDb(), user, input);
  revalidatePath("/cases");
  return view;
});

export const deleteViewAction = validatedAction(deleteViewInputSchema, "viewer", async (input, user) => {
  await deleteView(getDb(), user, input);
  revalidatePath("/cases");
  return null;
});
