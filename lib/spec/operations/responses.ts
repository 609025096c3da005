import type { z } from "zod";

import { problemDetailsSchema } from "../problem-details";

/* The answers every area of the OpenAPI document describes alike. */

export const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: problemDetailsSchema } } });
export const unauthorized = problem("No token, an expired token, or a token of another environment.");
export const notJson = problem("Not application/json.");
export const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { "application/json": { schema } } });
export const pdf = (description: string) => ({
  description,
  content: { "application/pdf": { schema: { type: "string" as const, contentMediaType: "application/pdf" } } },
});
