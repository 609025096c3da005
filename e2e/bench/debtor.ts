import { get } from "node:http";
import { performance } from "node:perf_hooks";

import { invoice } from "../../lib/testing/jobs";

import type { AppServer } from "./app-server";
import { demoToken } from "./demo-token";
import { median, ms, percentile } from "./statistics";

/*
 * The debtor's pages as a phone fetches them: the online service and the pay page of one case,
 * each fetched one after another (server time and transfer, no browser rendering), with the size
 * of the HTML and of the scripts the page loads. The HTML carries everything to read and pay (the
 * amount, the reference, the account, the QR code) and works before any script has run; the
 * scripts are Next.js's and React's runtime and the two small forms. Target: p99 under 200 ms.
 */

const WARMUP = 10;
const ROUNDS = 200;

async function timed(url: string): Promise<{ timings: number[]; html: string }> {
  const timings: number[] = [];
  let html = "";
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const started = performance.now();
    const response = await fetch(url);
    html = await response.text();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    if (round >= WARMUP) timings.push(performance.now() - started);
  }
  return { timings, html };
}

/** Bytes on the wire for a GET that accepts gzip (fetch would hand back the body unpacked). */
function wireBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The scripts a page loads, and their size as sent to a browser that accepts gzip and as unpacked. */
async function scriptBytes(server: AppServer, html: string): Promise<{ count: number; wire: number; unpacked: number }> {
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!))];
  let wire = 0;
  let unpacked = 0;
  for (const source of sources) {
    const url = new URL(source, server.url);
    wire += await wireBytes(url);
    unpacked += (await (await fetch(url)).arrayBuffer()).byteLength;
  }
  return { count: sources.length, wire, unpacked };
}

export async function benchDebtor(server: AppServer): Promise<string[]> {
  const bearer = await demoToken(server.url);
  const headers = { "content-type": "application/json", authorization: `Bearer ${bearer}` };
  const posted = await fetch(`${server.url}/fin-test/rest/jobs`, {
    method: "POST",
    headers,
    body: JSON.stringify({ datastream: { dataset: [invoice({ ownref: `bench-debtor-${Date.now()}` })] } }),
  });
  const jobid = ((await posted.json()) as { result?: { jobid?: number | null }[] }).result?.[0]?.jobid;
  if (!jobid) throw new Error(`posting the job: ${posted.status}`);
  const link = (await (await fetch(`${server.url}/fin-test/rest/jobs/${jobid}/onlinelink`, { headers })).json()) as { url: string };
  const path = new URL(link.url).pathname;
  const online = await timed(`${server.url}${path}`);
  const pay = await timed(`${server.url}${path}/pay`);
  const scripts = await scriptBytes(server, online.html);
  const figures = (timings: number[]) => `p50 ${ms(median(timings))}, p99 ${ms(percentile(timings, 99))}, max ${ms(Math.max(...timings))}`;
  return [
    `debtor pages: ${ROUNDS} requests each after ${WARMUP} warm-up, one at a time`,
    `  online service /d/{token}      ${figures(online.timings)}, HTML ${(Buffer.byteLength(online.html) / 1024).toFixed(1)} KB`,
    `  pay page /d/{token}/pay        ${figures(pay.timings)}, HTML ${(Buffer.byteLength(pay.html) / 1024).toFixed(1)} KB`,
    `  scripts the page loads         ${scripts.count} files, ${(scripts.wire / 1024).toFixed(1)} KB sent (gzip), ${(scripts.unpacked / 1024).toFixed(1)} KB unpacked`,
  ];
}
