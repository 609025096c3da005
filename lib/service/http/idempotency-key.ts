import { ServiceError } from "../errors";

/*
 * The Idempotency-Key header of POST /jobs and POST /jobs/localprint: absent, or 1 to 255 visible
 * ASCII characters. A key that breaks the rule is refused, never ignored: a retry that the caller
 * believes safe must not store a second job.
 */
export function idempotencyKey(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ServiceError("invalid_request", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  return key;
}
