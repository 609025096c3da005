import { beforeAll, describe, expect, it } from "vitest";

import { GET as listProposals } from "@/app/rest/einvoice/receiverproposals/route";
import { GET as pollEvents } from "@/app/rest/events/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { PATCH as patchSettings } from "@/app/rest/profile/settings/route";
import { POST as deliver } from "@/app/rest/testing/einvoice/receiverproposals/route";
import { getDb } from "@/lib/db/client";
import { fixedClock } from "@/lib/platform/clock";
import { deliveryMessageSchema, receiverproposalMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { ReceiverProposalView } from "@/lib/spec/receiver-proposals";
import { envelope, finvoiceInvoice, invoice } from "@/lib/testing/jobs";
import { eventsOf } from "@/lib/testing/payment-cases";
import { receiverInfoXml, type ReceiverInfoOptions } from "@/lib/testing/receiver-info";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { distributeDocuments } from "../distribution/distribute-documents";

import { proposalAddressFor } from "./switch-to-einvoice";

/*
 * A Finnish consumer's bank sends the demo biller (2617416-4) a receiving proposal through the
 * operator (played by the test endpoint); the service stores it once, lists it, reports it pushed
 * and polled, and, once the profile allows it, sends the customer's later invoices by e-invoice
 * until the consumer cancels.
 */

let token: string;
let profileId: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
  profileId = (await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: "demo-fin" } })).id;
});

const send = (options: ReceiverInfoOptions = {}, as = token, environment = "fin-test") =>
  call(deliver, `/${environment}/rest/testing/einvoice/receiverproposals`, {
    raw: receiverInfoXml(options),
    headers: { "content-type": "application/xml" },
    token: as,
  });
const list = (query = "", as = token, environment = "fin-test") =>
  call(listProposals, `/${environment}/rest/einvoice/receiverproposals${query}`, { method: "GET", token: as });
const page = async (query = "", as = token) => json<{ proposals: ReceiverProposalView[]; next_cursor: string | null }>(await list(query, as));
const settings = (body: unknown) => call(patchSettings, "/fin-test/rest/profile/settings", { method: "PATCH", body, token });

async function post(item: Record<string, unknown>): Promise<number> {
  const answer = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs", { body: envelope(item), token }));
  expect(answer.result[0]!.accepted).toBe(1);
  return answer.result[0]!.jobid!;
}

async function sentBy(jobid: number) {
  await distributeDocuments(getDb(), fixedClock("2026-11-22T08:00:00Z"));
  return getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid }, orderBy: { createdAt: "desc" } });
}

describe("receiving a consumer's proposal", () => {
  it("stores a message once, however often the operator delivers it, and reports it once", async () => {
    const first = await send({ custnum: "RP-1" });
    expect(first.status).toBe(201);
    const stored = await json<ReceiverProposalView & { duplicate: boolean }>(first);
    expect(stored).toMatchObject({
      action: "add",
      service: "einvoice",
      status: "current",
      custnum: "RP-1",
      einvoiceaddress: "FI7944052020036082",
      einvoiceintermediator: "NDEAFIHH",
      buyer: { name: "Maija Meikäläinen", street: "Esimerkkikatu 1", postcode: "00100", town: "Helsinki", country: "FI" },
      messagedate: "2026-11-20",
      switches: false,
      duplicate: false,
    });
    const again = await send({ custnum: "RP-1" });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ proposalid: stored.proposalid, duplicate: true });
    expect(await getDb().receiverProposal.count({ where: { profileId, customerKey: "RP1" } })).toBe(1);

    const events = await getDb().event.findMany({ where: { profileId, type: "receiverproposal" } });
    const messages = events.map((event) => receiverproposalMessageSchema.parse(event.message)).filter((message) => message.custnum === "RP-1");
    expect(messages).toEqual([
      expect.objectContaining({ cid: "demo-fin", proposalid: stored.proposalid, action: "add", einvoiceaddress: "FI7944052020036082", switches: false }),
    ]);
    // Offered to polling as well as pushed.
    const polled = await json<{ data: Record<string, unknown[]> }>(
      await call(pollEvents, "/fin-test/rest/events?types=receiverproposal", { method: "GET", token }),
    );
    expect(polled.data.receiverproposal).toEqual(expect.arrayContaining([expect.objectContaining({ proposalid: stored.proposalid })]));
  });

  it("names the element at fault, and refuses another biller's message", async () => {
    const bad = await send({ action: "REMOVE" });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({
      problems: [{ field: "FinvoiceReceiverInfo/MessageDetails/MessageActionCode", code: "invalid" }],
    });
    const other = await send({ seller: "0112038-9", sellerOvt: "003701120389" });
    expect(other.status).toBe(400);
    expect(await json(other)).toMatchObject({
      problems: [{ field: "FinvoiceReceiverInfo/SellerPartyDetails/SellerPartyIdentifier", code: "not_found" }],
    });
    const asJson = await call(deliver, "/fin-test/rest/testing/einvoice/receiverproposals", { body: { custnum: "RP-1" }, token });
    expect(asJson.status).toBe(415);
    const huge = await call(deliver, "/fin-test/rest/testing/einvoice/receiverproposals", {
      raw: receiverInfoXml().replace("</FinvoiceReceiverInfo>", `<!-- ${"x".repeat(70_000)} --></FinvoiceReceiverInfo>`),
      headers: { "content-type": "application/xml" },
      token,
    });
    expect(huge.status).toBe(413);
  });

  it("is a test environment's: production and other countries say why", async () => {
    const production = await profileWithToken("fin-prod");
    expect((await send({}, production.token, "fin-prod")).status).toBe(404);
    const listed = await list("", production.token, "fin-prod");
    expect(listed.status).toBe(409);
    expect((await json<{ detail: string }>(listed)).detail).toContain("No e-invoice operator is connected to fin-prod");
    const sweden = await demoToken("swe-test");
    expect((await list("", sweden, "swe-test")).status).toBe(404);
  });
});

describe("listing the proposals", () => {
  it("pages oldest first, filters by status, action, customer and time, and shows only the profile's own", async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await send({ custnum: "LIST-1", messageDate: "20261101" });
    await send({ custnum: "LIST-1", messageDate: "20261102", action: "DELETE", address: null });
    await send({ custnum: "list 2", messageDate: "20261101" });
    // Delivered late: older than the cancellation above, so it does not undo it.
    const late = await json<ReceiverProposalView>(await send({ custnum: "LIST-1", messageDate: "20261031" }));
    expect(late.status).toBe("replaced");

    const forOne = await page("?custnum=list-1");
    expect(forOne.proposals.map((row) => [row.action, row.status, row.messagedate])).toEqual([
      ["add", "replaced", "2026-11-01"],
      ["delete", "current", "2026-11-02"],
      ["add", "replaced", "2026-10-31"],
    ]);
    expect((await page("?custnum=LIST-1&status=current")).proposals.map((row) => row.action)).toEqual(["delete"]);
    expect((await page("?action=delete")).proposals.every((row) => row.action === "delete")).toBe(true);
    expect((await page(`?since=${encodeURIComponent(before)}&custnum=LIST2`)).proposals).toHaveLength(1);

    const answer = await list("?limit=2");
    expect(answer.status).toBe(200);
    // A list that moves with every delivery: no cache between the client and the service may keep it.
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const first = await json<{ proposals: ReceiverProposalView[]; next_cursor: string | null }>(answer);
    expect(first.proposals).toHaveLength(2);
    const second = await page(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.proposals[0]!.proposalid).toBeGreaterThan(first.proposals[1]!.proposalid);
    expect((await list("?cursor=bm90LWEtY3Vyc29y")).status).toBe(400);
    expect((await list("?status=open")).status).toBe(400);

    const stranger = await profileWithToken("fin-test");
    expect((await page("", stranger.token)).proposals).toEqual([]);
  });
});

describe("switching the customer's later invoices to e-invoice", () => {
  it("sends them by e-invoice to the proposed address while the profile allows it, and stops at the cancellation", async () => {
    await send({ custnum: "SW-1", address: "FI4250001510000023", bic: "OKOYFIHH" });

    // Off by default: the invoice goes as posted.
    const untouched = await post(invoice({ billnum: "SW-OFF", custnum: "SW-1" }));
    expect(await sentBy(untouched)).toMatchObject({ sendtype: "post", distributionChannel: "post" });

    expect((await settings({ receiverproposalswitch: true })).status).toBe(200);
    expect((await page("?custnum=SW-1")).proposals).toEqual([expect.objectContaining({ status: "current", switches: true })]);

    const switched = await post(invoice({ billnum: "SW-ON", custnum: "sw 1", sendtype: "email", email: "maija@example.fi" }));
    const dispatch = await sentBy(switched);
    expect(dispatch).toMatchObject({ sendtype: "evoice", distributionChannel: "b2c", status: "delivered" });
    const delivery = (await eventsOf(switched, "delivery")).map((event) => deliveryMessageSchema.parse(event.message)).at(-1)!;
    expect(delivery).toMatchObject({ status: "delivered", distributionchannel: "b2c" });
    expect(delivery.description).toContain("FI4250001510000023 (OKOYFIHH)");
    expect(JSON.stringify(delivery.notes)).toContain("receiving proposal");

    // Another customer, and a job addressed as an e-invoice by the API user, keep their own.
    const otherCustomer = await post(invoice({ billnum: "SW-OTHER", custnum: "SW-2" }));
    expect(await sentBy(otherCustomer)).toMatchObject({ sendtype: "post" });
    const ownAddress = await post(finvoiceInvoice({ billnum: "SW-OWN", custnum: "SW-1" }));
    const own = await sentBy(ownAddress);
    expect(own).toMatchObject({ sendtype: "evoice", distributionChannel: "b2b" });
    const ownDelivery = (await eventsOf(ownAddress, "delivery")).map((event) => deliveryMessageSchema.parse(event.message)).at(-1)!;
    expect(ownDelivery.description).toContain("003701120389 (NDEAFIHH)");

    // The consumer cancels: what is queued after it goes as posted again.
    await send({ custnum: "SW-1", action: "DELETE", address: null, bic: "OKOYFIHH", messageDate: "20261121" });
    const cancelled = await post(invoice({ billnum: "SW-CANCELLED", custnum: "SW-1" }));
    expect(await sentBy(cancelled)).toMatchObject({ sendtype: "post" });

    expect((await settings({ receiverproposalswitch: false })).status).toBe(200);
  });

  it("switches only a consumer whose name on the job is the name the bank sent, whoever else has the customer number", async () => {
    expect((await settings({ receiverproposalswitch: true })).status).toBe(200);
    await send({ custnum: "SW-3", name: "Virtanen Maija-Liisa", address: "FI4250001510000023", bic: "OKOYFIHH" });

    // Someone who knows the customer number of a company, or of another consumer, does not get its invoices.
    const company = await post(invoice({ billnum: "SW-COMPANY", custnum: "SW-3", customertype: "1", person: null, company: "Virtanen Maija-Liisa" }));
    expect(await sentBy(company)).toMatchObject({ sendtype: "post" });
    const stranger = await post(invoice({ billnum: "SW-STRANGER", custnum: "SW-3", person: "Matti Virtanen" }));
    expect(await sentBy(stranger)).toMatchObject({ sendtype: "post" });
    const partly = await post(invoice({ billnum: "SW-PARTLY", custnum: "SW-3", person: "Maija Virtanen" }));
    expect(await sentBy(partly)).toMatchObject({ sendtype: "post" });

    // The same name in another order, case and spelling of its accents is the consumer's.
    const consumer = await post(invoice({ billnum: "SW-CONSUMER", custnum: "SW-3", person: "MAIJA LIISA  VIRTANEN" }));
    expect(await sentBy(consumer)).toMatchObject({ sendtype: "evoice", distributionChannel: "b2c", status: "delivered" });
    const accents = await post(invoice({ billnum: "SW-ACCENTS", custnum: "SW-4", person: "Maija Meikalainen" }));
    await send({ custnum: "SW-4", address: "FI4250001510000023", bic: "OKOYFIHH" });
    expect(await sentBy(accents)).toMatchObject({ sendtype: "evoice" });

    // A later proposal under another name for the same customer number switches nothing, and the
    // address it gives is not used for what was already switched either.
    const queued = await getDb().job.findUniqueOrThrow({ where: { id: consumer } });
    await send({ custnum: "SW-3", name: "Matti Virtanen", address: "FI2112345600000785", bic: "NDEAFIHH", messageDate: "20261121" });
    const listed = (await page("?custnum=SW-3&status=current")).proposals;
    expect(listed).toEqual([expect.objectContaining({ einvoiceaddress: "FI2112345600000785", switches: true })]);
    expect(await proposalAddressFor(getDb(), { secondary: false, sendtype: "evoice" }, queued)).toBeNull();
    const afterwards = await post(invoice({ billnum: "SW-AFTER", custnum: "SW-3", person: "Maija-Liisa Virtanen" }));
    expect(await sentBy(afterwards)).toMatchObject({ sendtype: "post" });

    expect((await settings({ receiverproposalswitch: false })).status).toBe(200);
  });
});
