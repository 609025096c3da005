import { describe, expect, it } from "vitest";

import { parseDatasetItem } from "@/lib/spec/dataset-item";
import { COUNTRIES, type Country } from "@/lib/spec/environments";
import { jobSchemaFor, minimumDataProblems } from "@/lib/spec/minimum-data";
import { ruleKeyed } from "@/lib/spec/rules";

import { FORM_LEVEL } from "./form-problems";
import { defaultInvoiceValues, invoiceFormProblems, invoiceFormResolverSchema, invoiceFormToItem, type InvoiceFormValues } from "./invoice-form";
import { VAT_RATES } from "./vat-rates";

const DRAFT = "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b";

function filled(country: Country, change: Partial<InvoiceFormValues> = {}): InvoiceFormValues {
  const [general, reduced] = VAT_RATES[country];
  return {
    ...defaultInvoiceValues({ draftId: DRAFT, connectionId: "c1", country, today: "2026-11-23" }),
    name: "Maija Meikäläinen",
    address: "Esimerkkikatu 1",
    postcode: { FIN: "00100", SWE: "114 55", NOR: "0150" }[country],
    city: "Helsinki",
    payrow: [
      { desc: "Consulting", count: "2", amount: "100,50", taxpr: general! },
      { desc: "Books", count: "1 000", amount: "0.335", taxpr: reduced! },
    ],
    ...change,
  };
}

describe("invoiceFormToItem", () => {
  it.each(COUNTRIES)("makes a dataset item the service accepts in %s", (country) => {
    const item = invoiceFormToItem(filled(country));
    const parsed = parseDatasetItem(item);
    expect(parsed.success).toBe(true);
    expect(jobSchemaFor(country).safeParse(item).success).toBe(true);
    expect(minimumDataProblems(parsed.data!, country)).toEqual([]);
    expect(parsed.data).toMatchObject({
      jobtype: 0,
      customertype: 2,
      person: "Maija Meikäläinen",
      billdate: "2026-11-23",
      paydate: "2026-12-07",
      language: country.toLowerCase().slice(0, 3),
      payrow: [
        { desc: "Consulting", count: 2, amount: 100.5, taxpr: Number(VAT_RATES[country][0]) },
        { desc: "Books", count: 1000, amount: 0.335 },
      ],
    });
  });

  it("names a company by company, and sends only the members the send type needs", () => {
    const item = invoiceFormToItem(
      filled("FIN", { customertype: "1", name: "Firma Oy", vatid: "FI12345678", sendtype: "evoice", evoice: "003712345678", evoiceint: "NDEAFIHH", email: "" }),
    ) as Record<string, unknown>;
    expect(item).toMatchObject({ customertype: "1", company: "Firma Oy", vatid: "FI12345678", evoice: "003712345678", evoiceint: "NDEAFIHH" });
    expect(item).not.toHaveProperty("person");
    expect(item).not.toHaveProperty("email");
    expect(jobSchemaFor("FIN").safeParse(item).success).toBe(true);

    const byPost = invoiceFormToItem(filled("FIN", { sendtype: "post", evoice: "003712345678" })) as Record<string, unknown>;
    expect(byPost).not.toHaveProperty("evoice");
    expect(byPost).not.toHaveProperty("vatid");
  });

  it("sends a row's discount and the notes as discountpr and freetext, and nothing for them when empty", () => {
    const values = filled("FIN", {
      freetext: "  Thank you for your order!  ",
      payrow: [
        { desc: "Consulting", count: "2", amount: "100", taxpr: "25.5", discountpr: "12,5" },
        { desc: "Books", count: "1", amount: "10", taxpr: "14", discountpr: " " },
      ],
    });
    const parsed = jobSchemaFor("FIN").safeParse(invoiceFormToItem(values));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ freetext: "Thank you for your order!", payrow: [{ discountpr: 12.5 }, {}] });
    expect(parsed.data!.payrow![1]).not.toHaveProperty("discountpr");
    expect(invoiceFormToItem(filled("FIN"))).not.toHaveProperty("freetext");
  });

  it("sends jobtype 300 for the Connect model and balanced accounting rows", () => {
    const values = filled("SWE", {
      jobtype: "300",
      accountrow: [
        { accountid: "1700", debit: "251,25", credit: "", netamount: "201", vatamount: "50,25", taxpr: "25", desc: "Receivable" },
        { accountid: "3000", debit: "", credit: "251.25", netamount: "201", vatamount: "50.25", taxpr: "25", desc: "Sales" },
        { accountid: "", debit: "", credit: "", netamount: "", vatamount: "", taxpr: "", desc: "" },
      ],
    });
    const item = invoiceFormToItem(values);
    const parsed = jobSchemaFor("SWE").safeParse(item);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      jobtype: 300,
      accountrow: [
        { accountid: 1700, debit: 251.25 },
        { accountid: 3000, credit: 251.25 },
      ],
    });
    expect(parsed.data!.accountrow).toHaveLength(2);
  });
});

describe("invoiceFormProblems", () => {
  it("places the service's problems on the form's fields", () => {
    const problems = invoiceFormProblems(
      filled("FIN", {
        name: "",
        email: "not an address",
        sendtype: "email",
        paymentTerms: "x",
        payrow: [{ desc: "", count: "2", amount: "1,2,3", taxpr: "25.5" }],
      }),
      "FIN",
    );
    const paths = problems.map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "email", "paymentTerms", "payrow.0.amount"]));
    expect(paths).not.toContain(FORM_LEVEL);
    expect(problems.find((problem) => problem.path === "email")!.message).toBe(ruleKeyed("emailList"));
  });

  it("puts a discount outside 0–100 on its row's discount field", () => {
    const problems = invoiceFormProblems(
      filled("FIN", { payrow: [{ desc: "Consulting", count: "1", amount: "10", taxpr: "25.5", discountpr: "120" }] }),
      "FIN",
    );
    expect(problems).toEqual([expect.objectContaining({ path: "payrow.0.discountpr", message: expect.stringMatching(/100/) })]);
  });

  it("refuses a due date before the invoice date and an invoice without rows", () => {
    const problems = invoiceFormProblems(filled("NOR", { paydate: "2026-11-01", payrow: [] }), "NOR");
    expect(problems.map((problem) => problem.path)).toEqual(expect.arrayContaining(["paydate", "payrow"]));
  });

  it("puts an accounting row's debit-or-credit rule on its debit field", () => {
    const values = filled("FIN", { accountrow: [{ accountid: "1700", debit: "1", credit: "1", netamount: "1", vatamount: "0", taxpr: "0", desc: "x" }] });
    expect(invoiceFormProblems(values, "FIN").map((problem) => problem.path)).toContain("accountrow.0.debit");
  });

  it("is what the resolver schema reports, and nothing when the invoice is complete", () => {
    const schema = invoiceFormResolverSchema(() => "FIN");
    expect(schema.safeParse(filled("FIN")).success).toBe(true);
    const result = schema.safeParse(filled("FIN", { city: "" }));
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["city"]);
    const unknown = invoiceFormResolverSchema(() => null).safeParse(filled("FIN"));
    expect(unknown.error?.issues.map((issue) => issue.path.join("."))).toEqual(["connectionId"]);
  });
});
