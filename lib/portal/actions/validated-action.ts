import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";

import { ServiceRequestError } from "../../client";
import { errorFields, log } from "../../log";
import { issueMessage, problemMessage, type SaidInAnswer } from "../../spec/problems";
import { mayAct, type Role } from "../auth/roles";
import { getPortalUser, type PortalUser } from "../auth/session";
import { serviceFailureLine } from "../events/describe-service-failure";
import { keyed, messageText } from "../i18n/messages";

import { ActionError, type FieldErrors } from "./action-error";

/*
 * Every server action of the portal goes through validatedAction: it authenticates, checks the
 * role on the server (hiding a button is not a permission), parses the input with zod, and returns
 * a typed result whose field errors a form can put on each field — also the service's own
 * problems, mapped from their `field` paths. Raw exception messages never reach the browser.
 * The result's message is said in the user's language here; field errors stay keys
 * (lib/portal/i18n/messages.ts), because the browser's own check of the same schema gives the same
 * keys and the form says both the same way.
 */

export type { FieldErrors };
export { ActionError };

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors: FieldErrors };

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    fields[key] ??= issueMessage(issue);
  }
  return fields;
}

/** The service names members "payrow[0].taxpr"; forms name them "payrow.0.taxpr". */
export function formFieldPath(field: string): string {
  return field.replace(/\[(\d+)\]/g, ".$1");
}

/** Field errors of problems[] (a rejected job's error, or a problem-details body). */
export function problemFieldErrors(problems: readonly ({ field: string | null } & SaidInAnswer)[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const problem of problems) if (problem.field) fields[formFieldPath(problem.field)] ??= problemMessage(problem);
  return fields;
}

function fromServiceError(error: ServiceRequestError, words: (message: string) => string): { message: string; fieldErrors: FieldErrors } {
  return { message: words(serviceFailureLine(error)), fieldErrors: problemFieldErrors(error.problem.problems ?? []) };
}

export function validatedAction<S extends z.ZodType, T>(schema: S, needed: Role, handler: (input: z.output<S>, user: PortalUser) => Promise<T>) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    const user = await getPortalUser();
    // Without a session there is no user's language to say it in.
    if (!user) return { ok: false, message: messageText(keyed("signInAgain"), "eng"), fieldErrors: {} };
    const words = (message: string) => messageText(message, user.locale);
    if (!mayAct(user.role, needed)) return { ok: false, message: words(keyed("roleMayNot")), fieldErrors: {} };
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, message: words(keyed("checkFields")), fieldErrors: zodFieldErrors(parsed.error) };
    try {
      return { ok: true, data: await handler(parsed.data, user) };
    } catch (error) {
      // redirect() and notFound() inside an action are control flow, not failures.
      unstable_rethrow(error);
      if (error instanceof ActionError) return { ok: false, message: words(error.message), fieldErrors: error.fieldErrors };
      if (error instanceof ServiceRequestError) return { ok: false, ...fromServiceError(error, words) };
      log.error("portal action failed", errorFields(error));
      return { ok: false, message: words(keyed("failedOnOurSide")), fieldErrors: {} };
    }
  };
}
