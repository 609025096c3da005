import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { sentDocumentOf } from "@/lib/service/debtor/debtor-case";
import { pdfResponse } from "@/lib/service/http/pdf-response";

/** A reminder or collection letter of the link's case, as it was sent (SentDocument). */

export const dynamic = "force-dynamic";

export const GET = uncached(async (_request: Request, { params }: { params: Promise<{ token: string; dispatchId: string }> }): Promise<Response> => {
  const { token, dispatchId } = await params;
  const found = /^[0-9a-f-]{36}$/.test(dispatchId) ? await sentDocumentOf(getDb(), token, dispatchId) : null;
  if (!found) return new Response("This link does not open such a document.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return pdfResponse(found.pdf, found.filename, { headers: { "Referrer-Policy": "no-referrer" } });
});
