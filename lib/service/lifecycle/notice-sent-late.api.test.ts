import { describe, expect, it } from "vitest";

import { GET as getJob } from "@/app/rest/jobs/[jobid]/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { POST as postClock } from "@/app/rest/testing/clock/route";
import { getDb } from "@/lib/db/client";
import { environment as environmentById, type Country, type EnvironmentId } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { systemClock, today } from "../../platform/clock";
import { isBusinessDay } from "../calendar/business-days";
import { addDays, daysBetween, laterOf } from "../calendar/dates";
import { distributeDocuments } from "../distribution/distribute-documents";
import { formatDate } from "../documents/pdf/format";
import { SERVICE_CHANGED_BY } from "../payments/update-due-date";

import { LIFECYCLE_RULES, noticeDue, type NoticeKind } from "./rules";

/*
 * A notice the sweep made on the day its case moved, and that distribution sent days later (a
 * backlog, an outage, a test clock advanced past the move): the letter is dated the day it is sent,
 * so its due date, and the case's, must give the law's term from that day, on a business day, and be
 * one date (lifecycle/decide-step.ts noticeTermAtSending).
 */

/** How each letter names the first day of its interest: the day after the original due date (`paydate`). */
const COUNTRIES: {
  environment: EnvironmentId;
  country: Country;
  locale: string;
  address: Record<string, string>;
  interestFrom: (paydate: string) => string;
  /** How the collection letter names the day its case was reminded. */
  remindedOn: string;
}[] = [
  {
    environment: "fin-test",
    country: "FIN",
    locale: "fi-FI",
    address: {},
    interestFrom: (paydate) => `ajalta ${formatDate(addDays(paydate, 1), "fi-FI")}`,
    remindedOn: "Muistutus lähetetty",
  },
  {
    environment: "swe-test",
    country: "SWE",
    locale: "sv-SE",
    address: { postcode: "111 22", city: "Stockholm", address: "Storgatan 1" },
    interestFrom: (paydate) => `från och med ${formatDate(addDays(paydate, 1), "sv-SE")}`,
    remindedOn: "Påminnelse skickad",
  },
  {
    environment: "nor-test",
    country: "NOR",
    locale: "nb-NO",
    address: { postcode: "0150", city: "Oslo", address: "Karl Johans gate 1" },
    interestFrom: (paydate) => `fra opprinnelig forfallsdato ${formatDate(paydate, "nb-NO")}`,
    remindedOn: "Inkassovarsel sendt",
  },
];

/** Days the letter waits for distribution after its case moved. */
const LATE_DAYS = 5;

describe.each(COUNTRIES)("a notice sent days after its case moved ($country)", ({ environment, country, locale, address, interestFrom, remindedOn }) => {
  it("prints the law's term from its own date, on a business day, and the case takes that due date", async () => {
    const mine = await profileWithToken(environment);
    const zone = environmentById(environment).rules.timeZone;
    const realToday = today(systemClock, zone);
    const paydate = addDays(realToday, 3);
    const body = await json<JobsResponse>(
      await call(postJobsRoute, `/${environment}/rest/jobs`, {
        body: envelope(invoice({ ...address, ownref: `late-${country}`, billdate: realToday, paydate })),
        token: mine.token,
      }),
    );
    const id = body.result[0]!.jobid!;
    // The invoice goes to its debtor today: only a sent invoice is reminded.
    await distributeDocuments(getDb(), systemClock);
    expect((await getDb().job.findUniqueOrThrow({ where: { id } })).sentOn).not.toBeNull();

    let profileToday = realToday;
    const advance = async (days: number) => {
      const response = await call(postClock, `/${environment}/rest/testing/clock`, { body: { days }, token: mine.token });
      expect(response.status).toBe(200);
      profileToday = (await json<{ today: string }>(response)).today;
      return profileToday;
    };
    const caseNow = async () => {
      const response = await call(getJob, `/${environment}/rest/jobs/${id}`, { method: "GET", token: mine.token });
      expect(response.status).toBe(200);
      return json<{ jobstatus: number; currentpaydate: string | null }>(response);
    };

    /** Walks the clock to the case's next look, where it moves to `code`; then, LATE_DAYS later, distribution sends its letter. */
    const moveThenSendLate = async (code: number, kind: NoticeKind) => {
      // The walk ends on the day of the case's next look, until the look that moves it.
      let movedOn = profileToday;
      for (let look = 0; look < 3 && (await caseNow()).jobstatus !== code; look++) {
        const { reviewOn } = await getDb().job.findUniqueOrThrow({ where: { id } });
        movedOn = await advance(Math.max(1, daysBetween(profileToday, reviewOn!)));
        expect(movedOn).toBe(laterOf(reviewOn!, movedOn));
      }
      expect(await caseNow()).toMatchObject({ jobstatus: code });
      const termedOnMove = (await caseNow()).currentpaydate!;
      expect(termedOnMove).toBe(noticeDue(country, kind, movedOn));

      // Nothing sends the letter until days later.
      const sentOn = await advance(LATE_DAYS);
      expect(sentOn).toBe(addDays(movedOn, LATE_DAYS));
      await distributeDocuments(getDb(), systemClock);
      const sent = await getDb().sentDocument.findFirstOrThrow({ where: { jobId: id, document: kind } });
      const text = (await pdfPageTexts(new Uint8Array(sent.content))).join(" ");

      const { jobstatus, currentpaydate } = await caseNow();
      expect(jobstatus).toBe(code);
      // The law's term from the day it was dated and sent, on a business day.
      expect(currentpaydate).toBe(noticeDue(country, kind, sentOn));
      expect(isBusinessDay(country, currentpaydate!)).toBe(true);
      // The sweep's next look moves with it, the days after a due date it waits as it does on the move.
      const rules = LIFECYCLE_RULES[country];
      const { reviewOn } = await getDb().job.findUniqueOrThrow({ where: { id } });
      expect(reviewOn).toBe(addDays(currentpaydate!, (kind === "reminder" ? rules.graceDays : rules.legalAfterDays) + 1));
      // Recorded as the service's own change, dated on the profile's clock (the letter's day).
      const change = await getDb().dueDateChange.findFirstOrThrow({ where: { jobId: id }, orderBy: { createdAt: "desc" } });
      expect(change).toMatchObject({
        source: "aspa_other_reason",
        previousDate: termedOnMove,
        currentPaydate: currentpaydate,
        changedBy: SERVICE_CHANGED_BY,
      });
      expect(today({ now: () => change.createdAt }, zone)).toBe(sentOn);
      // The letter is dated the day it went and prints the case's due date, not the one of the move day.
      expect(text).toContain(formatDate(sentOn, locale));
      expect(text).toContain(formatDate(currentpaydate, locale));
      expect(text).not.toContain(formatDate(termedOnMove, locale));
      // Interest runs from the original due date, on the collection letter too: the reminder's
      // re-term is dated on the profile's clock, after the case's first charge, so it does not count
      // as a due date the invoice was moved to (distribution/load-dispatches.ts interestDueDates).
      expect(text).toContain(interestFrom(paydate));
      // The receiver hears of the new due date.
      const updates = await getDb().event.findMany({ where: { jobId: id, type: "duedateupdate" }, orderBy: { seq: "asc" } });
      expect(updates.at(-1)?.message).toMatchObject({ jobid: id, currentpaydate, source: "aspa_other_reason" });
      // Right after the letter's delivery event.
      const events = await getDb().event.findMany({ where: { jobId: id }, orderBy: { seq: "asc" } });
      const at = events.findIndex((event) => event.seq === updates.at(-1)!.seq);
      expect(at).toBeGreaterThan(0);
      expect(events[at - 1]).toMatchObject({ type: "delivery", message: expect.objectContaining({ status: "delivered" }) });
      return { updates: updates.length, movedOn, sentOn, text };
    };

    const reminder = await moveThenSendLate(1, "reminder");
    expect(reminder.updates).toBe(1);
    // The sweep counts the collection's day from the reminder's new due date, and its letter sent late moves the case again.
    const collection = await moveThenSendLate(2, "collection");
    expect(collection.updates).toBe(2);
    // The collection letter names the day the reminder went, and dates the reminder's fee by it, not by the day its case moved.
    expect(collection.text).toContain(`${remindedOn} ${formatDate(reminder.sentOn, locale)}`);
    expect(collection.text).not.toContain(formatDate(reminder.movedOn, locale));
  });
});
