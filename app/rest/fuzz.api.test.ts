import { randomUUID } from "node:crypto";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { getEnv } from "@/lib/env";
import { closeRenderPool, warmRenderPool } from "@/lib/service/render/render-pool";
import { generateEd25519 } from "@/lib/service/sftp/sftp-server";
import { asJson, type Body, judgeInLanes, mutated, mutateText, sampleBodies, text, textMutations } from "@/lib/testing/fuzz-bodies";
import { collection, envelope, invoice } from "@/lib/testing/jobs";
import { receiverInfoXml } from "@/lib/testing/receiver-info";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { PUT as putContract } from "./contracts/[contract_no]/route";
import { POST as creditDecision } from "./creditdecision/route";
import { POST as creditInfo } from "./creditinfo/route";
import { POST as allocateCredit } from "./creditnotes/allocations/route";
import { POST as refundCredit } from "./creditnotes/refunds/route";
import { PUT as putReceiver } from "./events/receiver/route";
import { POST as correctAddress } from "./jobs/[jobid]/address/route";
import { PATCH as patchDueDate } from "./jobs/[jobid]/duedate/route";
import { POST as resendEInvoice } from "./jobs/[jobid]/einvoice/resend/route";
import { POST as postStatus } from "./jobs/[jobid]/status/route";
import { POST as localPrint } from "./jobs/localprint/route";
import { POST as preview } from "./jobs/preview/route";
import { POST as postJobs } from "./jobs/route";
import { POST as allocatePayment } from "./payments/[id]/allocate/route";
import { POST as refundPayment } from "./payments/[id]/refunds/route";
import { POST as bypass } from "./payments/bypass/route";
import { POST as statements } from "./payments/statements/route";
import { PUT as putApikeyReceiver } from "./profile/apikeyreceiver/route";
import { POST as createProfile } from "./profile/createprofile/route";
import { PATCH as patchSettings } from "./profile/settings/route";
import { PUT as putSftpKeys } from "./profile/sftpkeys/route";
import { POST as stockMovement } from "./stock/[code]/movements/route";
import { PUT as putStock } from "./stock/[code]/route";
import { POST as disconnection } from "./telecom/disconnections/route";
import { POST as reconnection } from "./telecom/reconnections/route";
import { POST as moveClock } from "./testing/clock/route";
import { POST as receiverProposal } from "./testing/einvoice/receiverproposals/route";
import { POST as rejectEInvoice } from "./testing/einvoice/rejections/route";
import { POST as testPayment } from "./testing/payments/route";
import { POST as returnMail } from "./testing/returnedmail/route";
import { POST as tokenRoute } from "./token/route";
import { PUT as putUsagePlace } from "./usageplaces/[usageplacecode]/route";

/*
 * Generated bodies against every endpoint that takes one, seeded, so a failure is reproduced by
 * its seed. A body is a valid example with one to three members replaced,
 * removed, wrapped or duplicated, or arbitrary JSON, text, bytes, or nesting. Whatever comes in,
 * the answer is never a 5xx, and a 4xx is a problem document.
 */

/**
 * 5,000 per endpoint on SQLite, in every run of the suite; PostgreSQL gets the first 500 of the
 * same bodies, for the errors only it raises (NUL in text, concurrent inserts). The seed is fixed,
 * so a run repeats the same bodies; FUZZ_RUNS asks for a deeper search when the parsers change
 * (`FUZZ_RUNS=20000 npx vitest run --project api-sqlite app/rest/fuzz.api.test.ts`).
 *
 * What a body costs is the service's own work for one request, not the bodies' making (about 3 %
 * of the file's CPU): the token's check, the profile's read through Prisma, reading and judging
 * the body and the problem answer, 0.8 to 1.8 ms a body on most endpoints. POST /jobs stores the
 * jobs of about a fifth of its bodies (an invoice and a collection job each) and takes 5 to 7 ms a
 * body. The token's check imported its key anew for every request, more than half of its cost; it
 * is imported once now (tokenKey). This file alone, on a 2-core machine shared with other work:
 *   1,500 bodies: before 61 s wall, 62 s CPU (load 0.3 to 4); after 64 s wall, 54 s CPU (load 10
 *   to 14)
 *   5,000 bodies, taken 7 minutes apart at load 10 to 14: before 219 s wall, 150 s CPU (196 s of
 *   tests, 4 to 12 s an endpoint, POST /jobs 37 s); after 178 s wall, 129 s CPU (162 s of tests,
 *   4 to 9 s an endpoint, POST /jobs 28 s, POST /jobs/localprint 13 s)
 * Under that load one run differs from the next by a tenth. So 5,000 bodies cost about twice what
 * 1,500 did: about a minute more of one core in the suite.
 *
 * Ten endpoints more (credit, address, e-invoice resend and rejection, returned mail, apicode
 * receiver, SFTP keys, stock and its movements) take 2.7 to 4.6 s each, 31 s together, and the
 * templates' own check 2 s: the whole file 134 s wall, 148 s CPU at load 2. Each template answers
 * 2xx unmutated (or, where this file builds no such state, the state's 4xx after the body's
 * checks), so a template the parser refuses cannot leave the deeper code unsearched; the XML
 * endpoints get a valid document broken as text, so the XML parser is what the bodies meet.
 */
const RUNS = z.coerce
  .number()
  .int()
  .positive()
  .default(getEnv().DATABASE_ENGINE === "postgres" ? 500 : 5_000)
  .parse(process.env.FUZZ_RUNS || undefined);
const SEED = 20_261_124;
const LANES = 8;

type Handler = (request: Request) => Promise<Response>;
interface Endpoint {
  name: string;
  handler: Handler;
  method: string;
  path: () => string;
  template: () => unknown;
  /** Content types this endpoint reads besides JSON. */
  raw?: string;
  /** A body that is not JSON (XML): mutated as text, sent as `raw`. */
  textTemplate?: () => string;
  /**
   * What the unmutated template answers; 2xx unless the endpoint needs a state this file does not
   * build (a rejected e-invoice, a returned letter), where the template is judged valid by getting
   * past the body's checks to the state's own answer.
   */
  templateStatus?: number;
}

let token: string;
let jobid: number;
let cid: string;
let apicode: string;
const sftpKey = generateEd25519().public;

/** Breaks XML where a parser meets it: markup, entities, encodings, cut and doubled spans. */
const xmlPiece = fc.oneof(
  text,
  fc.constantFrom(
    "<",
    ">",
    "&",
    "&amp;",
    "&#0;",
    "&#xD800;",
    "&x;",
    "</",
    "/>",
    "<![CDATA[",
    "]]>",
    "<!--",
    '"',
    "'",
    "<Ntry>",
    "</Ntry>",
    '<Amt Ccy="EUR">',
    "\u0000",
    "\ufeff",
  ),
  fc.constantFrom(
    '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    '<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    '<?xml version="1.0" encoding="UTF-16"?>',
  ),
);

function bodies(endpoint: Endpoint): Body[] {
  const textTemplate = endpoint.textTemplate;
  const templated: fc.Arbitrary<Body> = textTemplate
    ? textMutations(xmlPiece).map((mutations) => {
        const raw = mutateText(textTemplate(), mutations);
        return { raw, contentType: endpoint.raw ?? "application/xml", shown: raw.slice(0, 300) };
      })
    : mutated(endpoint.template).map(asJson);
  return sampleBodies(templated, { seed: SEED + endpoint.name.length * 7919 + endpoint.name.charCodeAt(0), runs: RUNS, raw: endpoint.raw });
}

/** A camt.054 with one credited reference payment; its message id is new each time, as a bank's is. */
const camt = () => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>FUZZ-${randomUUID()}</MsgId><CreDtTm>2026-11-22T10:00:00+02:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>FUZZ-1</Id>
      <Acct><Id><IBAN>FI2112345600000785</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">12.34</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt>
        <ValDt><Dt>2026-11-20</Dt></ValDt>
        <AcctSvcrRef>FUZZ-REF-1</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RmtInf><Strd><CdtrRefInf><Ref>13</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;

const endpoints: Endpoint[] = [
  { name: "POST /token", handler: tokenRoute, method: "POST", path: () => "/fin-test/rest/token", template: () => ({ cid, apicode }) },
  {
    name: "POST /jobs",
    handler: postJobs,
    method: "POST",
    path: () => "/fin-test/rest/jobs",
    template: () => envelope(invoice(), collection()),
    raw: "application/zip",
  },
  {
    name: "POST /jobs/preview",
    handler: preview,
    method: "POST",
    path: () => "/fin-test/rest/jobs/preview",
    template: () => envelope(invoice()),
  },
  {
    name: "POST /jobs/localprint",
    handler: localPrint,
    method: "POST",
    path: () => "/fin-test/rest/jobs/localprint",
    template: () => envelope(invoice()),
  },
  {
    name: "PATCH /jobs/{jobid}/duedate",
    handler: patchDueDate,
    method: "PATCH",
    path: () => `/fin-test/rest/jobs/${jobid}/duedate`,
    template: () => ({ currentpaydate: "2099-01-31", contract: ["K-1"] }),
  },
  {
    name: "POST /jobs/{jobid}/status",
    handler: postStatus,
    method: "POST",
    path: () => `/fin-test/rest/jobs/${jobid}/status`,
    template: () => ({ action: "hold" }),
  },
  {
    name: "PUT /contracts/{contract_no}",
    handler: putContract,
    method: "PUT",
    path: () => "/fin-test/rest/contracts/FUZZ-1",
    template: () => ({ custnum: "K-1", contractstatus: "active", usageplacecode: "UP-1" }),
  },
  {
    name: "PUT /usageplaces/{code}",
    handler: putUsagePlace,
    method: "PUT",
    path: () => "/fin-test/rest/usageplaces/UP-1",
    template: () => ({
      contract_no: "FUZZ-1",
      address: { address: "Sähkötie 1", city: "Helsinki", addresscountry: "FIN", postcode: "00100", sitecode: "643007" },
    }),
  },
  {
    name: "POST /creditnotes/allocations",
    handler: allocateCredit,
    method: "POST",
    path: () => "/fin-test/rest/creditnotes/allocations",
    template: () => ({ creditjobid: jobid, refundtojobid: jobid, amount: "1.00" }),
    // The one job here is a debit; past the body, the answer is that it is not a credit note.
    templateStatus: 409,
  },
  {
    name: "POST /creditnotes/refunds",
    handler: refundCredit,
    method: "POST",
    path: () => "/fin-test/rest/creditnotes/refunds",
    template: () => ({ creditjobid: jobid, refundiban: "FI2112345600000785", amount: 1 }),
    templateStatus: 409,
  },
  {
    name: "POST /payments/{id}/allocate",
    handler: allocatePayment,
    method: "POST",
    path: () => `/fin-test/rest/payments/${randomUUID()}/allocate`,
    template: () => ({ jobid }),
    // No payment has the id; the body is read before the payment is looked for.
    templateStatus: 404,
  },
  {
    name: "POST /payments/{id}/refunds",
    handler: refundPayment,
    method: "POST",
    path: () => `/fin-test/rest/payments/${randomUUID()}/refunds`,
    template: () => ({ refundiban: "FI2112345600000785", amount: "1.00" }),
    templateStatus: 404,
  },
  {
    name: "POST /payments/bypass",
    handler: bypass,
    method: "POST",
    path: () => "/fin-test/rest/payments/bypass",
    template: () => ({ jobid, amount: "10.00", paymentdate: "2026-11-22", type: "payment" }),
  },
  {
    name: "POST /payments/statements",
    handler: statements,
    method: "POST",
    path: () => "/fin-test/rest/payments/statements",
    template: () => ({}),
    textTemplate: camt,
    raw: "application/xml",
  },
  {
    name: "POST /testing/einvoice/receiverproposals",
    handler: receiverProposal,
    method: "POST",
    path: () => "/fin-test/rest/testing/einvoice/receiverproposals",
    template: () => ({}),
    textTemplate: () => receiverInfoXml(),
    raw: "application/xml",
  },
  {
    name: "POST /profile/createprofile",
    handler: createProfile,
    method: "POST",
    path: () => "/fin-test/rest/profile/createprofile",
    template: () => ({ customer_info: { business_id: "0737546-2" }, contact_person: { email: "a@example.fi" }, users: [{ ssn: "131052-308T" }] }),
  },
  {
    name: "PATCH /profile/settings",
    handler: patchSettings,
    method: "PATCH",
    path: () => "/fin-test/rest/profile/settings",
    template: () => ({ creditlossmodel: "status" }),
  },
  {
    name: "POST /telecom/disconnections",
    handler: disconnection,
    method: "POST",
    path: () => "/fin-test/rest/telecom/disconnections",
    template: () => ({ customernumber: "R-1", time: "2026-11-20T08:00:00+02:00", reason: "unpaid" }),
  },
  {
    name: "POST /telecom/reconnections",
    handler: reconnection,
    method: "POST",
    path: () => "/fin-test/rest/telecom/reconnections",
    template: () => ({ customernumber: "R-1" }),
  },
  {
    name: "PUT /events/receiver",
    handler: putReceiver,
    method: "PUT",
    path: () => "/fin-test/rest/events/receiver",
    template: () => ({
      url: "https://erp.example.com/hook",
      auth: { scheme: "oauth2", tokenUrl: "https://erp.example.com/token", clientId: "c", clientSecret: "s" },
    }),
  },
  { name: "POST /testing/clock", handler: moveClock, method: "POST", path: () => "/fin-test/rest/testing/clock", template: () => ({ days: 1 }) },
  {
    name: "POST /testing/payments",
    handler: testPayment,
    method: "POST",
    path: () => "/fin-test/rest/testing/payments",
    template: () => ({ jobid, amount: 1 }),
  },
  {
    name: "POST /creditdecision",
    handler: creditDecision,
    method: "POST",
    path: () => "/fin-test/rest/creditdecision",
    template: () => ({ govid: "131052-308T", amount: "1000.00" }),
  },
  {
    name: "POST /creditinfo",
    handler: creditInfo,
    method: "POST",
    path: () => "/fin-test/rest/creditinfo",
    template: () => ({ govid: "131052-308T", purpose: "credit", amount: "1000.00" }),
  },
  {
    name: "POST /jobs/{jobid}/address",
    handler: correctAddress,
    method: "POST",
    path: () => `/fin-test/rest/jobs/${jobid}/address`,
    template: () => ({ address: "Uusi katu 2", addressaddline1: "c/o Uusi", postcode: "02100", city: "Espoo" }),
  },
  {
    name: "POST /jobs/{jobid}/einvoice/resend",
    handler: resendEInvoice,
    method: "POST",
    path: () => `/fin-test/rest/jobs/${jobid}/einvoice/resend`,
    template: () => ({ evoice: "003798765432" }),
    templateStatus: 409,
  },
  {
    name: "PUT /profile/apikeyreceiver",
    handler: putApikeyReceiver,
    method: "PUT",
    path: () => "/fin-test/rest/profile/apikeyreceiver",
    template: () => ({ url: "https://partner.example.com/apikeys", auth: { scheme: "basic", username: "partner", password: "apikeys-pa55" } }),
  },
  {
    name: "PUT /profile/sftpkeys",
    handler: putSftpKeys,
    method: "PUT",
    path: () => "/fin-test/rest/profile/sftpkeys",
    template: () => ({ keys: [sftpKey] }),
  },
  {
    name: "PUT /stock/{code}",
    handler: putStock,
    method: "PUT",
    path: () => "/fin-test/rest/stock/FUZZ-LEAFLET",
    template: () => ({ name: "Christmas leaflet", kind: "insert", documents: ["invoice", "reminder"], threshold: 50 }),
  },
  {
    name: "POST /stock/{code}/movements",
    handler: stockMovement,
    method: "POST",
    path: () => "/fin-test/rest/stock/FUZZ-LEAFLET/movements",
    template: () => ({ type: "received", quantity: 5 }),
  },
  {
    name: "POST /testing/einvoice/rejections",
    handler: rejectEInvoice,
    method: "POST",
    path: () => "/fin-test/rest/testing/einvoice/rejections",
    template: () => ({ jobid, reason: "Unknown receiver address" }),
    templateStatus: 409,
  },
  {
    name: "POST /testing/returnedmail",
    handler: returnMail,
    method: "POST",
    path: () => "/fin-test/rest/testing/returnedmail",
    template: () => ({ jobid, reason: "moved" }),
    templateStatus: 409,
  },
];

beforeAll(async () => {
  await warmRenderPool();
  const profile = await profileWithToken("fin-test", { createCustomerApi: true });
  token = profile.token;
  cid = profile.cid;
  apicode = `apicode-${profile.id}`;
  // The stock item's movements need it to exist whichever test runs first.
  await call(putStock, "/fin-test/rest/stock/FUZZ-LEAFLET", { method: "PUT", token, body: { name: "Christmas leaflet", kind: "insert" } });
  const posted = await json<{ result: { jobid: number }[] }>(await call(postJobs, "/fin-test/rest/jobs", { token, body: envelope(invoice()) }));
  jobid = posted.result[0]!.jobid;
}, 120_000);

afterAll(async () => {
  await closeRenderPool();
});

describe("the templates the bodies are made from", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: the unmutated template is a valid body`, async () => {
      const raw = endpoint.textTemplate ? endpoint.textTemplate() : JSON.stringify(endpoint.template());
      const contentType = endpoint.textTemplate ? (endpoint.raw ?? "application/xml") : "application/json";
      const response = await call(endpoint.handler, endpoint.path(), { method: endpoint.method, raw, headers: { "content-type": contentType }, token });
      const answer = await response.text();
      if (endpoint.templateStatus) expect({ status: response.status, answer }).toMatchObject({ status: endpoint.templateStatus });
      else expect({ status: Math.floor(response.status / 100), answer }).toMatchObject({ status: 2 });
    });
  }
});

describe("generated bodies", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: ${RUNS} generated bodies, never a 5xx, a problem document for every 4xx`, async () => {
      const queue = bodies(endpoint);
      // A few requests at once, as clients send them; the answers are judged one by one.
      const failures = await judgeInLanes(queue, LANES, (body) =>
        call(endpoint.handler, endpoint.path(), {
          method: endpoint.method,
          raw: body.raw,
          headers: body.contentType ? { "content-type": body.contentType } : {},
          token,
        }),
      );
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
