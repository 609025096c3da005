import { z } from "zod";

import { fieldProblemSchema } from "./jobs";

/*
 * RFC 9457 (formerly 7807) problem details: the body of every error answer of the REST interface
 * except POST /token, whose error body the specification fixes. `type` is a URI under
 * /rest/problems/ naming the kind of problem; `problems` lists field-level problems where there are any.
 */

export const problemDetailsSchema = z
  .object({
    type: z.string().meta({ description: "URI identifying the kind of problem." }),
    title: z.string().meta({ description: "Short summary of the kind of problem." }),
    status: z.int().meta({ description: "The HTTP status code." }),
    detail: z.string().optional().meta({ description: "What went wrong in this request." }),
    instance: z.string().optional(),
    problems: z.array(fieldProblemSchema).optional().meta({ description: "Problems with single members of the request." }),
  })
  .meta({ id: "ProblemDetails" });
export type ProblemDetails = z.output<typeof problemDetailsSchema>;
