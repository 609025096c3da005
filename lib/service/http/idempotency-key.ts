import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "../../spec/idempotency-key";
import { ServiceError } from "../errors";

/** The request's Idempotency-Key (lib/spec/idempotency-key.ts), or null without one; a key that breaks the rule is refused, never ignored. */
export function idempotencyKey(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ServiceError("invalid_request", `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters.`);
  }
  return key;
}
