import type { Db } from "../../db/client";
import type { Profile } from "../../db/generated/sqlite/client";
import { getEnv } from "../../env";
import { today, type Clock } from "../../platform/clock";
import { openPersonalIds } from "../../platform/personal-ids";
import type { DatasetItem } from "../../spec/dataset-item";
import type { Environment } from "../../spec/environments";
import { hasDebtorLink, onlineLinkOf } from "../debtor/link-token";
import { profileClock } from "../lifecycle/profile-clock";
import { render } from "../render/render-pool";

import { creditorOf } from "./creditor";
import { buildInvoiceDocument, type InvoiceDocument } from "./invoice-document";
import { documentTexts } from "./texts";

/*
 * The PDF of a job: the invoice image of an invoice, reminder or collection, or a letter's own PDF
 * as it is printed. For a stored job (Get PDF, local print) and for an item that is only previewed.
 */

interface JobPdf {
  pdf: Uint8Array;
  filename: string;
}

/** A safe file name: the job's pdfname when it gave one, else the document's title and number. */
export function filenameFor(item: DatasetItem, document: InvoiceDocument | null, fallback: string): string {
  if (item.pdfname) return item.pdfname.toLowerCase().endsWith(".pdf") ? item.pdfname : `${item.pdfname}.pdf`;
  if (!document) return `${fallback}.pdf`;
  const title = documentTexts(document.language, document.country).title[document.kind].toLowerCase().replace(/\s+/g, "-");
  return `${title}-${document.number ?? fallback}.pdf`;
}

interface Source {
  item: DatasetItem;
  jobid: number | null;
  billnum: string | null;
  reference: string | null;
  /** A letter's PDF (jobtype 301). */
  letter: Uint8Array | null;
  preview: boolean;
  /** A stored reminder's or collection's due date (Job.currentPaydate). */
  noticeDueDate?: string | null;
  /** The debtor's link of a stored case. */
  onlineLink?: string | null;
}

async function renderSource(source: Source, profile: Profile, environment: Environment, clock: Clock): Promise<JobPdf> {
  const creditor = creditorOf(profile, environment.country);
  const document = buildInvoiceDocument({
    item: source.item,
    jobid: source.jobid,
    billnum: source.billnum,
    reference: source.reference,
    country: environment.country,
    creditor,
    // A test profile's clock may run ahead: a notice's dates are the profile's days.
    today: today(profileClock(clock, profile, environment), environment.rules.timeZone),
    preview: source.preview,
    noticeDueDate: source.noticeDueDate,
    onlineLink: source.onlineLink,
    dueDateAgreed: profile.dueDateAgreed,
    finnishCollector: getEnv().FI_COLLECTOR,
  });
  const fallback = source.jobid ? String(source.jobid) : "preview";
  if (source.item.jobtype === 301) {
    if (!source.letter) throw new Error("a letter without its PDF");
    const { pdf } = await render("letterForPrint", source.letter, document.seller, document.buyer, { doubleSided: source.item.doublesided === 1 });
    return { pdf, filename: filenameFor(source.item, null, `letter-${fallback}`) };
  }
  return { pdf: await render("invoicePdf", document), filename: filenameFor(source.item, document, fallback) };
}

/** The PDF of a stored job of this profile; null when the profile has no such job. */
export async function pdfOfJob(db: Db, profile: Profile, environment: Environment, jobid: number, clock: Clock): Promise<JobPdf | null> {
  // The profile is part of the lookup: another profile's job id finds nothing.
  const job = await db.job.findFirst({ where: { id: jobid, profileId: profile.id, environment: environment.id } });
  if (!job) return null;
  // A posted reminder or collection that went is the letter as it went, with the date and due date
  // it gave: drawn again, it was dated today and gave a due date long past (or the next letter's).
  if (job.jobtype === 1 || job.jobtype === 2) {
    const sent = await db.sentDocument.findFirst({
      where: { jobId: job.id, profileId: profile.id, document: "original" },
      orderBy: { createdAt: "asc" },
      select: { content: true, filename: true },
    });
    if (sent) return { pdf: new Uint8Array(sent.content), filename: sent.filename };
  }
  const letter = job.jobtype === 301 ? await db.jobFile.findFirst({ where: { jobId: job.id, profileId: profile.id, role: "image" } }) : null;
  return renderSource(
    {
      item: openPersonalIds(job.data as DatasetItem),
      jobid: job.id,
      billnum: job.billnum,
      reference: job.reference,
      letter: letter ? new Uint8Array(letter.content) : null,
      preview: false,
      noticeDueDate: job.phaseSince ? job.currentPaydate : null,
      onlineLink: hasDebtorLink(job) ? onlineLinkOf(job.id) : null,
    },
    profile,
    environment,
    clock,
  );
}

/** The PDF an item would have, before it is posted: nothing stored, no numbers taken. */
export async function previewPdf(
  item: DatasetItem,
  letter: Uint8Array | null,
  givenReference: string | null,
  profile: Profile,
  environment: Environment,
  clock: Clock,
): Promise<JobPdf> {
  return renderSource({ item, jobid: null, billnum: item.billnum ?? null, reference: givenReference, letter, preview: true }, profile, environment, clock);
}
