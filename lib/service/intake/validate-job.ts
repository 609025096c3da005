import { createHash } from "node:crypto";

import type { z } from "zod";

import { fromCents, invoiceTotals, toCents } from "../../payment-data/amounts";
import { checkGivenReference } from "../../payment-data/references";
import { EINVOICE_SENDTYPES, INVOICE_JOBTYPES, ON_HOLD_STATUS, type Jobtype } from "../../spec/codes";
import { DATASET_ITEM_FIELDS, MAX_EMBEDDED_FILE_BYTES, parseDatasetItem, type DatasetItem } from "../../spec/dataset-item";
import type { Environment } from "../../spec/environments";
import { upgradeLegacyLetter } from "../../spec/legacy-letter";
import { minimumDataProblems } from "../../spec/minimum-data";
import { problemsFromZod, type FieldProblem } from "../../spec/problems";

/*
 * Everything intake can decide about one job without the database: its shape, its kind's minimum
 * data, its payment reference if it brought one, its totals and its files. What needs the database
 * (duplicate bill numbers, earlier reminders) is decided in post-jobs.ts.
 */

export interface JobFileInput {
  role: "image" | "attachment";
  filename: string;
  contentType: string;
  content: Buffer;
  sha256: string;
}

export interface ValidJob {
  ok: true;
  index: number;
  item: DatasetItem;
  jobtype: Jobtype;
  jobstatus: number;
  receiver: string;
  /** The caller's reference, checked and compacted; null when the service must create one. */
  givenReference: string | null;
  needsReference: boolean;
  needsBillnum: boolean;
  totals: { net: number; vat: number; gross: number };
  /** The result record's amount in cents: gross of an invoice, open capital of a collection, null for a letter. */
  amount: number | null;
  evoicetype: string | null;
  files: JobFileInput[];
  notices: string[];
}

export interface RejectedJob {
  ok: false;
  index: number;
  raw: unknown;
  problems: FieldProblem[];
}

export type CheckedJob = ValidJob | RejectedJob;

export interface ValidateOptions {
  environment: Environment;
  /** Files of the ZIP package by path; null for a JSON request, which has none. */
  packageFiles: ReadonlyMap<string, Buffer> | null;
}

const PDF_MAGIC = Buffer.from("%PDF-");

function isPdf(content: Buffer): boolean {
  // A PDF may have a few bytes of junk before its header (PDF 32000-1, 7.5.2 allows 1024 in practice).
  const head = content.subarray(0, 1024);
  return head.indexOf(PDF_MAGIC) !== -1;
}

export function normalisePackagePath(name: string): string {
  return name.replace(/\\/g, "/").replace(/^\.\//, "").replace(/^\/+/, "");
}

function file(role: JobFileInput["role"], filename: string, content: Buffer): JobFileInput {
  return { role, filename, contentType: "application/pdf", content, sha256: createHash("sha256").update(content).digest("hex") };
}

function resolveImage(item: DatasetItem, options: ValidateOptions, problems: FieldProblem[]): JobFileInput[] {
  const image = item.image;
  if (!image) return [];
  if (image.file) {
    const content = Buffer.from(image.file, "base64");
    if (content.length === 0) problems.push({ field: "image.file", code: "invalid", message: "is empty" });
    else if (content.length > MAX_EMBEDDED_FILE_BYTES) problems.push({ field: "image.file", code: "too_large", message: `must be at most ${MAX_EMBEDDED_FILE_BYTES} bytes` });
    else if (!isPdf(content)) problems.push({ field: "image.file", code: "invalid", message: "must be a PDF (it has no %PDF- header)" });
    else return [file("image", image.filename ?? item.pdfname ?? "document.pdf", content)];
    return [];
  }
  if (image.filename) {
    if (!options.packageFiles) {
      problems.push({
        field: "image.filename",
        code: "not_found",
        message: "names a file, but a JSON request carries none: send the PDF base64-encoded in image.file, or post a ZIP package with the file",
      });
      return [];
    }
    const content = options.packageFiles.get(normalisePackagePath(image.filename));
    if (!content) {
      problems.push({ field: "image.filename", code: "not_found", message: `names ${image.filename}, which is not in the ZIP package` });
      return [];
    }
    if (!isPdf(content)) {
      problems.push({ field: "image.filename", code: "invalid", message: `names ${image.filename}, which is not a PDF` });
      return [];
    }
    return [file("image", image.filename, content)];
  }
  return [];
}

function evoicetypeOf(item: DatasetItem, environment: Environment): string | null {
  if (!item.sendtype || !EINVOICE_SENDTYPES.includes(item.sendtype)) return null;
  if (item.sendtype === "peppol") return environment.country === "NOR" ? "EHF" : "PEPPOL";
  return "FINVOICE";
}

function totalsNotice(item: DatasetItem, gross: number, net: number, vat: number): string | null {
  const differing = (
    [
      ["totalamount", item.totalamount, gross],
      ["amount", item.amount, gross],
      ["netamount", item.netamount, net],
      ["vatamount", item.vatamount, vat],
    ] as const
  ).filter(([, given, computed]) => given !== null && given !== undefined && toCents(given) !== computed);
  if (differing.length === 0) return null;
  const parts = differing.map(([name, given, computed]) => `${name} ${given} (rows give ${fromCents(computed).toFixed(2)})`);
  return `Totals differ from the rows and were recomputed from them: ${parts.join(", ")}.`;
}

function subsetProblems(item: DatasetItem, environment: Environment): FieldProblem[] {
  const problems: FieldProblem[] = [];
  item.subset?.forEach((sub, index) => {
    const parsed = parseDatasetItem(sub);
    if (!parsed.success) problems.push(...problemsFromZod(parsed.error, `subset[${index}]`));
    else {
      for (const problem of minimumDataProblems(parsed.data, environment.country)) {
        problems.push({ ...problem, field: `subset[${index}]${problem.field ? `.${problem.field}` : ""}` });
      }
    }
  });
  return problems;
}

/**
 * Every problem of a job whose members have the wrong type, not just the first kind: the members
 * that failed are set aside and the rest is checked against the job kind's minimum data, so a clerk
 * sees "taxpr must be at most 100" and "company is required" in one answer.
 */
function allProblems(item: Record<string, unknown>, error: z.ZodError, environment: Environment): FieldProblem[] {
  const problems = problemsFromZod(error);
  const failed = new Set(error.issues.map((issue) => String(issue.path[0] ?? "")));
  const rest = Object.fromEntries(Object.entries(item).filter(([key]) => !failed.has(key)));
  const reparsed = parseDatasetItem(rest);
  if (!reparsed.success) return problems;
  const topLevel = (field: string | null) => (field ?? "").split(/[.[]/)[0]!;
  for (const problem of minimumDataProblems(reparsed.data, environment.country)) {
    if (!failed.has(topLevel(problem.field))) problems.push(problem);
  }
  return problems;
}

export function validateJob(raw: unknown, index: number, options: ValidateOptions): CheckedJob {
  const { environment } = options;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, index, raw, problems: [{ field: null, code: "invalid", message: "must be a JSON object (one job)" }] };
  }
  const upgraded = upgradeLegacyLetter(raw);
  const parsed = parseDatasetItem(upgraded.item);
  if (!parsed.success) return { ok: false, index, raw, problems: allProblems(upgraded.item as Record<string, unknown>, parsed.error, environment) };
  const item = parsed.data;

  const problems = minimumDataProblems(item, environment.country);
  problems.push(...subsetProblems(item, environment));
  const jobtype = item.jobtype as Jobtype;
  const isInvoice = INVOICE_JOBTYPES.includes(jobtype);

  let givenReference: string | null = null;
  if (item.billcode) {
    const check = checkGivenReference(environment.country, item.billcode);
    if (check.ok) givenReference = check.reference;
    else problems.push({ field: "billcode", code: "invalid", message: check.message });
  }
  const files = resolveImage(item, options, problems);
  if (problems.length > 0) return { ok: false, index, raw, problems };

  const notices: string[] = [];
  if (upgraded.mapped.length > 0) notices.push(`Older letter member names were mapped: ${upgraded.mapped.join(", ")}.`);
  const unknown = Object.keys(item).filter((key) => !DATASET_ITEM_FIELDS.has(key));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).join(", ") + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : "");
    notices.push(`Members the interface does not name were stored but are not used: ${shown}.`);
  }

  let totals = { net: 0, vat: 0, gross: 0 };
  let amount: number | null = null;
  if (isInvoice) {
    const computed = invoiceTotals(
      (item.payrow ?? []).map((row) => ({ count: row.count ?? 0, amount: row.amount ?? 0, taxpr: row.taxpr ?? 0 })),
    );
    totals = { net: computed.net, vat: computed.vat, gross: computed.gross };
    amount = computed.gross;
    const notice = totalsNotice(item, computed.gross, computed.net, computed.vat);
    if (notice) notices.push(notice);
  } else if (jobtype === 1 || jobtype === 2) {
    const capital = toCents(item.amount ?? 0);
    totals = { net: capital, vat: 0, gross: capital };
    amount = capital;
  }

  const receiver = (item.customertype === 1 ? item.company : item.person) ?? item.company ?? item.person ?? "";

  return {
    ok: true,
    index,
    item,
    jobtype,
    jobstatus: item.putonhold === 1 ? ON_HOLD_STATUS : jobtype,
    receiver,
    givenReference,
    needsReference: isInvoice && givenReference === null,
    needsBillnum: isInvoice && !item.billnum,
    totals,
    amount,
    evoicetype: evoicetypeOf(item, environment),
    files,
    notices,
  };
}
