import { z } from "zod";

/*
 * The path parameters of the case routes of the portal's API (/api/portal/cases/{id}/…). A case id
 * of another organization or none at all finds no case and is answered as one that does not exist;
 * a dispatch id is the service's UUID, so anything else names no document before the service is asked.
 */

export const casePathSchema = z.object({ id: z.string() });

export const sentDocumentPathSchema = casePathSchema.extend({ dispatchId: z.string().regex(/^[0-9a-f-]{36}$/) });
