import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { seal } from "../../platform/secrets";
import { ActionError } from "../actions/validated-action";
import type { PortalUser } from "../auth/session";

import { advanceCaseClock, advanceClockInputSchema, simulateCasePayment, simulatePaymentInputSchema } from "./test-controls";

/*
 * The test controls decide on the server: only a test environment's case with a connection of the
 * organization is moved or paid, whatever the browser sends. A local stand-in for the service
 * records what the portal asked of it.
 */

const ORG = "org-test-controls";
const user: PortalUser = { id: "u1", organizationId: ORG, email: "clerk@example.com", name: "Clerk", role: "clerk", locale: "eng" };

let server: Server;
const requests: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const path = (request.url ?? "").replace(/^\/fin-test\/rest/, "");
      requests.push({ path, body: body ? JSON.parse(body) : null });
      response.setHeader("content-type", "application/json");
      if (path === "/token") {
        response.statusCode = 201;
        response.end(JSON.stringify({ token: "opaque-test-token" }));
      } else if (path === "/testing/clock") {
        response.end(JSON.stringify({ environment: "fin-test", time: "2026-12-01T00:00:00Z", today: "2026-12-01", offsetseconds: 86400 }));
      } else if (path === "/testing/payments") {
        response.statusCode = 201;
        response.end(JSON.stringify({ paymentid: 1 }));
      } else {
        response.statusCode = 404;
        response.end("{}");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fin-test/rest`;

  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: ORG, name: "Controls Oy" },
      { id: "org-elsewhere", name: "Elsewhere Oy" },
    ],
  });
  await db.portalConnection.createMany({
    data: [
      { id: "conn-test", organizationId: ORG, environment: "fin-test", label: "FIN test", baseUrl, cid: "demo-fin", apicodeEncrypted: seal("apicode") },
      { id: "conn-prod", organizationId: ORG, environment: "fin-prod", label: "FIN prod", baseUrl, cid: "demo-fin", apicodeEncrypted: seal("apicode") },
    ],
  });
  const common = { country: "FIN", jobtype: 0, currency: "EUR" };
  await db.portalCase.createMany({
    data: [
      { id: "c-test", organizationId: ORG, environment: "fin-test", cid: "demo-fin", jobid: 1, reference: "RF18 5000 5018", openCapital: 25100n, ...common },
      { id: "c-noref", organizationId: ORG, environment: "fin-test", cid: "demo-fin", jobid: 2, ...common },
      { id: "c-prod", organizationId: ORG, environment: "fin-prod", cid: "demo-fin", jobid: 3, reference: "12345672", ...common },
      { id: "c-unconnected", organizationId: ORG, environment: "swe-test", cid: "demo-swe", jobid: 4, ...common, country: "SWE" },
      { id: "c-foreign", organizationId: "org-elsewhere", environment: "fin-test", cid: "demo-fin", jobid: 5, ...common },
    ],
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const advance = (caseId: string, days: unknown = 3) => advanceCaseClock(getDb(), user, advanceClockInputSchema.parse({ caseId, days }));
const pay = (caseId: string, amount = "12,50") => simulateCasePayment(getDb(), user, simulatePaymentInputSchema.parse({ caseId, amount }));

describe("test controls", () => {
  it("moves the clock of a test environment's case through its connection, and answers the date it is now at", async () => {
    requests.length = 0;
    expect(await advance("c-test", "3")).toEqual({ days: 3, today: "2026-12-01" });
    expect(requests.map((request) => request.path)).toEqual(["/token", "/testing/clock"]);
    expect(requests[1]!.body).toEqual({ advance: { days: 3 } });
  });

  it("simulates a payment with the case's reference, or its job id without one", async () => {
    requests.length = 0;
    expect(await pay("c-test")).toEqual({ amount: "12.50", currency: "EUR" });
    await pay("c-noref", "7");
    const payments = requests.filter((request) => request.path === "/testing/payments").map((request) => request.body);
    expect(payments).toEqual([
      { reference: "RF18 5000 5018", amount: "12.50" },
      { jobid: 2, amount: "7.00" },
    ]);
  });

  it("refuses a production case, a case without a connection and another organization's case", async () => {
    requests.length = 0;
    await expect(advance("c-prod")).rejects.toThrow(new ActionError("Test controls work only in a test environment."));
    await expect(pay("c-prod")).rejects.toBeInstanceOf(ActionError);
    await expect(advance("c-unconnected")).rejects.toThrow("This organization has no connection to this case's environment and profile.");
    await expect(pay("c-foreign")).rejects.toThrow("There is no such case in your organization.");
    expect(requests).toEqual([]);
  });

  it("validates what the browser sends", () => {
    expect(advanceClockInputSchema.safeParse({ caseId: "c-test", days: "0" }).success).toBe(false);
    expect(advanceClockInputSchema.safeParse({ caseId: "c-test", days: "2.5" }).success).toBe(false);
    expect(simulatePaymentInputSchema.safeParse({ caseId: "c-test", amount: "0" }).success).toBe(false);
    expect(simulatePaymentInputSchema.safeParse({ caseId: "c-test", amount: "abc" }).success).toBe(false);
  });
});
