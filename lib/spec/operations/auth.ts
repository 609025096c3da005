import { defineOperation } from "../operation";
import { tokenErrorSchema, tokenRequestSchema, tokenResponseSchema } from "../token";

import { json } from "./responses";

/* POST /token: the operation that gives the tokens every other operation but GET /problems/{kind} needs. */

export const authTags = [{ name: "Authentication", description: "Tokens for the other calls." }];

export const authOperations = {
  token: defineOperation({
    method: "post",
    path: "/token",
    auth: "none",
    // Read by the handler: every failure answers the specification's { errorId, errorText }, not problem details.
    body: { kind: "own", requestBody: { required: true, content: { "application/json": { schema: tokenRequestSchema } } } },
    doc: {
      operationId: "createToken",
      tags: ["Authentication"],
      summary: "Get a token",
      description:
        "Exchanges the profile's cid and apicode for a JWT that expires after 2 hours. Wrong credentials get errorId 2 whether the cid exists or not. " +
        "After five failures in 15 minutes further attempts for the cid are refused (errorId 3, Retry-After) for 1 s, then 2 s, 4 s … up to 15 minutes.",
      responses: {
        "201": json("The token.", tokenResponseSchema),
        "400": json("Malformed request, wrong credentials, or too many failures.", tokenErrorSchema),
      },
    },
  }),
};
