import { describe, expect, it } from "vitest";

import { canonicalCaseSearch, parseCaseListParams } from "./case-list-params";
import type { TimelineEntry } from "./case-views";
import { einvoiceResendPendingSince, isUndelivered, LONG_UNDELIVERED_DAYS, undeliveredStanding } from "./undelivered";

const NOW = new Date("2026-11-25T10:00:00Z");

const delivery = (time: string, status: string, errorCodes: string[] = []): TimelineEntry => ({
  id: time,
  time,
  receivedAt: time,
  kind: "delivery",
  channel: "b2c",
  status,
  description: status === "error" ? "Refused" : null,
  errors: errorCodes.map((code) => `${code} – why`),
  errorCodes,
  notes: [],
});

describe("an invoice waiting on a failed delivery", () => {
  it("is one whose last delivery failed while it is an invoice, waits for an address or has no code", () => {
    const failed = { deliveryStatus: "error", deliveryErrorCode: "smtp" };
    for (const code of [0, 300, 89, 71, null]) expect(isUndelivered({ code, ...failed }), String(code)).toBe(true);
    for (const code of [1, 2, 101]) expect(isUndelivered({ code, ...failed }), String(code)).toBe(false);
    for (const status of ["delivered", "received", null]) expect(isUndelivered({ code: 0, deliveryStatus: status, deliveryErrorCode: null })).toBe(false);
  });

  it("is also a reminder or collection whose last sent e-invoice was refused, which the service stops until it is resent", () => {
    const refused = { deliveryStatus: "error", deliveryErrorCode: "einvoice_rejected" };
    for (const code of [1, 2]) expect(isUndelivered({ code, ...refused }), String(code)).toBe(true);
    expect(isUndelivered({ code: 101, ...refused })).toBe(false);
    const timeline = [delivery("2026-11-20T08:00:00Z", "error", ["einvoice_rejected"])];
    expect(undeliveredStanding({ code: 1, ...refused, lastDeliveryAt: "2026-11-20T08:00:00Z" }, timeline, NOW)).toMatchObject({ remedy: "einvoice", days: 5 });
  });

  it("names its last failed send, the remedy its failure asks for, and whether it has waited long", () => {
    const refused = [delivery("2026-11-01T08:00:00Z", "delivered"), delivery("2026-11-20T08:00:00Z", "error", ["einvoice_rejected"])];
    expect(
      undeliveredStanding({ code: 0, deliveryStatus: "error", deliveryErrorCode: null, lastDeliveryAt: "2026-11-20T08:00:00Z" }, refused, NOW),
    ).toMatchObject({
      failure: { time: "2026-11-20T08:00:00Z", errorCodes: ["einvoice_rejected"] },
      remedy: "einvoice",
      long: false,
      days: 5,
    });
    const returned = [delivery("2026-11-01T08:00:00Z", "error", ["returned_mail"])];
    expect(
      undeliveredStanding({ code: 71, deliveryStatus: "error", deliveryErrorCode: null, lastDeliveryAt: "2026-11-01T08:00:00Z" }, returned, NOW),
    ).toMatchObject({
      remedy: "address",
      long: true,
      days: 24,
    });
    const bounced = [delivery("2026-11-11T10:00:00Z", "error", ["smtp"])];
    expect(
      undeliveredStanding({ code: 0, deliveryStatus: "error", deliveryErrorCode: null, lastDeliveryAt: "2026-11-11T10:00:00Z" }, bounced, NOW),
    ).toMatchObject({
      remedy: "contact",
      long: true,
      days: LONG_UNDELIVERED_DAYS,
    });
    expect(undeliveredStanding({ code: 0, deliveryStatus: "error", deliveryErrorCode: null, lastDeliveryAt: null }, [], NOW)).toEqual({
      failure: null,
      remedy: "contact",
      long: false,
      days: null,
      resentAt: null,
    });
    expect(
      undeliveredStanding({ code: 0, deliveryStatus: "delivered", deliveryErrorCode: null, lastDeliveryAt: "2026-11-20T08:00:00Z" }, refused, NOW),
    ).toBeNull();
  });
});

describe("a returned letter whose address was given", () => {
  const lcstatus = (time: string, code: number): TimelineEntry => ({
    id: `${time}-${code}`,
    time,
    receivedAt: time,
    kind: "lcstatus",
    code,
    codeText: null,
    paydate: null,
    currentpaydate: null,
    opencapital: null,
    interest: null,
    expenses: null,
    note: null,
  });
  const returned = delivery("2026-11-10T08:00:00Z", "error", ["returned_mail"]);
  const summary = { deliveryStatus: "error", deliveryErrorCode: "returned_mail", lastDeliveryAt: "2026-11-10T08:00:00Z" };

  it("waits for the resend's delivery, not for an address, once the case left address verification", () => {
    const resent = [lcstatus("2026-11-01T08:00:00Z", 0), returned, lcstatus("2026-11-10T08:00:01Z", 89), lcstatus("2026-11-12T08:00:00Z", 0)];
    expect(undeliveredStanding({ code: 0, ...summary }, resent, NOW)?.remedy).toBe("addressResent");
    expect(undeliveredStanding({ code: 89, ...summary }, resent.slice(0, 3), NOW)?.remedy).toBe("address");
    // Returned but never in address verification (the case did not stand on that letter): the address is still asked for.
    expect(undeliveredStanding({ code: 0, ...summary }, [lcstatus("2026-11-01T08:00:00Z", 0), returned], NOW)?.remedy).toBe("address");
  });
});

describe("a refused e-invoice sent again from the portal", () => {
  const failedAt = new Date("2026-11-20T08:00:00Z");
  const resentAt = new Date("2026-11-21T09:30:00Z");
  const resent = { deliveryStatus: "error", lastDeliveryAt: failedAt, einvoiceResentAt: resentAt, einvoiceResentAfter: failedAt };

  it("is on its way while the failure it answered is still the latest delivery, and not once the operator answered", () => {
    expect(einvoiceResendPendingSince(resent)).toEqual(resentAt);
    // Refused again: a newer failure is the latest delivery, and the resend can be made again.
    expect(einvoiceResendPendingSince({ ...resent, lastDeliveryAt: new Date("2026-11-22T08:00:00Z") })).toBeNull();
    expect(einvoiceResendPendingSince({ ...resent, deliveryStatus: "delivered", lastDeliveryAt: new Date("2026-11-22T08:00:00Z") })).toBeNull();
    expect(einvoiceResendPendingSince({ ...resent, einvoiceResentAt: null, einvoiceResentAfter: null })).toBeNull();
    // The failure's time was not known when it was resent: pending until any delivery is.
    expect(einvoiceResendPendingSince({ ...resent, lastDeliveryAt: null, einvoiceResentAfter: null })).toEqual(resentAt);
    // On a test profile whose clock was moved the failure's time is ahead of the portal's resend: still pending.
    const ahead = new Date("2026-12-05T08:00:00Z");
    expect(einvoiceResendPendingSince({ ...resent, lastDeliveryAt: ahead, einvoiceResentAfter: ahead })).toEqual(resentAt);
  });

  it("is told on the refused invoice's standing, and only there", () => {
    const refused = { code: 0, deliveryStatus: "error", deliveryErrorCode: "einvoice_rejected", lastDeliveryAt: failedAt.toISOString() };
    const timeline = [delivery(failedAt.toISOString(), "error", ["einvoice_rejected"])];
    const pending = { einvoiceResendPendingSince: resentAt.toISOString() };
    expect(undeliveredStanding({ ...refused, ...pending }, timeline, NOW)).toMatchObject({ remedy: "einvoice", resentAt: resentAt.toISOString() });
    expect(undeliveredStanding({ ...refused, einvoiceResendPendingSince: null }, timeline, NOW)).toMatchObject({ remedy: "einvoice", resentAt: null });
    const bounced = { ...refused, deliveryErrorCode: "smtp" };
    expect(undeliveredStanding({ ...bounced, ...pending }, [delivery(failedAt.toISOString(), "error", ["smtp"])], NOW)).toMatchObject({
      remedy: "contact",
      resentAt: null,
    });
  });
});

describe("the connection filter's parameter", () => {
  it("reads a connection's id, refuses what cannot be one, and is written back canonically", () => {
    const id = "4b0c3f0e-8d7a-4f57-9a51-2f0d1e6a7b90";
    expect(parseCaseListParams(new URLSearchParams({ connection: id })).params.connection).toBe(id);
    for (const text of ["a b", "x".repeat(101), "../cases", "id'--"]) {
      const refused = parseCaseListParams(new URLSearchParams({ connection: text }));
      expect(refused.errors, text).toEqual({ connection: "connection" });
      expect(refused.params.connection).toBeUndefined();
    }
    const search = canonicalCaseSearch(parseCaseListParams(new URLSearchParams({ connection: id, delivery: "failed-long" })).params);
    expect(new URLSearchParams(search).get("connection")).toBe(id);
  });
});

describe("the delivery filter's parameter", () => {
  it("reads failed and failed-long, refuses anything else, and is written back canonically", () => {
    expect(parseCaseListParams(new URLSearchParams({ delivery: "failed-long" })).params.delivery).toBe("failed-long");
    const refused = parseCaseListParams(new URLSearchParams({ delivery: "lost" }));
    expect(refused.errors).toEqual({ delivery: "delivery" });
    expect(refused.params.delivery).toBeUndefined();
    expect(canonicalCaseSearch(parseCaseListParams(new URLSearchParams({ delivery: "failed" })).params)).toContain("delivery=failed");
  });
});
