"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { ActionError, validatedAction } from "@/lib/portal/actions/validated-action";
import { clientFor, getConnection } from "@/lib/portal/connections/connections";
import { registerReceiver } from "@/lib/portal/events/register-receiver";
import { setEventMode } from "@/lib/portal/events/set-event-mode";
import { keyed } from "@/lib/portal/i18n/messages";
import { revealReceiverCredentials } from "@/lib/portal/receiver/receiver-credentials";
import { rotateAndRegister } from "@/lib/portal/receiver/rotate-and-register";

const PATH = "/settings/receiver";
const connectionInput = z.object({ connectionId: z.string().min(1).max(100) });

/** The secrets in the clear, only when an admin asks for them: the page itself never carries them. */
export const revealReceiverSecretsAction = validatedAction(z.object({}), "admin", async (_input, user) => {
  const credentials = await revealReceiverCredentials(getDb(), user.organizationId);
  return { clientSecret: credentials.clientSecret, basicPassword: credentials.basicPassword };
});

export const rotateReceiverCredentialsAction = validatedAction(z.object({}), "admin", async (_input, user) => {
  const outcome = await rotateAndRegister(getDb(), { organizationId: user.organizationId, publicBaseUrl: getEnv().PUBLIC_BASE_URL });
  revalidatePath(PATH);
  return outcome;
});

export const registerReceiverNowAction = validatedAction(connectionInput, "admin", async (input, user) => {
  const connection = await getConnection(getDb(), { organizationId: user.organizationId, connectionId: input.connectionId });
  if (connection.eventMode !== "push") throw new ActionError(keyed("pollsNotPush"));
  const outcome = await registerReceiver(getDb(), {
    organizationId: user.organizationId,
    connection,
    publicBaseUrl: getEnv().PUBLIC_BASE_URL,
    client: clientFor(connection),
  });
  revalidatePath(PATH);
  if (!outcome.ok) throw new ActionError(outcome.error);
  return null;
});

export const setEventModeAction = validatedAction(connectionInput.extend({ mode: z.enum(["push", "poll"]) }), "admin", async (input, user) => {
  const connection = await getConnection(getDb(), { organizationId: user.organizationId, connectionId: input.connectionId });
  const outcome = await setEventMode(getDb(), {
    organizationId: user.organizationId,
    connection,
    mode: input.mode,
    publicBaseUrl: getEnv().PUBLIC_BASE_URL,
    client: clientFor(connection),
  });
  revalidatePath(PATH);
  if (!outcome.ok) throw new ActionError(outcome.error);
  return null;
});
