import { performance } from "node:perf_hooks";

import { buildFinvoice } from "../../lib/service/documents/einvoice/finvoice";
import { buildPeppolInvoice } from "../../lib/service/documents/einvoice/peppol-ubl";
import type { InvoiceDocument } from "../../lib/service/documents/invoice-document";
import { renderInvoicePdf } from "../../lib/service/documents/pdf/render-invoice-pdf";
import { finnishInvoice, norwegianInvoice, swedishInvoice } from "../../lib/testing/fixtures/einvoice-documents";
import { invoice } from "../../lib/testing/jobs";

import type { AppServer } from "./app-server";
import { demoToken } from "./demo-token";
import { median, ms, percentile } from "./statistics";

/*
 * Documents: the invoice image and the e-invoice messages, made one at a time on one thread, as the
 * distribution worker makes them; and Get PDF against the running app, which adds the lookup and
 * the HTTP round trip to the same rendering.
 */

const WARMUP = 10;
const ROUNDS = 200;
const HTTP_ROUNDS = 50;

async function timeEach(rounds: number, work: (round: number) => unknown): Promise<number[]> {
  const timings: number[] = [];
  for (let round = 0; round < WARMUP + rounds; round++) {
    const started = performance.now();
    await work(round);
    const elapsed = performance.now() - started;
    if (round >= WARMUP) timings.push(elapsed);
  }
  return timings;
}

const figures = (timings: number[]) => `median ${ms(median(timings))}, p95 ${ms(percentile(timings, 95))}`;

async function pdfTimings(document: InvoiceDocument): Promise<number[]> {
  const pages = await renderInvoicePdf(document);
  if (!pages.subarray(0, 5).equals(Buffer.from("%PDF-"))) throw new Error("the renderer did not make a PDF");
  return timeEach(ROUNDS, () => renderInvoicePdf(document));
}

async function getPdfTimings(server: AppServer): Promise<number[]> {
  const bearer = await demoToken(server.url);
  const posted = await fetch(`${server.url}/fin-test/rest/jobs`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ datastream: { dataset: [invoice({ ownref: `bench-pdf-${Date.now()}` })] } }),
  });
  const answer = (await posted.json()) as { result?: { jobid?: number | null }[] };
  const jobid = answer.result?.[0]?.jobid;
  if (posted.status !== 200 || !jobid) throw new Error(`posting the job: ${posted.status} ${JSON.stringify(answer)}`);
  return timeEach(HTTP_ROUNDS, async () => {
    const response = await fetch(`${server.url}/fin-test/rest/jobs/${jobid}/pdf`, { headers: { authorization: `Bearer ${bearer}` } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !body.subarray(0, 5).equals(Buffer.from("%PDF-"))) throw new Error(`GET pdf: ${response.status}`);
  });
}

export async function benchDocuments(server: AppServer): Promise<string[]> {
  const finnish = finnishInvoice();
  const pdf = {
    FI: await pdfTimings(finnish),
    SE: await pdfTimings(swedishInvoice()),
    NO: await pdfTimings(norwegianInvoice()),
  };
  const finvoiceOptions = { messageIdentifier: "bench-1", messageTimeStamp: "2026-11-22T10:00:00+02:00", senderIntermediator: "NDEAFIHH" };
  const finvoice = await timeEach(ROUNDS, () => buildFinvoice(finnish, finvoiceOptions));
  const ubl = await timeEach(ROUNDS, () => buildPeppolInvoice(finnish, { profile: "peppol" }));
  const ehf = await timeEach(ROUNDS, () => buildPeppolInvoice(norwegianInvoice(), { profile: "ehf" }));
  const http = await getPdfTimings(server);
  return [
    `documents: one at a time on one thread, ${ROUNDS} each after ${WARMUP} warm-up`,
    `  invoice PDF, FI (bank form, barcode, EPC QR)   ${figures(pdf.FI)}`,
    `  invoice PDF, SE (Bankgiro/OCR part)            ${figures(pdf.SE)}`,
    `  invoice PDF, NO (KID giro part)                ${figures(pdf.NO)}`,
    `  Finvoice 3.0 message                           ${figures(finvoice)}`,
    `  Peppol BIS 3.0 UBL invoice                     ${figures(ubl)}`,
    `  EHF (Peppol, Norway) invoice                   ${figures(ehf)}`,
    `  GET /jobs/{jobid}/pdf on the app (${HTTP_ROUNDS} requests)  ${figures(http)}`,
    `  (targets: PDF ≤ 40 ms, XML message ≤ 5 ms)`,
  ];
}
