import { z } from "zod";

import { CONTROL_CHARACTERS, expected } from "./primitives";
import { missingMember, ruleError } from "./problems";

export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

export const tokenRequestSchema = z
  .object(
    {
      cid: z
        .string({ error: expected("a string") })
        .min(1, { error: missingMember })
        .max(100, { error: ruleError("maxLength", { max: 100 }) })
        // A cid is looked up in the database, which cannot take a NUL: refused as malformed, not a 500.
        .refine((value) => !CONTROL_CHARACTERS.test(value), { error: ruleError("controlCharacters") })
        .meta({ description: "Customer id of the profile in this environment." }),
      apicode: z
        .string({ error: expected("a string") })
        .min(1, { error: missingMember })
        .max(200, { error: ruleError("maxLength", { max: 200 }) })
        .meta({ description: "API code of the profile in this environment." }),
    },
    { error: expected("a JSON object") },
  )
  .meta({ id: "TokenRequest" });
export type TokenRequest = z.output<typeof tokenRequestSchema>;

export const tokenResponseSchema = z
  .object({
    token: z.string().meta({ description: "A JWT to send as `Authorization: Bearer <token>`; it expires after 2 hours." }),
  })
  .meta({ id: "TokenResponse" });

/** Error ids of POST /token. The body is the spec's { errorId, errorText }. */
export const TOKEN_ERRORS = {
  malformed: { errorId: 1, errorText: "The request body must be JSON with the strings cid and apicode." },
  credentials: { errorId: 2, errorText: "Unknown cid or wrong apicode." },
  throttled: { errorId: 3, errorText: "Too many failed attempts for this cid; wait before trying again." },
} as const;

export const tokenErrorSchema = z
  .object({
    errorId: z.int().meta({ description: "1 malformed request, 2 unknown cid or wrong apicode, 3 too many failed attempts (see Retry-After)." }),
    errorText: z.string(),
  })
  .meta({ id: "TokenError" });
