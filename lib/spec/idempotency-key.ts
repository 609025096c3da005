import { z } from "zod";

/*
 * The Idempotency-Key header of POST /jobs and POST /jobs/localprint: absent, or 1 to 255 visible
 * ASCII characters. One rule for the service that refuses a bad key (never ignores it: a retry the
 * caller believes safe must not store a second job), the client that checks its own keys before
 * sending, and the OpenAPI document that tells an integrator.
 */

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * How long a key and the answer kept for its retries are remembered: long enough for any retry,
 * short enough that the kept answers (up to a few hundred kilobytes each) do not pile up.
 */
export const IDEMPOTENCY_KEY_KEPT_DAYS = 7;

/** The key's characters and length as one pattern: visible ASCII (0x21–0x7E), 1 to 255 of them. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN, { error: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters` });
