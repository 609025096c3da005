import { createHash } from "node:crypto";

import { AmountTooLargeError, exactCents, formatCents, invoiceTotals } from "../../payment-data/amounts";
import { checkGivenReference } from "../../payment-data/references";
import { hasPdfHeader } from "../../platform/pdf-header";
import { normalisePackagePath } from "../../platform/read-zip-package";
import { EINVOICE_SENDTYPES, INVOICE_JOBTYPES, ON_HOLD_STATUS, type Jobtype, startCode } from "../../spec/codes";
import { DATASET_ITEM_FIELDS, MAX_EMBEDDED_FILE_BYTES, parseDatasetItem, type DatasetItem } from "../../spec/dataset-item";
import type { Environment } from "../../spec/environments";
import { invalidItemProblems } from "../../spec/invalid-item-problems";
import { upgradeLegacyLetter } from "../../spec/legacy-letter";
import { minimumDataProblems } from "../../spec/minimum-data";
import { rowInputOf } from "../../spec/payrow-input";
import { formatPath, problemsFromZod, type FieldProblem } from "../../spec/problems";
import { undrawableCharacters } from "../documents/pdf/font-coverage";
import { postedFeeProblem } from "../lifecycle/posted-fee";

/*
 * Everything intake can decide about one job without the database: its shape, its kind's minimum
 * data, its payment reference if it brought one, its totals and its files. What needs the database
 * (duplicate bill numbers, earlier reminders) is decided in post-jobs.ts.
 */

interface JobFileInput {
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
  /** Whether the caller's billcode is a structured reference (not a free payment message). */
  referenceIsStructured: boolean;
  needsReference: boolean;
  needsBillnum: boolean;
  totals: { net: bigint; vat: bigint; gross: bigint };
  /** The result record's amount in cents: gross of an invoice, open capital of a collection, null for a letter. */
  amount: bigint | null;
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
  /**
   * Whether the JSON the jobs came from holds an escaped NUL ("\u0000") or surrogate ("\ud…") at
   * all. Only then is each job searched for text no database can store: at 1000 jobs a request the
   * search costs more than it finds.
   */
  mayContainNul?: boolean;
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
    else if (content.length > MAX_EMBEDDED_FILE_BYTES)
      problems.push({ field: "image.file", code: "too_large", message: `must be at most ${MAX_EMBEDDED_FILE_BYTES} bytes` });
    else if (!hasPdfHeader(content)) problems.push({ field: "image.file", code: "invalid", message: "must be a PDF (it has no %PDF- header)" });
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
    if (!hasPdfHeader(content)) {
      problems.push({ field: "image.filename", code: "invalid", message: `names ${image.filename}, which is not a PDF` });
      return [];
    }
    return [file("image", image.filename, content)];
  }
  return [];
}

/**
 * The files a package's index names: each job's image.filename, or the top-level filename of the
 * older letter generation. Only these are read from the package.
 */
export function packageFileNames(index: unknown): string[] {
  const dataset = (index as { datastream?: { dataset?: unknown } } | null)?.datastream?.dataset;
  if (!Array.isArray(dataset)) return [];
  const names: string[] = [];
  for (const item of dataset) {
    if (typeof item !== "object" || item === null) continue;
    const { image, filename } = item as { image?: { filename?: unknown }; filename?: unknown };
    if (typeof image?.filename === "string") names.push(image.filename);
    if (typeof filename === "string") names.push(filename);
  }
  return names;
}

/**
 * The e-invoice message a send type means in the environment's country: Finvoice for the Finnish
 * e-invoice network, Peppol BIS Billing, and its Norwegian profile EHF. Sweden and Norway have no
 * national network besides Peppol, so every e-invoice send type goes there as Peppol.
 */
function evoicetypeOf(item: DatasetItem, environment: Environment): string | null {
  if (!item.sendtype || !EINVOICE_SENDTYPES.includes(item.sendtype)) return null;
  if (environment.country === "NOR") return "EHF";
  if (environment.country === "SWE" || item.sendtype === "peppol") return "PEPPOL";
  return "FINVOICE";
}

function totalsNotice(item: DatasetItem, gross: bigint, net: bigint, vat: bigint): string | null {
  const differing = (
    [
      ["totalamount", item.totalamount, gross],
      ["amount", item.amount, gross],
      ["netamount", item.netamount, net],
      ["vatamount", item.vatamount, vat],
    ] as const
  ).filter(([, given, computed]) => given !== null && given !== undefined && exactCents(given) !== computed);
  if (differing.length === 0) return null;
  const parts = differing.map(([name, given, computed]) => `${name} ${given} (rows give ${formatCents(computed)})`);
  return `Totals differ from the rows and were recomputed from them: ${parts.join(", ")}.`;
}

function subsetProblems(item: DatasetItem, environment: Environment): FieldProblem[] {
  const problems: FieldProblem[] = [];
  item.subset?.forEach((sub, index) => {
    if (Array.isArray((sub as { subset?: unknown }).subset) && (sub as { subset: unknown[] }).subset.length > 0) {
      problems.push({ field: `subset[${index}].subset`, code: "invalid", message: "must be empty: sub-items have no sub-items of their own" });
      return;
    }
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
 * The path of the first string (member name or value) holding a NUL character or a lone
 * surrogate, anywhere in the job, members the interface does not name included: PostgreSQL
 * cannot store either. Iterative, so a
 * deeply nested body cannot exhaust the stack, and linear: each value keeps a link to its parent,
 * and the path is spelled out only for the one that is found (copying it at every level made a
 * body nested 30,000 deep take ten seconds).
 */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** PostgreSQL stores neither a NUL nor half of a surrogate pair (which is not text at all). */
const LONE_SURROGATE = /\p{Cs}/u;
const isStorableText = (text: string) => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

function nulCharacterAt(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === "string") {
      if (!isStorableText(current)) return formatPath(pathOf(visit));
    } else if (Array.isArray(current)) {
      current.forEach((element, position) => stack.push({ value: element, key: position, parent: visit }));
    } else if (typeof current === "object" && current !== null) {
      for (const [key, member] of Object.entries(current)) {
        if (!isStorableText(key)) return formatPath(pathOf(visit)) || "(a member name)";
        stack.push({ value: member, key, parent: visit });
      }
    }
  }
  return null;
}

export function validateJob(raw: unknown, index: number, options: ValidateOptions): CheckedJob {
  const { environment } = options;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, index, raw, problems: [{ field: null, code: "invalid", message: "must be a JSON object (one job)" }] };
  }
  const nul = options.mayContainNul === false ? null : nulCharacterAt(raw);
  if (nul !== null)
    return { ok: false, index, raw, problems: [{ field: nul, code: "invalid", message: "must not contain the NUL character or half of a surrogate pair" }] };
  const upgraded = upgradeLegacyLetter(raw);
  const parsed = parseDatasetItem(upgraded.item);
  if (!parsed.success)
    return { ok: false, index, raw, problems: invalidItemProblems(upgraded.item as Record<string, unknown>, parsed.error, environment.country) };
  const item = parsed.data;

  const problems = minimumDataProblems(item, environment.country);
  problems.push(...subsetProblems(item, environment));
  // A reminder's or collection's fee is booked as the letter prints it, so one above the law's caps is refused, not cut.
  const fee = postedFeeProblem(item, environment.country);
  if (fee) problems.push(fee);
  const jobtype = item.jobtype as Jobtype;
  const isInvoice = INVOICE_JOBTYPES.includes(jobtype);

  let givenReference: string | null = null;
  let referenceIsStructured = false;
  if (item.billcode) {
    const check = checkGivenReference(environment.country, item.billcode);
    if (check.ok) {
      givenReference = check.reference;
      referenceIsStructured = check.structured;
    } else {
      const { ok: _, ...said } = check;
      problems.push({ field: "billcode", code: "invalid", ...said });
    }
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

  const printed = [
    item.person,
    item.company,
    item.address,
    item.addressaddline1,
    item.addressaddline2,
    item.addressaddline3,
    item.postcode,
    item.city,
    item.countryname,
    item.department,
    item.contactperson,
    item.freetext,
    ...(item.payrow ?? []).map((row) => row?.desc),
  ];
  const undrawable = undrawableCharacters(printed);
  if (undrawable.length > 0) {
    const shown = undrawable.slice(0, 10).join(" ") + (undrawable.length > 10 ? ` and ${undrawable.length - 10} more` : "");
    notices.push(`Characters the documents' fonts cannot draw print as empty boxes: ${shown}.`);
  }

  let totals = { net: 0n, vat: 0n, gross: 0n };
  let amount: bigint | null = null;
  if (isInvoice) {
    let computed: ReturnType<typeof invoiceTotals>;
    try {
      computed = invoiceTotals((item.payrow ?? []).map(rowInputOf));
    } catch (error) {
      if (!(error instanceof AmountTooLargeError)) throw error;
      const field = error.row === null ? "payrow" : `payrow[${error.row}]`;
      return {
        ok: false,
        index,
        raw,
        problems: [{ field, code: "invalid", message: `${error.row === null ? "the total" : "the row's amount"} must be at most 99999999999.99` }],
      };
    }
    totals = { net: computed.net, vat: computed.vat, gross: computed.gross };
    amount = computed.gross;
    const notice = totalsNotice(item, computed.gross, computed.net, computed.vat);
    if (notice) notices.push(notice);
    // A credit note is an invoice that amends another, and each country's VAT rules want it to name
    // that invoice (arvonlisäverolaki 1501/1993 209 h §; mervärdesskattelagen 2023:200 17 kap. 22 §,
    // an ändringsfaktura's "särskild och otvetydig hänvisning" to the original invoice, as
    // Skatteverket's rättsliga vägledning 2024.6 reads it; bokføringsforskriften § 5-2-5): said,
    // not refused, as the interface makes refundtobillnum optional.
    if (computed.gross < 0n && !item.refundtobillnum?.trim())
      notices.push("A credit note should name the invoice it credits (refundtobillnum): the VAT rules require the reference, and this one prints none.");
  } else if (jobtype === 1 || jobtype === 2) {
    const capital = exactCents(item.amount ?? 0);
    totals = { net: capital, vat: 0n, gross: capital };
    amount = capital;
  }

  const receiver = (item.customertype === 1 ? item.company : item.person) ?? item.company ?? item.person ?? "";

  return {
    ok: true,
    index,
    item,
    jobtype,
    // A sub invoice is an invoice: its lifecycle starts at 0 (602 is a job type, not a lifecycle code).
    jobstatus: item.putonhold === 1 ? ON_HOLD_STATUS : startCode(jobtype),
    receiver,
    givenReference,
    referenceIsStructured,
    needsReference: isInvoice && givenReference === null,
    needsBillnum: isInvoice && !item.billnum,
    totals,
    amount,
    evoicetype: evoicetypeOf(item, environment),
    files,
    notices,
  };
}
