import { PDFDocument } from "@cantoo/pdf-lib";
import { move, transferableSymbol, valueSymbol } from "piscina";

import { makeDeliverable, type DeliverableRequest } from "../distribution/make-deliverable";
import { rebuildManifest } from "../distribution/send/print-batch";
import { buildFinvoice, type FinvoiceOptions } from "../documents/einvoice/finvoice";
import { buildPeppolInvoice, type PeppolOptions } from "../documents/einvoice/peppol-ubl";
import { EInvoiceError } from "../documents/einvoice/shared";
import type { InvoiceDocument, Party } from "../documents/invoice-document";
import { inspectPdf, letterForPrint } from "../documents/pdf/letter-pdf";
import { renderInvoicePdf } from "../documents/pdf/render-invoice-pdf";
import { readReceiverInfo } from "../einvoice-receiving/read-receiver-info";
import { checkJsonJobs, checkZipJobs } from "../intake/check-jobs";
import { readStatement } from "../payments/read-statement";

/*
 * The CPU-heavy steps of the service, as plain functions of plain data: what the render pool's
 * threads run (render-pool.ts): documents, e-invoices, and reading and checking a request's jobs. Their arguments and answers cross a thread boundary by structured
 * clone, so they take and give data only: no database, no clock, no classes. An error a caller
 * must tell apart (a message that cannot be made from the document) comes back as a value, since
 * a thrown error loses its class on the way.
 */

type EInvoiceResult = { ok: true; xml: string } | { ok: false; message: string };

function einvoice(build: () => string): EInvoiceResult {
  try {
    return { ok: true, xml: build() };
  } catch (error) {
    if (error instanceof EInvoiceError) return { ok: false, message: error.message };
    throw error;
  }
}

const RENDER_TASKS = {
  /** Nothing: a thread that answers has loaded every task. */
  ping: () => true,
  /** All a dispatch's channel needs made from its document: the PDF, its pages, the e-mail or e-invoice message. */
  deliverable: (request: DeliverableRequest) => makeDeliverable(request),
  /** The invoice image of an invoice, credit note, reminder or collection letter. */
  invoicePdf: async (document: InvoiceDocument): Promise<Uint8Array> => new Uint8Array(await renderInvoicePdf(document)),
  /** A letter's PDF as it is printed: with an address page when its window shows no recipient. */
  letterForPrint: (bytes: Uint8Array, sender: Party, recipient: Party, options: { doubleSided: boolean }) => letterForPrint(bytes, sender, recipient, options),
  /** A JSON request's jobs read and checked each on its own (intake/check-jobs.ts). */
  checkJsonJobs: (body: Uint8Array, environmentId: Parameters<typeof checkJsonJobs>[1]) => checkJsonJobs(body, environmentId),
  /** A ZIP package inflated, its index's jobs checked with the files they name. */
  checkZipJobs: (body: Uint8Array, environmentId: Parameters<typeof checkZipJobs>[1]) => checkZipJobs(body, environmentId),
  /** A bank statement (camt.053, camt.054) parsed and hashed for its import (payments/read-statement.ts). */
  readStatement: (bytes: Uint8Array) => readStatement(bytes),
  /** A Finvoice receiving proposal parsed (einvoice-receiving/read-receiver-info.ts). */
  readReceiverInfo: (bytes: Uint8Array) => readReceiverInfo(bytes),
  /** Whether an uploaded PDF opens, has pages and is not encrypted. */
  inspectPdf: (bytes: Uint8Array) => inspectPdf(bytes),
  /** The pages of a PDF the service made (a print batch bills by the page). */
  pageCount: async (bytes: Uint8Array): Promise<number> => (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount(),
  /** A print batch's manifest.json rebuilt from its lines (file I/O and a parse that grows with the day). */
  rebuildManifest: (dir: string, environment: string, date: string) => rebuildManifest(dir, environment, date),
  finvoice: (document: InvoiceDocument, options: FinvoiceOptions): EInvoiceResult => einvoice(() => buildFinvoice(document, options)),
  peppol: (document: InvoiceDocument, options: Omit<PeppolOptions, "pdf"> & { pdf?: Uint8Array }): EInvoiceResult =>
    einvoice(() =>
      buildPeppolInvoice(document, {
        ...options,
        pdf: options.pdf ? Buffer.from(options.pdf.buffer, options.pdf.byteOffset, options.pdf.byteLength) : undefined,
      }),
    ),
};

export type RenderTasks = typeof RENDER_TASKS;
export type RenderTaskName = keyof RenderTasks;

/** One call as it travels to a thread. */
export interface RenderCall {
  task: RenderTaskName;
  args: unknown[];
}

/** What a thread runs for each call: the named task with its arguments. */
export async function runRenderCall({ task, args }: RenderCall): Promise<unknown> {
  const run = RENDER_TASKS[task] as (...args: unknown[]) => unknown;
  if (typeof run !== "function") throw new Error(`no render task ${String(task)}`);
  const result = await run(...args);
  const buffers = ownedBuffers(result);
  return buffers.length === 0 ? result : move({ [transferableSymbol]: buffers, [valueSymbol]: result as object });
}

/**
 * The memory of the result's byte arrays (the result itself, or its members one level down: a
 * deliverable's PDF and e-mail) that each array has to itself, handed to the requesting thread
 * rather than copied. Copying a result (structured clone) cost a render thread about 4 % of its
 * time. A view on part of a larger buffer (Node's pooled small Buffers) is copied as before:
 * moving its buffer would take the rest of the pool with it.
 */
function ownedBuffers(result: unknown): ArrayBuffer[] {
  const candidates = result instanceof Uint8Array ? [result] : result !== null && typeof result === "object" ? Object.values(result) : [];
  const buffers = new Set<ArrayBuffer>();
  for (const value of candidates)
    if (value instanceof Uint8Array && value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength)
      buffers.add(value.buffer);
  return [...buffers];
}
