"use server";

import { redirect } from "next/navigation";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { errorFields, log } from "@/lib/log";
import { resolveDebtorLink } from "@/lib/service/debtor/debtor-case";
import { debtorHref, pageFormat } from "@/lib/service/debtor/debtor-page";
import { disputeCase, extendDueDate, makePaymentPlan, RefusedRequest } from "@/lib/service/debtor/debtor-requests";
import { beginOnlinePayment, completeOnlinePayment, onlinePaymentOf } from "@/lib/service/debtor/online-payment";
import { ServiceError } from "@/lib/service/errors";

/*
 * The debtor's requests from the link's pages. The token is the credential; each action reads the
 * case afresh by it, and a refusal comes back as the service's own words for the form to show.
 */

export interface RequestState {
  status: "idle" | "done" | "refused";
  message: string | null;
  /** The form's value, kept on a refusal so nothing typed is lost. */
  value: string;
  version: number;
}

const formText = (form: FormData, name: string, max: number) =>
  z
    .string()
    .max(max)
    .catch("")
    .parse(form.get(name) ?? "");

async function answer(language: string, previous: RequestState, value: string, act: () => Promise<string>): Promise<RequestState> {
  const version = previous.version + 1;
  try {
    return { status: "done", message: await act(), value: "", version };
  } catch (error) {
    if (error instanceof ServiceError) {
      const refusals = pageFormat(language, "eng").texts.refusals;
      // Anything else the service refused (a race with another request) reads as no longer possible.
      return { status: "refused", message: refusals[error instanceof RefusedRequest ? error.refusal : "not_offered"], value, version };
    }
    log.error("debtor request failed", errorFields(error));
    throw error;
  }
}

/** `language` is the page's: the answer is in the words the debtor reads there. */
export async function extendAction(token: string, language: string, previous: RequestState, form: FormData): Promise<RequestState> {
  const date = formText(form, "currentpaydate", 10);
  return answer(language, previous, date, async () => {
    await extendDueDate(getDb(), token, date);
    const format = pageFormat(language, "eng");
    return format.texts.extend.done(format.date(date));
  });
}

export async function disputeAction(token: string, language: string, previous: RequestState, form: FormData): Promise<RequestState> {
  // Longer than the service allows, so that the service's own check says so.
  const message = formText(form, "message", 2000);
  return answer(language, previous, message, async () => {
    await disputeCase(getDb(), token, message);
    return pageFormat(language, "eng").texts.dispute.done;
  });
}

export async function planAction(token: string, language: string, previous: RequestState, form: FormData): Promise<RequestState> {
  const count = formText(form, "instalments", 3);
  return answer(language, previous, count, async () => {
    const made = await makePaymentPlan(getDb(), token, /^\d+$/.test(count) ? Number(count) : Number.NaN);
    const format = pageFormat(language, "eng");
    return format.texts.plan.done(made.instalments.length, format.date(made.instalments[0]!.date));
  });
}

export async function payAction(token: string, language: string | undefined): Promise<void> {
  let target: string;
  try {
    target = (await beginOnlinePayment(getDb(), token)).redirectUrl;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    target = debtorHref(token, "/pay", language, { error: error.kind });
  }
  redirect(target);
}

/** The simulated provider's answer (test environments only): its page's two buttons. */
export async function simulatedProviderAction(token: string, paymentId: string, outcome: "paid" | "cancelled", language: string | undefined): Promise<void> {
  // Bound arguments come back from the browser: each is checked again here.
  const answer = z.enum(["paid", "cancelled"]).safeParse(outcome);
  const link = await resolveDebtorLink(getDb(), token);
  const jobId = link.state === "found" ? link.job.id : null;
  const payment = jobId === null || !answer.success ? null : await onlinePaymentOf(getDb(), jobId, paymentId);
  // A payment another provider took is confirmed by that provider alone.
  if (jobId === null || !answer.success || !payment || payment.provider !== "simulated") redirect(debtorHref(token, "", undefined));
  const completed = await completeOnlinePayment(getDb(), jobId, paymentId, answer.data);
  redirect(debtorHref(token, "", language, { payment: completed.status }));
}
