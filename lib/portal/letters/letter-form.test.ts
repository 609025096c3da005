import { describe, expect, it } from "vitest";

import { hasPdfHeader } from "@/lib/platform/pdf-header";
import { parseDatasetItem } from "@/lib/spec/dataset-item";
import { minimumDataProblems } from "@/lib/spec/minimum-data";
import { ruleKeyed } from "@/lib/spec/rules";

import { defaultLetterValues, letterFormProblems, letterFormToItem, letterPathOf, type LetterFormValues } from "./letter-form";
import { base64DecodedBytes, bytesToBase64, MAX_LETTER_PDF_BYTES, pdfFileProblem } from "./letter-pdf";

const PDF = Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64");

function filled(overrides: Partial<LetterFormValues> = {}): LetterFormValues {
  return {
    ...defaultLetterValues({ connectionId: "c1", country: "FIN" }),
    name: "Maija Meikäläinen",
    address: "Esimerkkikatu 1",
    postcode: "00100",
    city: "Helsinki",
    pdf: { name: "letter.pdf", size: 15, data: PDF },
    ...overrides,
  };
}

describe("letterFormToItem", () => {
  it("makes a letter the service's minimum data accepts", () => {
    const item = letterFormToItem(filled({ ownref: " L-1 " }));
    expect(item).toEqual({
      jobtype: "301",
      customertype: "2",
      person: "Maija Meikäläinen",
      address: "Esimerkkikatu 1",
      postcode: "00100",
      city: "Helsinki",
      addresscountry: "FIN",
      countryname: "Finland",
      sendtype: "post",
      language: "fin",
      ownref: "L-1",
      propertyrow: [{ propname: "documenttype", propvalue: "customerletter" }],
      image: { file: PDF },
    });
    const parsed = parseDatasetItem(item);
    expect(parsed.success).toBe(true);
    expect(minimumDataProblems(parsed.data!, "FIN")).toEqual([]);
  });

  it("names a company by company, upper-cases the country, and leaves out empty members", () => {
    const item = letterFormToItem(filled({ customertype: "1", name: "Firma Oy", addresscountry: "swe", countryname: "Sverige", ownref: "  " }));
    expect(item).toMatchObject({ customertype: "1", company: "Firma Oy", addresscountry: "SWE", countryname: "Sverige" });
    expect(item).not.toHaveProperty("person");
    expect(item).not.toHaveProperty("ownref");
  });

  it("carries the e-mail address only when the letter goes by e-mail", () => {
    expect(letterFormToItem(filled({ email: "a@example.com" }))).not.toHaveProperty("email");
    expect(letterFormToItem(filled({ sendtype: "email", email: "a@example.com" }))).toMatchObject({ sendtype: "email", email: "a@example.com" });
  });

  it("sends the chosen document type as the documenttype property row", () => {
    expect(letterFormToItem(filled({ documenttype: "payslip" })).propertyrow).toEqual([{ propname: "documenttype", propvalue: "payslip" }]);
  });

  it("has no image without a PDF, and a stand-in when the caller gives one", () => {
    expect(letterFormToItem(filled({ pdf: null }))).not.toHaveProperty("image");
    expect(letterFormToItem(filled(), "JVBERi0=")).toMatchObject({ image: { file: "JVBERi0=" } });
  });
});

describe("letterFormProblems", () => {
  it("finds nothing wrong with a complete letter", () => {
    expect(letterFormProblems(filled(), "FIN")).toEqual([]);
  });

  it("puts the service's rules on the form's fields", () => {
    const problems = letterFormProblems(filled({ name: "", city: "", pdf: null, sendtype: "email", email: "" }), "FIN");
    const paths = problems.map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "city", "pdf", "email"]));
    // One message a field: the PDF's own "is required", not the service's words about image.file.
    expect(problems.filter((problem) => problem.path === "pdf")).toEqual([{ path: "pdf", message: ruleKeyed("required") }]);
  });

  it("refuses a country that is not an alpha-3 code", () => {
    expect(letterFormProblems(filled({ addresscountry: "FI" }), "FIN")).toContainEqual(expect.objectContaining({ path: "addresscountry" }));
    expect(letterFormProblems(filled({ addresscountry: "XYZ" }), "FIN")).toContainEqual(expect.objectContaining({ path: "addresscountry" }));
  });

  it("checks the PDF's base64 on the server, and spares the browser the work", () => {
    const broken = filled({ pdf: { name: "a.pdf", size: 3, data: "not base64!" } });
    expect(letterFormProblems(broken, "FIN")).toContainEqual(expect.objectContaining({ path: "pdf" }));
    expect(letterFormProblems(broken, "FIN", { checkPdfData: false })).toEqual([]);
  });
});

describe("letterPathOf", () => {
  it("maps the service's member paths to the form's fields", () => {
    expect(letterPathOf("propertyrow[0].propvalue")).toBe("documenttype");
    expect(letterPathOf("propertyrow")).toBe("documenttype");
    expect(letterPathOf("image")).toBe("pdf");
    expect(letterPathOf("image.file")).toBe("pdf");
    expect(letterPathOf("company")).toBe("name");
    expect(letterPathOf("person")).toBe("name");
    expect(letterPathOf("postcode")).toBe("postcode");
    expect(letterPathOf(null)).toBe("root.server");
  });
});

describe("the letter's PDF", () => {
  it("accepts a PDF by type or by name, within the service's per-PDF limit", () => {
    expect(pdfFileProblem({ name: "a.pdf", type: "application/pdf", size: 1000 })).toBeNull();
    expect(pdfFileProblem({ name: "a.PDF", type: "", size: 1000 })).toBeNull();
    expect(pdfFileProblem({ name: "a.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", size: 1000 })).toBe("notPdf");
    expect(pdfFileProblem({ name: "a.pdf", type: "application/pdf", size: 0 })).toBe("empty");
    expect(pdfFileProblem({ name: "a.pdf", type: "application/pdf", size: MAX_LETTER_PDF_BYTES })).toBeNull();
    expect(pdfFileProblem({ name: "a.pdf", type: "application/pdf", size: MAX_LETTER_PDF_BYTES + 1 })).toBe("tooLarge");
    expect(MAX_LETTER_PDF_BYTES).toBe(10 * 1024 * 1024);
  });

  it("knows a PDF by its first bytes", () => {
    expect(hasPdfHeader(new TextEncoder().encode("%PDF-1.7"))).toBe(true);
    expect(hasPdfHeader(new TextEncoder().encode("PK\u0003\u0004"))).toBe(false);
    expect(hasPdfHeader(new Uint8Array())).toBe(false);
  });

  it("encodes large files as base64 the way Buffer does, and measures them without decoding", () => {
    const bytes = new Uint8Array(200_001).map((_, index) => (index * 7919) % 256);
    const base64 = bytesToBase64(bytes);
    expect(base64).toBe(Buffer.from(bytes).toString("base64"));
    expect(base64DecodedBytes(base64)).toBe(bytes.length);
    expect(base64DecodedBytes(Buffer.from("ab").toString("base64"))).toBe(2);
  });
});
