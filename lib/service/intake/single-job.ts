import { ServiceError } from "../errors";

/*
 * Preview and local print take one job: a dataset item, or a job envelope holding exactly one.
 */

export function singleItemOf(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ServiceError("invalid_request", "Send one dataset item (or a job envelope with exactly one) as a JSON object.");
  }
  const datastream = (body as { datastream?: { dataset?: unknown } }).datastream;
  if (datastream === undefined) return body;
  const dataset = datastream?.dataset;
  if (!Array.isArray(dataset) || dataset.length !== 1) {
    throw new ServiceError("invalid_request", "An envelope sent here must hold exactly one job in datastream.dataset.", {
      problems: [{ field: "datastream.dataset", code: "invalid", message: "must hold exactly one job" }],
    });
  }
  return dataset[0];
}
