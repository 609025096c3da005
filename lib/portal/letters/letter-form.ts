import { z } from "zod";

import { input, present, recipientShape } from "@/lib/portal/forms/form-fields";
import { FORM_LEVEL, formPathOf, itemProblems, reportProblems, type FormProblem } from "@/lib/portal/forms/form-problems";
import { DOCUMENT_TYPES, LETTER_SENDTYPES } from "@/lib/spec/codes";
import type { DatasetItemInput } from "@/lib/spec/dataset-item";
import { COUNTRY_RULES, type Country } from "@/lib/spec/environments";
import { problemMessage, type SaidInAnswer } from "@/lib/spec/problems";
import { ruleKeyed } from "@/lib/spec/rules";

import { base64DecodedBytes, MAX_LETTER_PDF_BYTES } from "./letter-pdf";

/*
 * The letter form (jobtype 301): what the clerk types, as strings, plus the chosen PDF, and the
 * dataset item it makes. As with the other job forms, the form's schema only shapes the input;
 * whether the letter is valid is decided by the service's own schema and minimum data, run on the
 * item the form would post (lib/spec through itemProblems).
 */

/** The document type a clerk most often means by "a letter". */
const DEFAULT_DOCUMENT_TYPE = "customerletter";

// A base64 PDF of at most MAX_LETTER_PDF_BYTES: 4/3 of it, plus slack for line breaks.
const MAX_PDF_BASE64_CHARS = Math.ceil(MAX_LETTER_PDF_BYTES / 3) * 4 + 1024;

const letterPdfSchema = z
  .object({
    name: input(255),
    size: z.int().min(0),
    data: z
      .string()
      .max(MAX_PDF_BASE64_CHARS, { error: `must be at most ${MAX_LETTER_PDF_BYTES} bytes` })
      .regex(/^[A-Za-z0-9+/\r\n]*={0,2}$/, { error: "must be base64-encoded" }),
  })
  .refine((pdf) => base64DecodedBytes(pdf.data) <= MAX_LETTER_PDF_BYTES, { error: `must be at most ${MAX_LETTER_PDF_BYTES} bytes`, path: ["data"] });
export type LetterPdf = z.infer<typeof letterPdfSchema>;

/**
 * The recipient as every job form has it, less what a letter does not carry (customer ids, the
 * e-invoice address, a draft), with the letter's own members: the country printed in the address,
 * its fewer ways of sending, the kind of document and the PDF.
 */
export const letterFormSchema = z
  .object(recipientShape)
  .pick({ connectionId: true, customertype: true, name: true, address: true, postcode: true, city: true, email: true, ownref: true, language: true })
  .extend({
    addresscountry: input(10),
    countryname: input(),
    sendtype: z.enum(LETTER_SENDTYPES),
    documenttype: z.enum(DOCUMENT_TYPES),
    pdf: letterPdfSchema.nullable(),
  });
export type LetterFormValues = z.infer<typeof letterFormSchema>;

const LETTER_FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(letterFormSchema.shape));

const COUNTRY_NAMES_EN: Record<Country, string> = { FIN: "Finland", SWE: "Sweden", NOR: "Norway" };

export function defaultLetterValues(options: { connectionId: string; country: Country; countryName?: string }): LetterFormValues {
  return {
    connectionId: options.connectionId,
    customertype: "2",
    name: "",
    address: "",
    postcode: "",
    city: "",
    addresscountry: options.country,
    countryname: options.countryName ?? COUNTRY_NAMES_EN[options.country],
    sendtype: "post",
    email: "",
    documenttype: DEFAULT_DOCUMENT_TYPE,
    language: COUNTRY_RULES[options.country].language,
    ownref: "",
    pdf: null,
  };
}

/**
 * The dataset item the form posts. `pdfData` stands in for the PDF's base64 when the caller has
 * checked the file already and wants to spare the schema a 13 MB string (the browser, on every
 * keystroke after a failed submit).
 */
export function letterFormToItem(values: LetterFormValues, pdfData: string | undefined = values.pdf?.data): DatasetItemInput {
  const item: Record<string, unknown> = {
    jobtype: "301",
    ...present({
      customertype: values.customertype,
      [values.customertype === "1" ? "company" : "person"]: values.name,
      address: values.address,
      postcode: values.postcode,
      city: values.city,
      addresscountry: values.addresscountry.toUpperCase(),
      countryname: values.countryname,
      sendtype: values.sendtype,
      // An address the letter is not sent to would only confuse whoever reads the job later.
      email: values.sendtype === "email" ? values.email : undefined,
      language: values.language,
      ownref: values.ownref,
    }),
    propertyrow: [{ propname: "documenttype", propvalue: values.documenttype }],
  };
  if (pdfData) item.image = { file: pdfData };
  return item as DatasetItemInput;
}

/** "propertyrow[0].propvalue" → "documenttype", "image.file" → "pdf"; the rest as the other forms name them. */
export function letterPathOf(field: string | null): string {
  if (field && /^propertyrow\b/.test(field)) return "documenttype";
  if (field && /^image\b/.test(field)) return "pdf";
  if (field === "customertype") return "customertype";
  return formPathOf(field);
}

export function toLetterProblems(problems: readonly ({ field: string | null } & SaidInAnswer)[]): FormProblem[] {
  return problems.map((problem) => {
    const path = letterPathOf(problem.field);
    if (LETTER_FORM_FIELDS.has(path.split(".")[0]!)) return { path, message: problemMessage(problem) };
    return problem.field
      ? { path: FORM_LEVEL, field: problem.field, message: problemMessage(problem) }
      : { path: FORM_LEVEL, message: problemMessage(problem) };
  });
}

/** A tiny stand-in PDF for checking the rest of the item in the browser. */
const PDF_STAND_IN = "JVBERi0xLjQK";

/** Every problem of the letter for the country, on the form's fields. */
export function letterFormProblems(values: LetterFormValues, country: Country, options: { checkPdfData?: boolean } = {}): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!values.pdf) problems.push({ path: "pdf", message: ruleKeyed("required") });
  const data = values.pdf ? (options.checkPdfData === false ? PDF_STAND_IN : values.pdf.data) : undefined;
  problems.push(...toLetterProblems(itemProblems(letterFormToItem(values, data) as Record<string, unknown>, country)));
  // The service asks for the PDF in its own words ("must carry the PDF: base64 in image.file…"),
  // which mean nothing to a clerk; the form's own "is required" says it. One message per field.
  const seen = new Set<string>();
  return problems.filter((problem) => {
    if (problem.path === FORM_LEVEL) return true;
    if (seen.has(problem.path)) return false;
    seen.add(problem.path);
    return true;
  });
}

/**
 * The form's schema with the service's rules for the country of the chosen connection: what the
 * browser validates with. The PDF's bytes were checked when it was chosen, so they are not parsed
 * again on every keystroke.
 */
export function letterFormResolverSchema(countryOf: (connectionId: string) => Country | null) {
  return letterFormSchema.superRefine((values, context) => {
    const country = countryOf(values.connectionId);
    if (!country) reportProblems([{ path: "connectionId", message: ruleKeyed("required") }], context);
    else reportProblems(letterFormProblems(values, country, { checkPdfData: false }), context);
  });
}
