import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb, type Prisma } from "../../db/client";
import { fixedClock } from "../../platform/clock";
import { environment } from "../../spec/environments";
import type { JobDetail } from "../../spec/job-detail";
import type { JobsResponse } from "../../spec/jobs";
import { ruleKeyed } from "../../spec/rules";
import { invoice } from "../../testing/jobs";
import { createTestOrganization } from "../../testing/organization-fixture";
import { ActionError } from "../actions/action-error";
import { fillCasesFromService } from "../cases/fill-cases";
import { findRecipients } from "../cases/find-recipients";
import { recordPostedJobs } from "../cases/record-posted-jobs";
import type { Connection } from "../connections/connections";
import { keyed, messageText } from "../i18n/messages";

import { getCustomer } from "./get-customer";
import { linkExistingCases } from "./link-existing-cases";
import { listCustomers } from "./list-customers";
import { customerFormSchema, updateCustomer } from "./update-customer";

/*
 * The customer register: built from the jobs the portal posts and from the jobs it reads from its
 * services, kept by its clerks (a person's edit stands against later jobs), and the organization's own.
 */

let nextJobid = 10_000;

async function organization() {
  const org = await createTestOrganization(getDb(), [{ environment: "fin-test", eventMode: "poll" }]);
  const row = org.connections[0]!;
  const connection: Connection = {
    id: row.id,
    organizationId: org.organizationId,
    environment: environment("fin-test"),
    label: "fin-test",
    baseUrl: "http://service.test/fin-test/rest",
    cid: row.cid,
    eventMode: "poll",
    receiverRegisteredAt: null,
    receiverError: null,
    lastContactAt: null,
  };
  return { organizationId: org.organizationId, connection };
}

/** The portal posts these items and the service accepts each. */
async function post(org: { organizationId: string; connection: Connection }, ...items: Record<string, unknown>[]) {
  const response: JobsResponse = {
    result: items.map((item) => ({
      accepted: 1,
      amount: 100,
      billnum: String(nextJobid),
      billcode: null,
      error: null,
      evoicetype: null,
      jobid: nextJobid++,
      jobstatus: "0",
      jobtype: "0",
      notice: null,
      origbillnum: null,
      ownref: null,
      print: null,
      receiver: String(item.person ?? item.company),
      reference: "1232",
      sendtype: "post",
    })),
    errors: [],
    accepted: items.length,
  };
  return (await recordPostedJobs(getDb(), { ...org, items, response })) as string[];
}

const caseOf = (id: string) => getDb().portalCase.findUniqueOrThrow({ where: { id } });
const user = (organizationId: string) => ({ organizationId, locale: "eng" as const });

describe("the customer register from posted jobs", () => {
  it("adds the debtor of a posted job and links its case; the next job to the same debtor links to the same customer", async () => {
    const org = await organization();
    const [first] = await post(org, invoice({ person: "Maija Meikäläinen", govid: "131052-308T", language: "fin" }));
    const [second] = await post(org, invoice({ person: "MAIJA  meikäläinen", postcode: "00 100", address: "Uusi katu 2" }));
    const a = await caseOf(first!);
    const b = await caseOf(second!);
    expect(a.customerId).not.toBeNull();
    expect(b.customerId).toBe(a.customerId);
    const customer = await getDb().portalCustomer.findUniqueOrThrow({ where: { id: a.customerId! } });
    // The later job's address updates a customer nobody has edited.
    expect(customer).toMatchObject({ country: "FIN", customertype: "person", address: "Uusi katu 2", city: "Helsinki", language: "fin", editedAt: null });
    // No identity code in the register.
    expect(JSON.stringify(customer)).not.toContain("131052");
  });

  it("keys a customer by its customer number when the job has one", async () => {
    const org = await organization();
    const ids = await post(
      org,
      invoice({ customertype: "1", company: "Kukka Oy", person: null, custnum: "C-7" }),
      invoice({ customertype: "1", company: "Kukka Oy Ab", person: null, custnum: "C-7", postcode: "33100" }),
      invoice({ person: "Kukka Oy", custnum: null }),
    );
    const cases = await Promise.all(ids.map(caseOf));
    expect(cases[1]!.customerId).toBe(cases[0]!.customerId);
    expect(cases[2]!.customerId).not.toBe(cases[0]!.customerId);
    const customers = await getDb().portalCustomer.findMany({ where: { organizationId: org.organizationId }, orderBy: { key: "asc" } });
    expect(customers.map((row) => [row.key, row.name])).toEqual([
      ["a:kukka oy|00100", "Kukka Oy"],
      ["n:C-7", "Kukka Oy Ab"],
    ]);
  });

  it("keeps each connection's customers apart: a test environment's customer number 1001 is not production's", async () => {
    const org = await organization();
    const [testCase] = await post(org, invoice({ person: "Testi Asiakas", custnum: "1001" }));
    const production = { ...org, connection: { ...org.connection, id: randomUUID(), environment: environment("fin-prod"), cid: "prod-cid" } };
    const [productionCase] = await post(production, invoice({ person: "Oikea Asiakas", custnum: "1001", address: "Oikea tie 1" }));
    const [testCustomer, productionCustomer] = await Promise.all([caseOf(testCase!), caseOf(productionCase!)]).then((rows) =>
      Promise.all(rows.map((row) => getDb().portalCustomer.findUniqueOrThrow({ where: { id: row.customerId! } }))),
    );
    expect(testCustomer!.id).not.toBe(productionCustomer!.id);
    expect(testCustomer).toMatchObject({ environment: "fin-test", cid: org.connection.cid, name: "Testi Asiakas" });
    expect(productionCustomer).toMatchObject({ environment: "fin-prod", cid: "prod-cid", name: "Oikea Asiakas", address: "Oikea tie 1" });
  });

  it("keeps what a person edited against later jobs, which still link to it", async () => {
    const org = await organization();
    const [first] = await post(org, invoice({ person: "Edited Person", address: "Old road 1" }));
    const customerId = (await caseOf(first!)).customerId!;
    const input = customerFormSchema.parse({
      id: customerId,
      customertype: "person",
      name: "Edited Person",
      address: "Chosen road 5",
      postcode: "00100",
      city: "Helsinki",
      email: "edited@example.com",
      language: "eng",
      paymentTerms: "21",
      sendtype: "email",
      notes: "Calls back on Fridays",
    });
    await updateCustomer(getDb(), user(org.organizationId), input, new Date("2026-11-25T10:00:00Z"));
    const [second] = await post(org, invoice({ person: "Edited Person", address: "Job road 9", email: "job@example.com" }));
    expect((await caseOf(second!)).customerId).toBe(customerId);
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({
      address: "Chosen road 5",
      email: "edited@example.com",
      language: "eng",
      paymentTerms: 21,
      sendtype: "email",
      notes: "Calls back on Fridays",
      editedAt: new Date("2026-11-25T10:00:00Z"),
    });
    // The forms' suggestions come from the register, with its defaults.
    expect(await findRecipients(getDb(), { organizationId: org.organizationId, query: "edited" })).toEqual([
      {
        customertype: "2",
        name: "Edited Person",
        address: "Chosen road 5",
        postcode: "00100",
        city: "Helsinki",
        email: "edited@example.com",
        custnum: "",
        paymentTerms: 21,
        sendtype: "email",
      },
    ]);
  });

  it("refuses terms that are no whole days and an e-mail that is none", () => {
    const parsed = customerFormSchema.safeParse({
      id: randomUUID(),
      customertype: "person",
      name: "",
      address: "",
      postcode: "",
      city: "",
      email: "not-mail",
      language: "",
      paymentTerms: "14.5",
      sendtype: "",
      notes: "",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join("."))).toEqual(expect.arrayContaining(["name", "email", "paymentTerms"]));
    // No more days than the invoice form takes.
    const long = customerFormSchema.safeParse({
      ...parsed.data,
      id: randomUUID(),
      customertype: "person",
      name: "A",
      email: "",
      language: "",
      paymentTerms: "366",
      sendtype: "",
      notes: "",
      address: "",
      postcode: "",
      city: "",
    });
    expect(long.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["paymentTerms", "atMostDays?max=365"]]);
  });
});

describe("a customer's postcode", () => {
  const edit = (id: string, postcode: string) =>
    customerFormSchema.parse({
      id,
      customertype: "person",
      name: "Postcode Person",
      address: "Katu 1",
      postcode,
      city: "Helsinki",
      email: "",
      language: "",
      paymentTerms: "",
      sendtype: "",
      notes: "",
    });

  it("is refused on its field when the connection's country cannot have it, said in the user's language, and nothing is saved", async () => {
    const org = await organization();
    const [id] = await post(org, invoice({ person: "Postcode Person" }));
    const customerId = (await caseOf(id!)).customerId!;
    const refusal = await updateCustomer(getDb(), user(org.organizationId), edit(customerId, "ABC")).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ActionError);
    const { message, fieldErrors } = refusal as ActionError;
    expect(fieldErrors).toEqual({ postcode: ruleKeyed("finnishPostcode") });
    expect(messageText(message, "fin")).toBe(messageText(keyed("checkFields"), "fin"));
    expect(messageText(fieldErrors.postcode!, "fin")).toBe("Suomalainen postinumero on viisi numeroa, esimerkiksi 00100.");
    expect(messageText(fieldErrors.postcode!, "eng")).toBe("must be a Finnish postcode of five digits");
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({ postcode: "00100", editedAt: null });

    // A Finnish postcode, and none at all, are taken.
    await updateCustomer(getDb(), user(org.organizationId), edit(customerId, "33100"));
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({ postcode: "33100" });
    await updateCustomer(getDb(), user(org.organizationId), edit(customerId, ""));
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({ postcode: "" });
  });

  it("is judged by the country of the customer's connection", async () => {
    const org = await organization();
    const customerId = randomUUID();
    await getDb().portalCustomer.create({
      data: {
        id: customerId,
        organizationId: org.organizationId,
        environment: "swe-test",
        cid: "swe-cid",
        country: "SWE",
        key: "n:S-1",
        customertype: "person",
        name: "Sven",
      },
    });
    const refusal = (await updateCustomer(getDb(), user(org.organizationId), edit(customerId, "00100 0")).catch((error: unknown) => error)) as ActionError;
    expect(refusal.fieldErrors).toEqual({ postcode: ruleKeyed("swedishPostcode") });
    expect(messageText(refusal.fieldErrors.postcode!, "swe")).toBe("Ett svenskt postnummer har fem siffror, till exempel 123 45.");
    await updateCustomer(getDb(), user(org.organizationId), edit(customerId, "114 55"));
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({ postcode: "114 55" });
  });
});

describe("the customer register from jobs read from the service", () => {
  it("adds the debtor of a job the customer's ERP posted when its case is filled", async () => {
    const org = await organization();
    const jobid = nextJobid++;
    await getDb().portalCase.create({
      data: { id: randomUUID(), organizationId: org.organizationId, environment: "fin-test", country: "FIN", cid: org.connection.cid, jobid, code: 0 },
    });
    const detail = {
      jobid,
      jobtype: 0,
      jobstatus: 0,
      status: "Invoicing",
      billnum: "9001",
      reference: "1232",
      ownref: "erp-9",
      documentid: null,
      sendtype: "post",
      currency: "EUR",
      amount: 50,
      opencapital: 50,
      interest: 0,
      expenses: 0,
      paydate: "2026-12-30",
      currentpaydate: "2026-12-30",
      customertype: 1,
      customer: {
        name: "Erp Customer Oy",
        address: "Tehdaskatu 1",
        postcode: "33100",
        city: "Tampere",
        country: null,
        email: null,
        custnum: "E-1",
        govid: "**.**.*5",
      },
    } as unknown as JobDetail;
    const client = { lookUpJobs: async () => ({ jobs: [detail], missing: [] }) };
    expect(await fillCasesFromService(getDb(), fixedClock("2026-11-25T10:00:00Z"), { clientOf: () => client })).toBeGreaterThanOrEqual(1);
    const filled = await getDb().portalCase.findFirstOrThrow({ where: { organizationId: org.organizationId, jobid } });
    const customer = await getDb().portalCustomer.findUniqueOrThrow({ where: { id: filled.customerId! } });
    expect(customer).toMatchObject({
      key: "n:E-1",
      customertype: "company",
      name: "Erp Customer Oy",
      address: "Tehdaskatu 1",
      city: "Tampere",
      custnum: "E-1",
    });
    expect(JSON.stringify(customer)).not.toContain("*5");
  });

  it("links the cases recorded before the register existed", async () => {
    const org = await organization();
    const id = randomUUID();
    await getDb().portalCase.create({
      data: {
        id,
        organizationId: org.organizationId,
        environment: "fin-test",
        country: "FIN",
        cid: org.connection.cid,
        jobid: nextJobid++,
        receiverName: "Before Register Oy",
        postedAt: new Date("2026-11-01T08:00:00Z"),
        job: invoice({ customertype: "1", company: "Before Register Oy", person: null, city: "Turku" }) as Prisma.InputJsonValue,
      },
    });
    // A case that kept its debtor's name alone: linked by name, every namesake would be one customer.
    const thin = randomUUID();
    await getDb().portalCase.create({
      data: {
        id: thin,
        organizationId: org.organizationId,
        environment: "fin-test",
        country: "FIN",
        cid: org.connection.cid,
        jobid: nextJobid++,
        receiverName: "Matti Virtanen",
      },
    });
    expect(await linkExistingCases(getDb())).toBeGreaterThanOrEqual(1);
    const linked = await caseOf(id);
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: linked.customerId! } })).toMatchObject({ name: "Before Register Oy", city: "Turku" });
    expect((await caseOf(thin)).customerId).toBeNull();
  });
});

describe("the register's pages", () => {
  it("sums each customer's open cases per currency and pages by name", async () => {
    const org = await organization();
    const ids = await post(
      org,
      invoice({ person: "Balance One" }),
      invoice({ person: "Balance One" }),
      invoice({ person: "Balance One" }),
      invoice({ person: "Other Two" }),
    );
    await getDb().portalCase.update({ where: { id: ids[0] }, data: { openCapital: 10_000n, interest: 150n, expenses: 500n, currency: "EUR" } });
    await getDb().portalCase.update({ where: { id: ids[1] }, data: { openCapital: 2_000n, interest: null, expenses: null, currency: "EUR" } });
    // Paid: not open.
    await getDb().portalCase.update({ where: { id: ids[2] }, data: { openCapital: 0n, interest: 0n, expenses: 0n, code: 101 } });

    const page = await listCustomers(getDb(), { organizationId: org.organizationId, params: { q: "balance" } });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ name: "Balance One", openCases: 2, balances: [{ currency: "EUR", open: 12_650 }] });

    const detail = await getCustomer(getDb(), { organizationId: org.organizationId, id: page.rows[0]!.id, locale: "eng" });
    expect(detail!.cases).toHaveLength(3);
    expect(detail!.cases.find((row) => row.id === ids[0])).toMatchObject({ open: 10_650, codeText: "Invoicing" });
    expect(detail!.balances).toEqual([{ currency: "EUR", open: 12_650 }]);

    const all = await listCustomers(getDb(), { organizationId: org.organizationId, params: {} });
    expect(all.rows.map((row) => row.name)).toEqual(["Balance One", "Other Two"]);
    expect(all.next).toBeNull();
  });

  it("pages forward and back by keyset", async () => {
    const org = await organization();
    const names = Array.from({ length: 55 }, (_, index) => `Paged ${String(index).padStart(2, "0")}`);
    await post(org, ...names.map((person) => invoice({ person })));
    const first = await listCustomers(getDb(), { organizationId: org.organizationId, params: {} });
    expect(first.rows).toHaveLength(50);
    expect(first.previous).toBeNull();
    const second = await listCustomers(getDb(), { organizationId: org.organizationId, params: { after: first.next! } });
    expect(second.rows.map((row) => row.name)).toEqual(names.slice(50));
    expect(second.next).toBeNull();
    const back = await listCustomers(getDb(), { organizationId: org.organizationId, params: { before: second.previous! } });
    expect(back.rows.map((row) => row.name)).toEqual(names.slice(0, 50));
  });

  it("shows another organization nothing, and lets it edit nothing", async () => {
    const org = await organization();
    const stranger = await organization();
    const [id] = await post(org, invoice({ person: "Private Person" }));
    const customerId = (await caseOf(id!)).customerId!;
    expect((await listCustomers(getDb(), { organizationId: stranger.organizationId, params: {} })).rows).toEqual([]);
    expect(await getCustomer(getDb(), { organizationId: stranger.organizationId, id: customerId, locale: "eng" })).toBeNull();
    expect(await findRecipients(getDb(), { organizationId: stranger.organizationId, query: "private" })).toEqual([]);
    const input = customerFormSchema.parse({
      id: customerId,
      customertype: "person",
      name: "Taken Over",
      address: "",
      postcode: "",
      city: "",
      email: "",
      language: "",
      paymentTerms: "",
      sendtype: "",
      notes: "",
    });
    await expect(updateCustomer(getDb(), user(stranger.organizationId), input)).rejects.toBeInstanceOf(ActionError);
    expect(await getDb().portalCustomer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({ name: "Private Person", editedAt: null });
  });
});
