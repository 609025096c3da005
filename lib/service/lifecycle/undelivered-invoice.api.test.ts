import { beforeAll, describe, expect, it } from "vitest";

import { PATCH as patchSettings } from "@/app/rest/profile/settings/route";
import { POST as postClock } from "@/app/rest/testing/clock/route";
import { getDb } from "@/lib/db/client";
import { environment } from "@/lib/spec/environments";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { systemClock, today as todayIn } from "../../platform/clock";
import { caseOf, eventsOf, postInvoice } from "../../testing/payment-cases";
import { addDays } from "../calendar/dates";
import { distributeDocuments } from "../distribution/distribute-documents";

import { LIFECYCLE_RULES } from "./rules";

/*
 * A reminder and its fee presuppose an invoice its debtor got: one the service has not delivered
 * (its send waiting or failed) is not reminded however long its due date has passed, whether the
 * profile's due dates were agreed in advance or not, and once delivered late it is reminded no
 * earlier than the country's days after the day it went. Driven by the test clock, whose walk runs
 * the real sweep day by day; the distribution worker's round is run where the test says.
 */

type Profile = { id: string; cid: string; token: string };

const advance = (profile: Profile, days: number) =>
  call(postClock, "/fin-test/rest/testing/clock", { body: { advance: `P${days}D` }, token: profile.token }).then((response) =>
    json<{ moves: number }>(response),
  );
const deliver = () => distributeDocuments(getDb(), systemClock);
const fees = (jobId: number) => getDb().caseEntry.findMany({ where: { jobId, kind: "reminder_fee" } });
const REMINDER_DAYS = LIFECYCLE_RULES.FIN.reminderAfterDays;

let profiles: { agreed: Profile; unagreed: Profile };

beforeAll(async () => {
  profiles = { agreed: await profileWithToken("fin-test"), unagreed: await profileWithToken("fin-test") };
  const unset = await call(patchSettings, "/fin-test/rest/profile/settings", {
    method: "PATCH",
    body: { duedateagreed: false },
    token: profiles.unagreed.token,
  });
  expect(await json(unset)).toMatchObject({ duedateagreed: false });
});

describe("an invoice the service has not delivered", () => {
  it("gets no reminder and no fee while a delivered one does, and once delivered late its reminder counts from the day it went", async () => {
    const billdate = todayIn(systemClock, environment("fin-test").rules.timeZone);
    const terms = { billdate, paydate: addDays(billdate, 14) };
    const sent = {
      agreed: await postInvoice("fin-test", profiles.agreed.token, "1000.00", { ownref: "delivered-agreed", ...terms }),
      unagreed: await postInvoice("fin-test", profiles.unagreed.token, "1000.00", { ownref: "delivered-unagreed", ...terms }),
    };
    await deliver();
    // Posted after the worker's round: still waiting to go when the clock runs on.
    const unsent = {
      agreed: await postInvoice("fin-test", profiles.agreed.token, "1000.00", { ownref: "undelivered-agreed", ...terms }),
      unagreed: await postInvoice("fin-test", profiles.unagreed.token, "1000.00", { ownref: "undelivered-unagreed", ...terms }),
    };

    for (const setting of ["agreed", "unagreed"] as const) {
      expect(await caseOf(sent[setting].jobid)).toMatchObject({ sentOn: expect.any(String) });
      expect(await caseOf(unsent[setting].jobid)).toMatchObject({ sentOn: null });
      // Well past the reminder day of both (due date + 14 days).
      expect((await advance(profiles[setting], 45)).moves).toBe(1);

      const reminded = await caseOf(sent[setting].jobid);
      expect(reminded).toMatchObject({ jobstatus: 1, openExpenses: 500n });
      expect(await fees(sent[setting].jobid)).toHaveLength(1);

      const waiting = await caseOf(unsent[setting].jobid);
      expect(waiting, setting).toMatchObject({ jobstatus: 0, sentOn: null, reviewOn: null, openExpenses: 0n, openInterest: 0n });
      expect(await getDb().caseEntry.count({ where: { jobId: unsent[setting].jobid } })).toBe(0);
      expect(await eventsOf(unsent[setting].jobid, "lcstatus")).toEqual([]);
    }

    // The invoices go now, a month after their due date: the debtor gets the country's days from the day they went.
    await deliver();
    for (const setting of ["agreed", "unagreed"] as const) {
      const { jobid } = unsent[setting];
      const delivered = await caseOf(jobid);
      const sentOn = delivered.sentOn!;
      expect(sentOn > terms.paydate).toBe(true);
      expect(delivered).toMatchObject({ jobstatus: 0, reviewOn: sentOn });

      expect((await advance(profiles[setting], 30)).moves).toBeGreaterThanOrEqual(1);
      const moves = await getDb().caseMove.findMany({ where: { jobId: jobid }, orderBy: { at: "asc" } });
      expect(moves.map((move) => [move.fromCode, move.toCode, move.date])[0]).toEqual([0, 1, addDays(sentOn, REMINDER_DAYS)]);
      expect((await fees(jobid)).map((fee) => [fee.date, fee.amount])).toEqual([[addDays(sentOn, REMINDER_DAYS), 500n]]);
    }
  });
});
