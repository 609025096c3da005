/*
 * Dataset items as an ERP sends them, shaped like the specification's examples: strings for
 * jobtype and customertype, amounts as strings, null for members it leaves empty.
 */

type Item = Record<string, unknown>;

export function invoice(overrides: Item = {}): Item {
  return {
    jobtype: "0",
    customertype: "2",
    person: "Maija Meikäläinen",
    company: null,
    address: "Esimerkkikatu 1",
    postcode: "00100",
    city: "Helsinki",
    billdate: "2026-11-22",
    paydate: "2026-12-06",
    billnum: null,
    billcode: null,
    email: null,
    sendtype: "post",
    payrow: [
      { desc: "Consulting", count: "2", amount: "100.00", taxpr: "25.5", itemtype: null },
      { desc: "Book", count: 1, amount: 20, taxpr: 10 },
    ],
    ...overrides,
  };
}

/** A Finnish invoice to a company by Finvoice, with the receiver's e-invoice address and operator. */
export function finvoiceInvoice(overrides: Item = {}): Item {
  return invoice({
    sendtype: "evoice",
    customertype: "1",
    person: null,
    company: "Vastaanottaja Oy",
    govid: "0112038-9",
    evoice: "003701120389",
    evoiceint: "NDEAFIHH",
    ...overrides,
  });
}

export function reminder(overrides: Item = {}): Item {
  return {
    jobtype: "1",
    customertype: "1",
    company: "Velallinen Oy",
    person: null,
    address: "Velkatie 3",
    postcode: "02100",
    city: "Espoo",
    billdate: "2026-09-01",
    paydate: "2026-09-15",
    billnum: "INV-1001",
    billcode: "12345672",
    amount: "150.50",
    ...overrides,
  };
}

export function collection(overrides: Item = {}): Item {
  return reminder({ jobtype: "2", noticedate: "2026-09-30", ...overrides });
}

/** The smallest valid PDF: a header, an empty page and the trailer. */
export const TINY_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export function letter(overrides: Item = {}): Item {
  return {
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
    image: { filename: "letter.pdf", file: TINY_PDF.toString("base64") },
    ...overrides,
  };
}

export function envelope(...dataset: unknown[]) {
  return { datastream: { debug: null, noreport: null, operator: null, origname: null, transferkey: null, fileid: null, batchid: null, dataset } };
}
