import { z } from "zod";

import { defineOperation } from "../operation";
import { problemTypeSchema } from "../problem-details";

import { json, problem } from "./responses";

/* GET /problems/{kind}: where the `type` of every problem-details answer leads. */

export const problemTags = [{ name: "Problem types", description: "What the `type` URI of a problem-details answer means." }];

export const problemOperations = {
  type: defineOperation({
    method: "get",
    path: "/problems/{kind}",
    // A developer follows the `type` of an answer from a browser, with no token at hand.
    auth: "none",
    // Any text: a kind the interface does not have is answered by the handler, naming what was asked for.
    params: z.object({ kind: z.string().meta({ description: "The kind of problem as its `type` URI writes it.", example: "invalid-job" }) }),
    doc: {
      operationId: "getProblemType",
      tags: ["Problem types"],
      summary: "What a problem type means",
      description: "The `type` of a problem-details answer is /rest/problems/{kind}; this answers with the status and title every answer of that kind carries.",
      responses: {
        "200": json("The problem type.", problemTypeSchema),
        "404": problem("The interface has no problem type of this name."),
        "405": problem("A method other than GET."),
      },
    },
  }),
};
