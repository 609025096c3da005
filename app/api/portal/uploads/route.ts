import { getDb } from "@/lib/db/client";
import { ActionError } from "@/lib/portal/actions/action-error";
import { getConnection } from "@/lib/portal/connections/connections";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { portalProblem } from "@/lib/portal/http/problem-details";
import { messageText } from "@/lib/portal/i18n/messages";
import { runUpload } from "@/lib/portal/uploads/post-upload";
import { readUploadRequest } from "@/lib/portal/uploads/read-upload-request";
import type { UploadEvent } from "@/lib/portal/uploads/upload-results";

/*
 * POST /api/portal/uploads?connection=<id>: a bulk upload (a job envelope as application/json, or
 * a ZIP package as application/zip), answered as NDJSON while it works: "received", a "progress"
 * line per answered request, then "done" with a result row per document (or "failed"). Clerks and
 * admins only: 401 without a session, 403 for a viewer, as problem details in the user's language.
 */

export const dynamic = "force-dynamic";
// An upload of 64 MiB split into many requests takes a while; the stream keeps the answer alive.
export const maxDuration = 300;

export const POST = portalRoute({ role: "clerk" }, async ({ request, user }) => {
  const upload = await readUploadRequest(request, user.locale);
  if (!upload.ok) return upload.response;
  const db = getDb();
  let connection;
  try {
    connection = await getConnection(db, { organizationId: user.organizationId, connectionId: upload.connectionId });
  } catch (error) {
    if (error instanceof ActionError) return portalProblem(404, messageText(error.message, user.locale), user.locale);
    throw error;
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const emit = (event: UploadEvent) => {
        // The browser may have gone (a closed tab); the upload still finishes and its cases are kept.
        if (!open) return;
        // Serialised outside the try: an event that cannot be written is a defect to surface, not a closed tab.
        const line = encoder.encode(`${JSON.stringify(event)}\n`);
        try {
          controller.enqueue(line);
        } catch {
          open = false;
        }
      };
      await runUpload(
        { db, organizationId: user.organizationId, connection, kind: upload.kind, bytes: upload.bytes, items: upload.items, envelope: upload.envelope },
        emit,
      );
      if (open) controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      // no-transform keeps a compressing layer (Next's own, a proxy) from holding the lines back.
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
