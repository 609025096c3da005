import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { systemClock } from "@/lib/platform/clock";
import { resolveDebtorLink } from "@/lib/service/debtor/debtor-case";
import { pdfOfJob } from "@/lib/service/documents/job-pdf";
import { pdfResponse } from "@/lib/service/http/pdf-response";

/*
 * The case's document as a PDF, for the debtor: the invoice, or the reminder or collection letter
 * it is now (rendered on the render pool, as GET /jobs/{jobid}/pdf renders it).
 */

export const dynamic = "force-dynamic";

const notFound = () => new Response("This link does not open a case.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

export const GET = uncached(async (_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> => {
  const { token } = await params;
  const db = getDb();
  const link = await resolveDebtorLink(db, token);
  if (link.state !== "found") return notFound();
  // The base clock: the PDF puts the profile's own clock on it.
  const found = await pdfOfJob(db, link.job.profile, link.environment, link.job.id, systemClock);
  if (!found) return notFound();
  return pdfResponse(found.pdf, found.filename, { headers: { "Referrer-Policy": "no-referrer" } });
});
