import { describe, expect, it } from "vitest";

import { DOCUMENT_TYPES } from "./codes";
import { datasetItemSchema } from "./dataset-item";
import { COUNTRIES, type Country } from "./environments";
import { upgradeLegacyLetter } from "./legacy-letter";
import { minimumDataProblems } from "./minimum-data";
import { isValidIban } from "./national-ids";

/** What intake does with one job: map older letter names, read the shape, check the minimum data. */
function check(input: Record<string, unknown>, country: Country = "FIN") {
  return minimumDataProblems(datasetItemSchema.parse(upgradeLegacyLetter(input).item), country);
}

/** A postcode of each country, for the fixtures' debtors living where the environment is. */
const POSTCODE: Record<Country, string> = { FIN: "00100", SWE: "114 55", NOR: "0150" };
const local = (input: Record<string, unknown>, country: Country) => ({ ...input, postcode: POSTCODE[country] });

const fields = (input: Record<string, unknown>, country: Country = "FIN") => check(input, country).map((problem) => problem.field);

function without(input: Record<string, unknown>, member: string) {
  const copy = { ...input };
  delete copy[member];
  return copy;
}

/** The specification's basic invoice, integers sent as strings. */
const invoice = {
  jobtype: "0",
  customertype: "2",
  person: "Maija Meikäläinen",
  address: "Esimerkkikatu 1",
  postcode: "00100",
  city: "Helsinki",
  billdate: "2026-11-22",
  paydate: "2026-12-06",
  payrow: [{ desc: "Consulting", count: "2", amount: "100.00", taxpr: "25.5" }],
};

const companyInvoice = { ...without(invoice, "person"), customertype: "1", company: "Firma Oy" };

const reminder = {
  jobtype: "1",
  customertype: "2",
  person: "Maija Meikäläinen",
  address: "Esimerkkikatu 1",
  postcode: "00100",
  city: "Helsinki",
  billdate: "2026-10-01",
  paydate: "2026-10-15",
  billnum: "10045",
  billcode: "RF18539007547034",
  amount: "251.00",
};

const collection = { ...reminder, jobtype: "2", noticedate: "2026-10-29" };

const letter = {
  jobtype: "301",
  sendtype: "post",
  customertype: "2",
  person: "Maija Meikäläinen",
  address: "Esimerkkikatu 1",
  postcode: "00100",
  city: "Helsinki",
  addresscountry: "FIN",
  countryname: "Finland",
  language: "fin",
  propertyrow: [{ propname: "documenttype", propvalue: "customerletter" }],
  image: { filename: "letter-1.pdf" },
};

describe("minimum data of an invoice (jobtype 0)", () => {
  it.each(COUNTRIES)("finds nothing missing in the specification's basic invoice in %s", (country) => {
    expect(check(local(invoice, country), country)).toEqual([]);
  });

  it('treats jobtype 0 sent as an integer exactly as jobtype "0" sent as a string', () => {
    expect(check({ ...invoice, jobtype: 0, customertype: 2 })).toEqual([]);
    expect(check({ ...without(invoice, "billdate"), jobtype: 0 })).toEqual(check(without(invoice, "billdate")));
  });

  it.each(["jobtype", "address", "postcode", "city", "customertype", "billdate", "paydate"])("requires %s", (member) => {
    expect(check(without(invoice, member))).toContainEqual({ field: member, code: "required", message: "is required", rule: "required", params: {} });
  });

  it.each([null, ""])("counts %j in a required member as missing", (value) => {
    expect(fields({ ...invoice, address: value, billdate: value })).toEqual(["address", "billdate"]);
  });

  it("requires person when customertype is 2 (natural person)", () => {
    expect(check(without(invoice, "person"))).toEqual([
      {
        field: "person",
        code: "required",
        message: "is required when customertype is 2 (natural person)",
        rule: "requiredByCustomertype",
        params: { customertype: "2 (natural person)" },
      },
    ]);
  });

  it("requires company, not person, when customertype is 1 (company)", () => {
    expect(check(companyInvoice)).toEqual([]);
    expect(check({ ...without(companyInvoice, "company"), person: "Maija Meikäläinen" })).toEqual([
      {
        field: "company",
        code: "required",
        message: "is required when customertype is 1 (company)",
        rule: "requiredByCustomertype",
        params: { customertype: "1 (company)" },
      },
    ]);
  });

  it("requires at least one payrow", () => {
    const expected = { field: "payrow", code: "required", message: "must have at least one row", rule: "minOneRow", params: {} };
    expect(check(without(invoice, "payrow"))).toEqual([expected]);
    expect(check({ ...invoice, payrow: [] })).toEqual([expected]);
    expect(check({ ...invoice, payrow: null })).toEqual([expected]);
  });

  it.each(["desc", "count", "amount", "taxpr"])("requires %s on every payrow", (member) => {
    const second = { desc: "Travel", count: "1", amount: "50", taxpr: "25.5" };
    expect(check({ ...invoice, payrow: [invoice.payrow[0], without(second, member)] })).toEqual([
      { field: `payrow[1].${member}`, code: "required", message: "is required", rule: "required", params: {} },
    ]);
  });

  it("accepts a payrow with count 0 and taxpr 0: zero is a value, not a missing one", () => {
    expect(check({ ...invoice, payrow: [{ desc: "Free sample", count: 0, amount: "10", taxpr: 0 }] })).toEqual([]);
  });

  it("reports each missing member once and everything at the same time", () => {
    expect(fields({ jobtype: 0 })).toEqual(["address", "city", "customertype", "postcode", "billdate", "paydate", "payrow"]);
  });

  it("requires jobtype, address, city and customertype of any item, even without a jobtype", () => {
    expect(fields({})).toEqual(["jobtype", "address", "city", "customertype"]);
  });
});

describe("minimum data of an information logistic invoice (jobtype 300)", () => {
  it("finds nothing missing in the basic invoice posted as jobtype 300", () => {
    expect(check({ ...invoice, jobtype: "300" })).toEqual([]);
    expect(check({ ...invoice, jobtype: 300 })).toEqual([]);
  });

  it("requires what an invoice requires", () => {
    expect(fields({ ...without(invoice, "payrow"), jobtype: "300" })).toEqual(["payrow"]);
    expect(fields({ ...without(invoice, "paydate"), jobtype: "300" })).toEqual(["paydate"]);
  });
});

describe("minimum data of a sub invoice (jobtype 602)", () => {
  it("requires origbillnum, the bill number of the collection invoice", () => {
    expect(check({ ...invoice, jobtype: "602" })).toEqual([
      {
        field: "origbillnum",
        code: "required",
        message: "is required for a sub invoice (jobtype 602)",
        rule: "required",
        params: { when: " for a sub invoice (jobtype 602)" },
      },
    ]);
    expect(check({ ...invoice, jobtype: 602, origbillnum: "" })).toEqual([expect.objectContaining({ field: "origbillnum" })]);
  });

  it("finds nothing missing in a sub invoice with origbillnum", () => {
    expect(check({ ...invoice, jobtype: "602", origbillnum: "C-2026-1" })).toEqual([]);
  });

  it("does not require origbillnum of an ordinary invoice", () => {
    expect(fields(invoice)).not.toContain("origbillnum");
  });
});

describe("minimum data of a reminder (jobtype 1)", () => {
  it.each(COUNTRIES)("finds nothing missing in a complete reminder in %s", (country) => {
    expect(check(local(reminder, country), country)).toEqual([]);
  });

  it.each(["billcode", "amount", "billnum", "address", "postcode", "city", "customertype", "billdate", "paydate"])("requires %s", (member) => {
    expect(check(without(reminder, member))).toContainEqual(expect.objectContaining({ field: member, code: "required" }));
  });

  it("requires the debtor's name: person for a natural person, company for a company debtor", () => {
    expect(fields(without(reminder, "person"))).toEqual(["person"]);
    expect(fields({ ...reminder, customertype: 1 })).toEqual(["company"]);
    expect(check({ ...without(reminder, "person"), customertype: "1", company: "Firma Oy" })).toEqual([]);
  });

  it("does not require payrows: the receivable was invoiced elsewhere", () => {
    expect(fields(reminder)).not.toContain("payrow");
  });

  it("does not require noticedate", () => {
    expect(fields(reminder, "FIN")).not.toContain("noticedate");
  });

  it("requires the open capital to be greater than 0", () => {
    for (const amount of [0, "-10.00"]) {
      expect(check({ ...reminder, amount })).toEqual([
        { field: "amount", code: "invalid", message: "must be greater than 0 (the open capital)", rule: "positiveCapital", params: {} },
      ]);
    }
  });
});

describe("minimum data of a debt collection (jobtype 2)", () => {
  it.each(COUNTRIES)("finds nothing missing in a complete debt collection in %s", (country) => {
    expect(check(local(collection, country), country)).toEqual([]);
  });

  it("requires noticedate in Finland", () => {
    expect(check(without(collection, "noticedate"), "FIN")).toEqual([
      {
        field: "noticedate",
        code: "required",
        message: "is required for debt collection in Finland (the date the creditor sent the reminder)",
        rule: "required",
        params: { when: " for debt collection in Finland (the date the creditor sent the reminder)" },
      },
    ]);
    expect(fields({ ...collection, noticedate: null }, "FIN")).toEqual(["noticedate"]);
  });

  it("requires noticedate in Norway, where collection begins only after an inkassovarsel", () => {
    expect(check(without(local(collection, "NOR"), "noticedate"), "NOR")).toEqual([
      {
        field: "noticedate",
        code: "required",
        message: "is required for debt collection in Norway (the date the inkassovarsel was sent, inkassoloven § 9)",
        rule: "required",
        params: { when: " for debt collection in Norway (the date the inkassovarsel was sent, inkassoloven § 9)" },
      },
    ]);
  });

  it("does not require noticedate in Sweden", () => {
    expect(check(without(local(collection, "SWE"), "noticedate"), "SWE")).toEqual([]);
  });

  it.each(["billcode", "amount", "billnum", "postcode", "billdate", "paydate"])("requires %s as a reminder does", (member) => {
    for (const country of COUNTRIES) expect(fields(without(collection, member), country)).toContain(member);
  });

  it("requires a positive open capital", () => {
    expect(fields({ ...collection, amount: "0.00" })).toEqual(["amount"]);
  });
});

describe("minimum data of a letter (jobtype 301)", () => {
  it.each(COUNTRIES)("finds nothing missing in a complete letter in %s", (country) => {
    expect(check(letter, country)).toEqual([]);
  });

  it("accepts the PDF embedded as base64 in image.file instead of image.filename", () => {
    expect(check({ ...letter, image: { file: "JVBERi0xLjQK" } })).toEqual([]);
  });

  it("does not require billdate, paydate or payrows of a letter", () => {
    expect(fields(letter)).toEqual([]);
  });

  it.each(["sendtype", "customertype", "address", "postcode", "city", "addresscountry", "countryname"])("requires %s", (member) => {
    expect(check(without(letter, member))).toContainEqual({ field: member, code: "required", message: "is required", rule: "required", params: {} });
  });

  it("requires person when customertype is 2 and company when it is 1", () => {
    expect(fields(without(letter, "person"))).toEqual(["person"]);
    expect(fields({ ...letter, customertype: "1" })).toEqual(["company"]);
    expect(check({ ...without(letter, "person"), customertype: "1", company: "Firma Oy" })).toEqual([]);
  });

  it("allows only sendtype post or email", () => {
    expect(check({ ...letter, sendtype: "email", email: "maija@example.fi" })).toEqual([]);
    for (const sendtype of ["print", "evoice", "peppol"]) {
      expect(check({ ...letter, sendtype })).toEqual([
        { field: "sendtype", code: "invalid", message: "must be post or email for jobtype 301", rule: "letterSendtype", params: {} },
      ]);
    }
  });

  it("requires email when sendtype is email", () => {
    expect(check({ ...letter, sendtype: "email" })).toEqual([
      { field: "email", code: "required", message: "is required when sendtype is email", rule: "requiredBySendtype", params: { sendtype: "email" } },
    ]);
  });

  it("requires addresscountry as an ISO 3166-1 alpha-3 code", () => {
    expect(check({ ...letter, addresscountry: "FI" })).toEqual([
      { field: "addresscountry", code: "invalid", message: "must be an ISO 3166-1 alpha-3 code for jobtype 301", rule: "letterCountry", params: {} },
    ]);
    expect(check({ ...letter, addresscountry: "swe", countryname: "Sweden" })).toEqual([]);
  });

  it("refuses a numeric country code such as 246 as a letter's addresscountry", () => {
    const parsed = datasetItemSchema.safeParse({ ...letter, addresscountry: "246" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["addresscountry"]);
    // minimumDataProblems holds the rule too, for items built without the schema.
    expect(minimumDataProblems({ ...datasetItemSchema.parse(letter), addresscountry: "246" }, "FIN").map((p) => p.field)).toEqual(["addresscountry"]);
  });

  it("requires propertyrow[] with a row whose propname is documenttype", () => {
    expect(check(without(letter, "propertyrow"))).toEqual([
      {
        field: "propertyrow",
        code: "required",
        message: "must have at least one row, one of them with propname documenttype",
        rule: "documentTypeRows",
        params: {},
      },
    ]);
    expect(check({ ...letter, propertyrow: [{ propname: "campaign", propvalue: "autumn" }] })).toEqual([
      { field: "propertyrow", code: "required", message: "must have a row with propname documenttype", rule: "documentTypeRow", params: {} },
    ]);
  });

  it("requires propname and propvalue on every propertyrow", () => {
    expect(fields({ ...letter, propertyrow: [letter.propertyrow[0], { propname: "campaign" }, { propvalue: "x" }] })).toEqual([
      "propertyrow[1].propvalue",
      "propertyrow[2].propname",
    ]);
  });

  it.each(DOCUMENT_TYPES)("accepts the documenttype %s", (documentType) => {
    expect(
      check({
        ...letter,
        propertyrow: [
          { propname: "campaign", propvalue: "x" },
          { propname: "documenttype", propvalue: documentType },
        ],
      }),
    ).toEqual([]);
  });

  it("knows exactly the eighteen document types of the specification", () => {
    expect([...DOCUMENT_TYPES].sort()).toEqual(
      [
        "invoice",
        "payslip",
        "customerletter",
        "questionnaire",
        "report",
        "contract",
        "test",
        "electricityinvoice",
        "reminder",
        "districtheatinginvoice",
        "readingcard",
        "adInvoice",
        "interestinvoice",
        "rentinvoice",
        "waterinvoice",
        "subscriptioninvoice",
        "order",
        "circulationinvoice",
      ].sort(),
    );
  });

  it("refuses a documenttype value the specification does not list, naming the row", () => {
    expect(
      check({
        ...letter,
        propertyrow: [
          { propname: "x", propvalue: "y" },
          { propname: "documenttype", propvalue: "memo" },
        ],
      }),
    ).toEqual([expect.objectContaining({ field: "propertyrow[1].propvalue", code: "invalid" })]);
    expect(fields({ ...letter, propertyrow: [{ propname: "documenttype", propvalue: "Invoice" }] })).toEqual(["propertyrow[0].propvalue"]);
  });

  it("requires the PDF, in image.file or image.filename", () => {
    const expected = [expect.objectContaining({ field: "image", code: "required" })];
    expect(check(without(letter, "image"))).toEqual(expected);
    expect(check({ ...letter, image: {} })).toEqual(expected);
    expect(check({ ...letter, image: { filename: "", file: null } })).toEqual(expected);
  });

  it("does not apply the invoice's e-invoice address rules to a letter", () => {
    expect(fields({ ...letter, sendtype: "evoice" })).toEqual(["sendtype"]);
  });

  it("accepts a letter in the older generation's member names once they are mapped", () => {
    const legacy = {
      jobtype: 301,
      deliverymethod: "email",
      customertype: 2,
      person: "Maija Meikäläinen",
      address: "Esimerkkikatu 1",
      postcode: "00100",
      city: "Helsinki",
      countrycode: "FIN",
      country: "Finland",
      emailaddress: "maija@example.fi",
      phonenumber: "+358 40 123 4567",
      customernumber: "K-1",
      filename: "letter-1.pdf",
      contractnumber: "E-1",
      propertyrow: [{ propname: "documenttype", propvalue: "electricityinvoice" }],
    };
    expect(check(legacy)).toEqual([]);
  });
});

describe("accounting rows (Embed)", () => {
  // The specification's example: one debit row and one credit row, each with the gross amount.
  const rows = [
    { accountid: "1700", debit: "251.00", credit: null, desc: "Receivables", netamount: "200.00", vatamount: "51.00", taxpr: "25.5" },
    { accountid: "3000", debit: null, credit: "251.00", desc: "Sales", netamount: "200.00", vatamount: "51.00", taxpr: "25.5" },
  ];

  it("accepts one debit row and one credit row of the gross amount", () => {
    expect(check({ ...invoice, accountrow: rows })).toEqual([]);
  });

  it("accepts an invoice without accounting rows", () => {
    expect(check({ ...invoice, accountrow: [] })).toEqual([]);
  });

  it.each(["accountid", "netamount", "vatamount", "desc", "taxpr"])("requires %s on every accounting row", (member) => {
    expect(check({ ...invoice, accountrow: [rows[0], without(rows[1]!, member)] })).toEqual([
      { field: `accountrow[1].${member}`, code: "required", message: "is required", rule: "required", params: {} },
    ]);
  });

  it("requires each row to be either a debit or a credit, not both and not neither", () => {
    const both = { ...rows[0], credit: "251.00" };
    const neither = { ...rows[1], credit: null };
    expect(check({ ...invoice, accountrow: [both] })).toEqual([
      {
        field: "accountrow[0]",
        code: "invalid",
        message: "must have either a debit or a credit amount, not both or neither",
        rule: "debitOrCredit",
        params: {},
      },
    ]);
    expect(fields({ ...invoice, accountrow: [rows[0], neither] })).toEqual(["accountrow[1]", "accountrow"]);
  });

  it("treats a debit or credit of 0 as no amount", () => {
    expect(
      check({
        ...invoice,
        accountrow: [
          { ...rows[0], credit: 0 },
          { ...rows[1], debit: "0.00" },
        ],
      }),
    ).toEqual([]);
  });

  it("requires debits and credits to balance", () => {
    expect(check({ ...invoice, accountrow: [rows[0], { ...rows[1], credit: "250.99" }] })).toEqual([
      { field: "accountrow", code: "invalid", message: "debits (251.00) and credits (250.99) must balance" },
    ]);
  });

  it("adds amounts in decimal, so 0.10 + 0.20 balances 0.30", () => {
    const row = { accountid: 1, desc: "x", netamount: 0, vatamount: 0, taxpr: 0 };
    expect(
      check({
        ...invoice,
        accountrow: [
          { ...row, debit: 0.1 },
          { ...row, debit: 0.2 },
          { ...row, credit: 0.3 },
        ],
      }),
    ).toEqual([]);
  });
});

describe("rules between members", () => {
  it("refuses a paydate before the billdate", () => {
    expect(check({ ...invoice, paydate: "2026-11-21" })).toEqual([
      { field: "paydate", code: "invalid", message: "must not be before billdate (2026-11-22)", rule: "dueBeforeBillDate", params: { billdate: "2026-11-22" } },
    ]);
  });

  it("accepts a paydate on the billdate", () => {
    expect(check({ ...invoice, paydate: invoice.billdate })).toEqual([]);
  });

  it("compares paydate and billdate across months and years", () => {
    expect(check({ ...invoice, billdate: "2026-12-31", paydate: "2027-01-14" })).toEqual([]);
    expect(fields({ ...invoice, billdate: "2027-01-01", paydate: "2026-12-31" })).toEqual(["paydate"]);
  });

  it("applies the paydate rule to reminders and collections too", () => {
    expect(fields({ ...reminder, paydate: "2026-09-30" })).toEqual(["paydate"]);
    expect(fields({ ...collection, paydate: "2026-09-30" })).toEqual(["paydate"]);
  });

  it("requires email when sendtype is email", () => {
    expect(check({ ...invoice, sendtype: "email" })).toEqual([
      { field: "email", code: "required", message: "is required when sendtype is email", rule: "requiredBySendtype", params: { sendtype: "email" } },
    ]);
    expect(check({ ...invoice, sendtype: "email", email: "maija@example.fi" })).toEqual([]);
  });

  it.each(["evoice", "evoicenet", "evoicesm"])("requires evoice and evoiceint when sendtype is %s", (sendtype) => {
    expect(fields({ ...invoice, sendtype })).toEqual(["evoice", "evoiceint"]);
    expect(check({ ...invoice, sendtype, evoice: "003726174164", evoiceint: "OKOYFIHH" })).toEqual([]);
  });

  it("requires evoice, the Peppol participant id, when sendtype is peppol", () => {
    expect(fields({ ...invoice, sendtype: "peppol" })).toEqual(["evoice"]);
    expect(check({ ...invoice, sendtype: "peppol", evoice: "0216:003726174164" })).toEqual([]);
  });

  it.each(["post", "print", null, ""])("requires no electronic address when sendtype is %j", (sendtype) => {
    expect(check({ ...invoice, sendtype })).toEqual([]);
  });

  it("accepts null in every optional member of the spec's invoice", () => {
    expect(
      check({ ...invoice, email: null, phone: null, govid: null, vatid: null, sendtype: null, billnum: null, accountrow: null, addaddress: null }),
    ).toEqual([]);
  });

  it("requires refundiban to be a valid IBAN", () => {
    expect(isValidIban("FI21 1234 5600 0007 85")).toBe(true);
    expect(check({ ...invoice, refundiban: "FI21 1234 5600 0007 85" })).toEqual([]);
    expect(check({ ...invoice, refundiban: "FI21 1234 5600 0007 86" })).toEqual([
      { field: "refundiban", code: "invalid", message: "must be a valid IBAN", rule: "iban", params: {} },
    ]);
  });

  it("requires billnum when checkbillnum is 1", () => {
    expect(check({ ...invoice, checkbillnum: "1" })).toEqual([
      { field: "billnum", code: "required", message: "is required when checkbillnum is 1", rule: "required", params: { when: " when checkbillnum is 1" } },
    ]);
    expect(check({ ...invoice, checkbillnum: "1", billnum: "2026-1" })).toEqual([]);
    expect(check({ ...invoice, checkbillnum: "0" })).toEqual([]);
  });
});

describe("postcodes and identity codes of the debtor's country", () => {
  it("refuses a postcode the country cannot have, naming the form it wants", () => {
    expect(check({ ...invoice, postcode: "ABC" }, "FIN")).toEqual([
      { field: "postcode", code: "invalid", message: "must be a Finnish postcode of five digits", rule: "finnishPostcode", params: {} },
    ]);
    expect(fields({ ...invoice, postcode: "00100" }, "NOR")).toEqual(["postcode"]);
    expect(fields({ ...invoice, postcode: "1234" }, "SWE")).toEqual(["postcode"]);
    expect(check({ ...invoice, postcode: "114 55" }, "SWE")).toEqual([]);
    expect(check({ ...invoice, postcode: "11455" }, "SWE")).toEqual([]);
  });

  it("judges a debtor abroad by its own country, and leaves other countries' postcodes alone", () => {
    expect(check({ ...invoice, postcode: "0150", addresscountry: "NO" }, "FIN")).toEqual([]);
    expect(check({ ...invoice, postcode: "10115", addresscountry: "DE" }, "FIN")).toEqual([]);
    expect(check({ ...invoice, postcode: "SW1A 1AA", addresscountry: "GBR" }, "SWE")).toEqual([]);
  });

  it("refuses a govid that is neither a valid business id nor a valid personal identity code", () => {
    expect(check({ ...invoice, govid: "123456-7890" }, "FIN")).toEqual([
      {
        field: "govid",
        code: "invalid",
        message: "must be the person's henkilötunnus, with a valid check digit",
        rule: "personalIdOfCountry",
        params: { personalId: "henkilötunnus" },
      },
    ]);
    expect(check({ ...invoice, govid: "131052-308T" }, "FIN")).toEqual([]);
    expect(check({ ...invoice, customertype: "1", company: "Firma Oy", govid: "2617416-4" }, "FIN")).toEqual([]);
    expect(fields({ ...invoice, customertype: "1", company: "Firma Oy", govid: "2617416-5" }, "FIN")).toEqual(["govid"]);
    expect(check({ ...invoice, postcode: "0150", govid: "987654325" }, "NOR")).toEqual([]);
    expect(check({ ...invoice, postcode: "114 55", govid: "202100-5489" }, "SWE")).toEqual([]);
  });

  it("names each country's rule and its own name of the code, so the portal says it in the reader's language", () => {
    const rules = (input: Record<string, unknown>, country: Country) => check(input, country).map(({ field, rule, params }) => ({ field, rule, params }));
    expect(rules({ ...invoice, postcode: "1234" }, "SWE")).toEqual([{ field: "postcode", rule: "swedishPostcode", params: {} }]);
    expect(rules({ ...invoice, postcode: "00100" }, "NOR")).toEqual([{ field: "postcode", rule: "norwegianPostcode", params: {} }]);
    expect(rules({ ...companyInvoice, postcode: "114 55", govid: "556703-7484" }, "SWE")).toEqual([
      { field: "govid", rule: "businessIdOfCountry", params: { businessId: "organisationsnummer" } },
    ]);
    // A party whose kind the job does not say may be given by either code.
    const withoutType = { ...without(invoice, "customertype"), postcode: "0150" };
    expect(
      minimumDataProblems(datasetItemSchema.parse({ ...withoutType, govid: "12345678901" }), "NOR").filter((problem) => problem.field === "govid"),
    ).toEqual([
      {
        field: "govid",
        code: "invalid",
        message: "must be a organisasjonsnummer or a fødselsnummer, with a valid check digit",
        rule: "businessOrPersonalIdOfCountry",
        params: { businessId: "organisasjonsnummer", personalId: "fødselsnummer" },
      },
    ]);
  });
});

describe("postcodes and identity codes of the additional addresses (addaddress[])", () => {
  it("refuses a postcode and an identity code the entry's country cannot have, on the entry's own path", () => {
    const problems = check(
      {
        ...invoice,
        addaddress: [
          { addresstype: "2", company: "Varasto Oy", address: "Varastotie 1", postcode: "33100", city: "Tampere" },
          { addresstype: "5", customertype: "2", person: "Matti Meikäläinen", postcode: "ABC", govid: "123456-7890" },
        ],
      },
      "FIN",
    );
    expect(problems).toEqual([
      { field: "addaddress[1].postcode", code: "invalid", message: "must be a Finnish postcode of five digits", rule: "finnishPostcode", params: {} },
      {
        field: "addaddress[1].govid",
        code: "invalid",
        message: "must be the person's henkilötunnus, with a valid check digit",
        rule: "personalIdOfCountry",
        params: { personalId: "henkilötunnus" },
      },
    ]);
  });

  it("judges an entry by its own addresscountry, else by the environment's country, whatever the recipient's", () => {
    // The recipient lives in Norway; an entry without a country is where the environment is.
    const abroad = { ...invoice, postcode: "0150", addresscountry: "NOR" };
    expect(fields({ ...abroad, addaddress: [{ postcode: "0150" }] }, "FIN")).toEqual(["addaddress[0].postcode"]);
    expect(check({ ...abroad, addaddress: [{ postcode: "00100" }] }, "FIN")).toEqual([]);
    // An entry in Sweden, Norway or elsewhere by its own addresscountry.
    expect(check({ ...invoice, addaddress: [{ postcode: "114 55", addresscountry: "SWE", govid: "202100-5489" }] }, "FIN")).toEqual([]);
    expect(check({ ...invoice, addaddress: [{ postcode: "10115", addresscountry: "DEU", govid: "DE123" }] }, "FIN")).toEqual([]);
    expect(fields({ ...invoice, addaddress: [{ postcode: "00100", addresscountry: "NO" }] }, "FIN")).toEqual(["addaddress[0].postcode"]);
    expect(check({ ...invoice, postcode: "114 55", addaddress: [{ customertype: "1", company: "Firma AB", govid: "556703-7484" }] }, "SWE")).toEqual([
      {
        field: "addaddress[0].govid",
        code: "invalid",
        message: "must be the company's organisationsnummer, with a valid check digit",
        rule: "businessIdOfCountry",
        params: { businessId: "organisationsnummer" },
      },
    ]);
  });

  it("accepts valid codes, and entries without a postcode or an identity code", () => {
    expect(
      check(
        {
          ...invoice,
          addaddress: [
            { addresstype: "5", customertype: "2", person: "Matti", postcode: "33100", govid: "131052-308T" },
            { addresstype: "3", customertype: "1", company: "Firma Oy", govid: "2617416-4" },
            { addresstype: "6", email: "kopio@example.fi" },
          ],
        },
        "FIN",
      ),
    ).toEqual([]);
  });
});
