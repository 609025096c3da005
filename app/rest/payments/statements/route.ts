import { MAX_CAMT_BYTES } from "@/lib/payment-data/camt/parse-camt";
import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { mediaType, readBody } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { importStatement } from "@/lib/service/payments/import-statement";

const XML_TYPES = new Set(["application/xml", "text/xml"]);

/** POST /payments/statements: a camt.054 or camt.053 of the profile's own account, booked to its cases. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (!XML_TYPES.has(mediaType(request))) throw new ServiceError("unsupported_media_type", "Send the statement as application/xml.");
  const content = await readBody(request, MAX_CAMT_BYTES);
  const filename = request.headers.get("x-filename")?.slice(0, 200) ?? null;
  const summary = await importStatement(db, { environment, profileId: principal.profile.id, content, filename, clock });
  return Response.json(summary, { status: summary.booked + summary.unmatched > 0 ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
