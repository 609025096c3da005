import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { Backoff } from "../../platform/backoff";
import { fixedClock } from "../../platform/clock";
import { createTestOrganization } from "../../testing/organization-fixture";
import { messageText } from "../i18n/messages";

import { CONNECTION_RETRY, pollConnections, registerPendingReceivers } from "./portal-loops";

describe("the portal's loops", () => {
  it("register pushing connections, record why one failed, and back off before trying it again", async () => {
    // The fixture's connections point at port 9, which fetch refuses to call: the service cannot be reached.
    const org = await createTestOrganization(getDb(), [{ environment: "fin-test" }, { environment: "swe-test", eventMode: "poll" }]);
    const clock = fixedClock("2026-11-22T08:00:00Z");
    const backoff = new Backoff(CONNECTION_RETRY);
    expect(await registerPendingReceivers(getDb(), clock, backoff)).toBe(0);
    const [push, poll] = org.connections;
    const pushed = await getDb().portalConnection.findUniqueOrThrow({ where: { id: push!.id } });
    expect(pushed.receiverRegisteredAt).toBeNull();
    // Kept as a keyed message, said in the reader's language where it is shown.
    expect(messageText(pushed.receiverError!, "eng")).toMatch(/^Could not reach the service at http:\/\/127\.0\.0\.1:9\/fin-test\/rest \([^()]+\)\.$/);
    expect(messageText(pushed.receiverError!, "fin")).toMatch(/^Palveluun osoitteessa http:\/\/127\.0\.0\.1:9\/fin-test\/rest ei saatu yhteyttä/);
    // The polling connection is not registered at all.
    expect((await getDb().portalConnection.findUniqueOrThrow({ where: { id: poll!.id } })).receiverError).toBeNull();
    expect(backoff.due(push!.id, clock.now())).toBe(false);
    clock.advance(10_000);
    expect(backoff.due(push!.id, clock.now())).toBe(true);
  });

  it("poll polling connections and record a failure on the connection", async () => {
    const org = await createTestOrganization(getDb(), [{ environment: "nor-test", eventMode: "poll" }]);
    const clock = fixedClock("2026-11-22T08:00:00Z");
    expect(await pollConnections(getDb(), clock, new Backoff(CONNECTION_RETRY))).toBe(0);
    const row = await getDb().portalConnection.findUniqueOrThrow({ where: { id: org.connections[0]!.id } });
    expect(messageText(row.receiverError!, "eng")).toMatch(/^Polling failed: Could not reach the service at http:\/\/127\.0\.0\.1:9\//);
    expect(messageText(row.receiverError!, "swe")).toMatch(/^Hämtningen av händelser misslyckades: Det gick inte att nå tjänsten på /);
    expect(row.pollCursor).toBeNull();
  });
});

describe("Backoff", () => {
  it("waits longer after each failure, up to half an hour, and forgets on success", () => {
    const backoff = new Backoff(CONNECTION_RETRY);
    const at = new Date("2026-11-22T08:00:00Z");
    const waits: number[] = [];
    for (let failure = 0; failure < 8; failure++) {
      backoff.failed("c", at);
      let wait = 0;
      while (!backoff.due("c", new Date(at.getTime() + wait))) wait += 1_000;
      waits.push(wait);
    }
    expect(waits).toEqual([10_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 1_800_000, 1_800_000]);
    backoff.succeeded("c");
    expect(backoff.due("c", at)).toBe(true);
  });
});
