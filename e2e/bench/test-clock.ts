import { performance } from "node:perf_hooks";

import { invoice } from "../../lib/testing/jobs";

import type { AppServer } from "./app-server";
import { demoToken } from "./demo-token";
import { ms } from "./statistics";

/*
 * The test clock: a profile with 5,000 open invoices moved 60 days ahead in one POST /testing/clock,
 * which walks every day a case was due (reminders, then collection letters: 10,000 moves, each
 * with its fee, interest, event and queued notice). Target: answered within 3 s. Run against an
 * app with WORKERS=off, so the figure is the advance's own and not the distribution's beside it.
 * Only an invoice its debtor got is reminded, and with no worker none is delivered: the invoices
 * are ones the customer prints (sendtype print), sent the day they are stored.
 */

const CASES = 5000;
const BATCH = 1000;

export async function benchTestClock(server: AppServer): Promise<string[]> {
  const bearer = await demoToken(server.url);
  const headers = { "content-type": "application/json", authorization: `Bearer ${bearer}` };
  for (let round = 0; round < CASES / BATCH; round++) {
    const dataset = Array.from({ length: BATCH }, (_, index) => invoice({ sendtype: "print", ownref: `clock-${round}-${index}` }));
    const response = await fetch(`${server.url}/fin-test/rest/jobs`, { method: "POST", headers, body: JSON.stringify({ datastream: { dataset } }) });
    if (response.status !== 200) throw new Error(`POST /jobs: ${response.status}`);
  }
  const started = performance.now();
  const response = await fetch(`${server.url}/fin-test/rest/testing/clock`, { method: "POST", headers, body: JSON.stringify({ advance: "P60D" }) });
  const elapsed = performance.now() - started;
  const answer = (await response.json()) as { moves?: number; days?: number };
  if (response.status !== 200) throw new Error(`POST /testing/clock: ${response.status} ${JSON.stringify(answer)}`);
  return [
    `test clock: ${CASES} open invoices moved 60 days ahead in one request`,
    `  answered in ${ms(elapsed)} (target < 3 s): ${answer.moves} moves over ${answer.days} days`,
  ];
}
