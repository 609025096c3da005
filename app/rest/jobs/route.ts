import { mediaTypeOf } from "@/lib/platform/media-type";
import { ServiceError } from "@/lib/service/errors";
import { readBody } from "@/lib/service/http/read-body";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { checkOnPool } from "@/lib/service/intake/check-on-pool";
import { postJobs } from "@/lib/service/intake/post-jobs";
import { readJobs } from "@/lib/service/jobs/job-views";
import { MAX_JSON_BODY_BYTES, MAX_ZIP_BODY_BYTES } from "@/lib/spec/limits";
import { jobOperations } from "@/lib/spec/operations/jobs";

const ZIP_TYPES = new Set(["application/zip", "application/x-zip-compressed", "application/octet-stream"]);
const JSON_FORM = { maxBytes: MAX_JSON_BODY_BYTES, check: "checkJsonJobs", source: "json" } as const;
const ZIP_FORM = { maxBytes: MAX_ZIP_BODY_BYTES, check: "checkZipJobs", source: "zip" } as const;

/** POST /jobs: a job envelope as JSON, or a ZIP package of an index and its files. */
export const POST = route(jobOperations.post, async ({ request, environment, db, clock, principal, query, idempotencyKey: key }) => {
  const type = mediaTypeOf(request.headers);
  // The two forms differ only in their size limit and in how the pool reads them; storing, retries and the answer are one path.
  const form = type === "application/json" ? JSON_FORM : ZIP_TYPES.has(type) ? ZIP_FORM : null;
  if (form) {
    const body = await readBody(request, form.maxBytes);
    const outcome = await postJobs(db, {
      profile: principal.profile,
      environment,
      checkJobs: () => checkOnPool(form.check, body, environment),
      source: form.source,
      body,
      idempotencyKey: key,
      clock,
      draft: query.draft,
    });
    return Response.json(outcome.body, { status: outcome.status, headers: outcome.replayed ? { "Idempotent-Replayed": "true" } : {} });
  }

  throw new ServiceError(
    "unsupported_media_type",
    `Send the jobs as application/json or as a ZIP package (application/zip), not ${type || "a body without Content-Type"}.`,
    {
      headers: { "Accept-Post": "application/json, application/zip" },
    },
  );
});

/** GET /jobs?jobids=…: what up to 100 of the profile's jobs are now, in one answer (GET /jobs/{jobid} for many). */
export const GET = route(jobOperations.lookUp, async ({ environment, db, principal, query }) =>
  Response.json(await readJobs(db, principal.profile.id, environment, query.jobids)),
);

export const { PUT, PATCH, DELETE } = otherMethodsOf(jobOperations.post.path);
