import { render } from "../render/render-pool";

import type { CheckedJob } from "./validate-job";

/*
 * The files that came with the jobs must be PDFs that open: not only the %PDF- header validateJob
 * looks for, but a document with pages, not encrypted. Reading them takes a PDF parser, so it is
 * done here, for the jobs that passed everything else, on the render pool's threads, and a job
 * with a bad file is rejected.
 */
export async function rejectUnreadableFiles(jobs: CheckedJob[]): Promise<CheckedJob[]> {
  return Promise.all(
    jobs.map(async (job) => {
      if (!job.ok || job.files.length === 0) return job;
      for (const file of job.files) {
        const inspection = await render("inspectPdf", file.content);
        if (!inspection.readable) {
          const field = job.item.image?.file ? "image.file" : "image.filename";
          return {
            ok: false as const,
            index: job.index,
            raw: job.item,
            problems: [{ field, code: "invalid" as const, message: `${inspection.problem}: the PDF must open, have pages and not be encrypted` }],
          };
        }
      }
      return job;
    }),
  );
}
