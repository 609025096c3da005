import { parseJson } from "@/lib/platform/parse-json";
import { issueToken } from "@/lib/service/auth/issue-token";
import { readBody } from "@/lib/service/http/read-body";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { authOperations } from "@/lib/spec/operations/auth";
import { TOKEN_ERRORS, tokenRequestSchema } from "@/lib/spec/token";

/** POST /token: cid and apicode for a JWT. Errors use the specification's { errorId, errorText }. */
export const POST = route(authOperations.token, async ({ request, environment, db, clock }) => {
  let body: unknown;
  try {
    body = parseJson(await readBody(request, 16 * 1024));
  } catch {
    return Response.json(TOKEN_ERRORS.malformed, { status: 400 });
  }
  const parsed = tokenRequestSchema.safeParse(body);
  if (!parsed.success) return Response.json(TOKEN_ERRORS.malformed, { status: 400 });
  const outcome = await issueToken(db, environment, parsed.data, clock);
  if (outcome.ok) return Response.json({ token: outcome.token }, { status: 201 });
  const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
  return Response.json({ errorId: outcome.errorId, errorText: outcome.errorText }, { status: 400, headers });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(authOperations.token.path);
