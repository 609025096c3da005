import { z } from "zod";

import { apikeyReceiverViewSchema, type ApikeyReceiverView } from "../spec/apikey-receiver";
import { caseActionResultSchema, type caseActionSchema, type CaseActionResult } from "../spec/case-actions";
import { controlListSchema, type ControlList } from "../spec/control-list";
import { createProfileResponseSchema, type createProfileRequestSchema, type CreateProfileResponse } from "../spec/create-profile";
import {
  creditDecisionSchema,
  creditInfoSchema,
  type CreditDecision,
  type CreditInfo,
  type creditDecisionRequestSchema,
  type creditInfoRequestSchema,
} from "../spec/credit";
import { debtorLinkSchema, type DebtorLinkAnswer } from "../spec/debtor-links";
import {
  einvoiceRejectionSchema,
  einvoiceResendSchema,
  type einvoiceRejectionRequestSchema,
  type EInvoiceRejection,
  type EInvoiceResend,
  type EInvoiceResendRequest,
} from "../spec/einvoice-rejections";
import type { Country } from "../spec/environments";
import { pollAnswerSchema } from "../spec/event-queries";
import { receiverViewSchema, type receiverRequestSchema, type ReceiverView } from "../spec/event-receiver";
import { ibanAnswerSchema, type IbanAnswer } from "../spec/iban";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "../spec/idempotency-key";
import { jobDetailSchema, jobLookupSchema, type JobDetail, type JobLookup } from "../spec/job-detail";
import { jobsResponseSchema, type jobEnvelopeSchema, type JobsResponse } from "../spec/jobs";
import { MAX_ZIP_BODY_BYTES } from "../spec/limits";
import {
  allocationResultSchema,
  bypassResultSchema,
  dueDateResultSchema,
  type BookedPaymentAnswer,
  type BypassResult,
  type CreditAllocationResult,
  type DueDateResult,
} from "../spec/operations/payments";
import type { bypassRequestSchema, creditAllocationRequestSchema, dueDateRequestSchema, testingPaymentRequestSchema } from "../spec/payment-requests";
import { receivedProposalSchema, receiverProposalPageSchema, type receiverProposalQuerySchema, type ReceiverProposalView } from "../spec/receiver-proposals";
import { addressCorrectedSchema, returnedMailRequestSchema, returnedMailSchema, type AddressCorrection } from "../spec/returned-mail";
import { sentDocumentsSchema, type SentDocuments } from "../spec/sent-documents";
import {
  stockDetailSchema,
  stockItemSchema,
  stockListSchema,
  type stockItemInputSchema,
  type StockDetail,
  type StockItemView,
  type StockList,
  type stockMovementInputSchema,
} from "../spec/stock";
import type { ClockAdvanced, ClockState } from "../spec/test-clock";
import { tokenResponseSchema } from "../spec/token";

import { dispositionFilename, errorOf, isProblemAnswer, readJson, readJsonObject, readPdf, tokenErrorOf, unexpectedAnswer, type CallSite } from "./read-answer";
import { CLIENT_PROBLEM_TYPES, ServiceRequestError } from "./service-request-error";
import { chunkBody, chunkIdempotencyKey, envelopeBytes, envelopeHead, JobTooLargeError, splitJobs } from "./split-jobs";
import { apicodeFingerprint, cachedToken, dropToken, tokenCacheKey } from "./token-cache";

/*
 * The typed client of one environment's REST interface for one profile (cid). Every request and
 * answer type comes from the interface's schemas (lib/spec, and the service's REST schemas), and
 * answers are checked against them where that is cheap.
 *
 * Retries: none, except one. When the service answers 401 the cached token is dropped, a new one
 * fetched and the call sent once more: a 401 comes before the service does anything, so even a POST
 * is safe to resend. Anything else that fails is the caller's to retry, with an Idempotency-Key
 * where the call takes one.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_USER_AGENT = "nordic-receivables-client/1 (+portal)";

export interface ServiceClientOptions {
  /** `{base_url}/rest` of one environment, e.g. http://127.0.0.1:3000/fin-test/rest. */
  baseUrl: string;
  cid: string;
  apicode: string;
  /** Replaces the global fetch (tests, a proxy agent). */
  fetch?: typeof fetch;
  /** Per request, token request included; DEFAULT_TIMEOUT_MS when not given. */
  timeoutMs?: number;
  userAgent?: string;
}

export interface RequestOptions {
  /** Aborting it rejects the call with the signal's reason, as fetch does. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (for postJobs: for each of its requests). */
  timeoutMs?: number;
}

/** Answers of postJobs and postZip that the service replayed for their Idempotency-Key (every request of a split post). */
const replayedAnswers = new WeakSet<JobsResponse>();

/**
 * Whether the service answered a postJobs or postZip from an earlier request with the same
 * Idempotency-Key (its `Idempotent-Replayed` header): nothing was posted this time.
 */
export function isReplayedAnswer(answer: JobsResponse): boolean {
  return replayedAnswers.has(answer);
}

export interface PostJobsProgress {
  /** Items whose request the service has answered. */
  sent: number;
  total: number;
  /** Accepted so far. */
  accepted: number;
}

/** The datastream members besides dataset (noreport, origname, batchid …). */
export type JobEnvelopeMembers = Omit<z.input<typeof jobEnvelopeSchema>["datastream"], "dataset">;

export interface PostJobsOptions extends RequestOptions {
  /**
   * Makes the post safe to repeat: request n of the split carries `${idempotencyKey}-${n}` (n from
   * 1), and the split is the same for the same items, so a repeat replays what was stored.
   */
  idempotencyKey?: string;
  /** Called after each request of the split has been answered. */
  onProgress?: (progress: PostJobsProgress) => void;
  envelope?: JobEnvelopeMembers;
  /** POST /jobs?draft=true: the jobs are stored as drafts (11), sent and collected only once approved. */
  draft?: boolean;
}

export interface IdempotentOptions extends RequestOptions {
  idempotencyKey?: string;
}

export interface LocalPrintResult {
  pdf: Uint8Array;
  /** From Content-Disposition: the job's pdfname, or one the service made. */
  filename: string;
  jobid: number;
  /** The Payment-Reference header, when the job has one. */
  reference: string | null;
  /** The service replayed an earlier answer for the same Idempotency-Key. */
  replayed: boolean;
}

export type CreateProfileRequestBody = z.input<typeof createProfileRequestSchema>;
export type { ApikeyReceiverView, CreateProfileResponse, JobsResponse, ReceiverView };
export type ReceiverRequestBody = z.input<ReturnType<typeof receiverRequestSchema>>;
export type PolledEvents = z.output<typeof pollAnswerSchema>;

/** A service from before next_cursor answered only next (the same cursor): the answer is read either way. */
const polledEventsSchema = z.preprocess(
  (value) =>
    value && typeof value === "object" && !("next_cursor" in value) && "next" in value ? { ...value, next_cursor: (value as { next: unknown }).next } : value,
  pollAnswerSchema,
);
export type PollingType = "delivery" | "lcstatus" | "payment" | "creditnote" | "duedateupdate" | "creditloss";

export interface PollEventsQuery {
  /** The `next_cursor` of the previous answer; without it, from the first event. */
  cursor?: string;
  /** 1 to 500; the service's default is 500. */
  limit?: number;
  types?: readonly PollingType[];
}

export type TestClock = ClockState;
export type TestClockAdvance = ClockAdvanced;
/** {days: n}, or an ISO 8601 duration forward in time ("P14D", "PT6H"). */
export type ClockAdvanceInput = { days: number } | { duration: string };
export type SimulatedPaymentRequestBody = z.input<typeof testingPaymentRequestSchema>;
export type CaseActionRequestBody = z.input<typeof caseActionSchema>;
export type DueDateRequestBody = z.input<typeof dueDateRequestSchema>;
export type BypassRequestBody = z.input<typeof bypassRequestSchema>;
export type { BypassResult, CaseActionResult, DueDateResult, JobLookup };
export type SimulatedPayment = BookedPaymentAnswer;

interface Exchange {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: URLSearchParams;
  body?: string | Uint8Array;
  contentType?: string;
  accept: string;
  idempotencyKey?: string;
}

/** A request with a JSON body that is answered in JSON (problem details aside). */
function jsonExchange(method: Exchange["method"], path: string, body: unknown): Exchange {
  return { method, path, body: JSON.stringify(body), contentType: "application/json", accept: "application/json" };
}

function checkedIdempotencyKey(key: string | undefined, suffixLength = 0): string | undefined {
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key) || key.length + suffixLength > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new TypeError(`idempotencyKey must be visible ASCII characters, at most ${IDEMPOTENCY_KEY_MAX_LENGTH - suffixLength} of them here.`);
  }
  return key;
}

function normalizedBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError("baseUrl must be an absolute http or https URL such as https://host/fin-test/rest.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("baseUrl must be an http or https URL.");
  if (url.search || url.hash) throw new TypeError("baseUrl must not have a query or a fragment.");
  return url.href.replace(/\/+$/, "");
}

/** Network and abort failures of fetch and of reading a body; anything else is a bug to surface as it is. */
function isTransportFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"));
}

function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  // A guarded fetch refused the address (lib/platform/outbound): its words say which and why.
  if (cause?.code === "ERR_ADDRESS_REFUSED" && typeof cause.message === "string") return cause.message;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Waits for a promise unless the signal fires first (a shared token request is not the caller's to cancel). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

export class ServiceClient {
  readonly baseUrl: string;
  readonly cid: string;
  readonly #apicode: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #userAgent: string;
  readonly #tokenKey: string;
  #fingerprint: Promise<string> | null = null;

  /** The test environments' own endpoints: the profile's clock and simulated bank payments. */
  readonly testing: {
    getClock(options?: RequestOptions): Promise<TestClock>;
    advanceClock(advance: ClockAdvanceInput, options?: RequestOptions): Promise<TestClockAdvance>;
    simulatePayment(body: SimulatedPaymentRequestBody, options?: RequestOptions): Promise<SimulatedPayment>;
    rejectEInvoice(body: z.input<typeof einvoiceRejectionRequestSchema>, options?: RequestOptions): Promise<EInvoiceRejection>;
    returnMail(body: z.input<typeof returnedMailRequestSchema>, options?: RequestOptions): Promise<z.output<typeof returnedMailSchema>>;
    /** POST /testing/einvoice/receiverproposals: a Finvoice ReceiverInfo message as the operator would deliver it. */
    deliverReceiverProposal(xml: string | Uint8Array, options?: RequestOptions): Promise<z.output<typeof receivedProposalSchema>>;
  };

  constructor(options: ServiceClientOptions) {
    if (!options.cid) throw new TypeError("cid is required.");
    if (!options.apicode) throw new TypeError("apicode is required.");
    this.baseUrl = normalizedBaseUrl(options.baseUrl);
    this.cid = options.cid;
    this.#apicode = options.apicode;
    // Looked up at call time, so a test that replaces globalThis.fetch reaches clients made earlier.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.#tokenKey = tokenCacheKey(this.baseUrl, this.cid);
    this.testing = {
      getClock: (requestOptions) => this.#getClock(requestOptions),
      advanceClock: (advance, requestOptions) => this.#advanceClock(advance, requestOptions),
      simulatePayment: (body, requestOptions) => this.#simulatePayment(body, requestOptions),
      rejectEInvoice: (body, requestOptions) =>
        this.#exchange(jsonExchange("POST", "/testing/einvoice/rejections", body), requestOptions ?? {}, this.#json(einvoiceRejectionSchema)),
      returnMail: (body, requestOptions) =>
        this.#exchange(jsonExchange("POST", "/testing/returnedmail", body), requestOptions ?? {}, this.#json(returnedMailSchema)),
      deliverReceiverProposal: (xml, requestOptions) =>
        this.#exchange(
          {
            method: "POST",
            path: "/testing/einvoice/receiverproposals",
            body: typeof xml === "string" ? new TextEncoder().encode(xml) : xml,
            contentType: "application/xml",
            accept: "application/json",
          },
          requestOptions ?? {},
          this.#json(receivedProposalSchema),
        ),
    };
  }

  /* ---------- credentials ---------- */

  /**
   * POST /token with the client's cid and apicode, past the token cache: resolves when the service
   * accepts them now, rejects with its refusal (errorId 2 for a wrong cid or apicode) or with why it
   * could not be reached. For checking a connection before it is saved.
   */
  async checkCredentials(): Promise<void> {
    await this.#issueToken();
  }

  /* ---------- jobs ---------- */

  /**
   * POST /jobs for any number of dataset items: split into requests within the interface's
   * limits, sent one after another, answers merged into one JobsResponse with result[] in the
   * order of items, errors[].index into items and accepted summed. A request in which no job was
   * accepted (422 with a result record) is part of the answer, not an error.
   */
  async postJobs(items: readonly unknown[], options: PostJobsOptions = {}): Promise<JobsResponse> {
    const head = envelopeHead(options.envelope as Record<string, unknown> | undefined);
    let chunks;
    try {
      chunks = splitJobs(items, envelopeBytes(head));
    } catch (error) {
      if (error instanceof JobTooLargeError) throw this.#tooLarge({ method: "POST", path: "/jobs" }, error.message);
      throw error;
    }
    const key = checkedIdempotencyKey(options.idempotencyKey, `-${chunks.length}`.length);
    const merged: JobsResponse = { result: [], errors: [], accepted: 0 };
    let sent = 0;
    let replayed = true;
    for (const [n, chunk] of chunks.entries()) {
      let answer: JobsResponse;
      try {
        answer = await this.#exchange(
          {
            method: "POST",
            path: "/jobs",
            query: options.draft ? new URLSearchParams({ draft: "true" }) : undefined,
            body: chunkBody(head, chunk),
            contentType: "application/json",
            accept: "application/json",
            idempotencyKey: key === undefined ? undefined : chunkIdempotencyKey(key, n + 1),
          },
          options,
          (response, site) => this.#jobsAnswer(response, site, chunk.json.length),
        );
      } catch (error) {
        if (n > 0 && error instanceof ServiceRequestError) throw error.withPartial(merged);
        throw error;
      }
      replayed &&= replayedAnswers.has(answer);
      merged.result.push(...answer.result);
      for (const problem of answer.errors) merged.errors.push({ ...problem, index: problem.index + chunk.start });
      merged.accepted += answer.accepted;
      sent += chunk.json.length;
      options.onProgress?.({ sent, total: items.length, accepted: merged.accepted });
    }
    if (replayed && chunks.length > 0) replayedAnswers.add(merged);
    return merged;
  }

  /** POST /jobs with a ZIP package (an index JSON and its files), sent as it is. */
  async postZip(bytes: Uint8Array, options: IdempotentOptions = {}): Promise<JobsResponse> {
    const site = { method: "POST", path: "/jobs" };
    if (bytes.byteLength > MAX_ZIP_BODY_BYTES) {
      throw this.#tooLarge(
        site,
        `The package is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MiB; POST /jobs takes at most ${MAX_ZIP_BODY_BYTES / 1024 / 1024} MiB.`,
      );
    }
    return this.#exchange(
      {
        method: "POST",
        path: "/jobs",
        body: bytes,
        contentType: "application/zip",
        accept: "application/json",
        idempotencyKey: checkedIdempotencyKey(options.idempotencyKey),
      },
      options,
      (response, answerSite) => this.#jobsAnswer(response, answerSite, null),
    );
  }

  /** POST /jobs/preview: the PDF one dataset item would have; nothing is stored. */
  async preview(item: unknown, options: RequestOptions = {}): Promise<Uint8Array> {
    return this.#exchange(
      {
        method: "POST",
        path: "/jobs/preview",
        body: JSON.stringify(item),
        contentType: "application/json",
        accept: "application/pdf, application/problem+json",
      },
      options,
      async (response, site) => (response.ok ? readPdf(response, site) : Promise.reject(await errorOf(response, site))),
    );
  }

  /** POST /jobs/localprint: stores the job with sendtype print and answers its PDF. */
  async localPrint(item: unknown, options: IdempotentOptions = {}): Promise<LocalPrintResult> {
    return this.#exchange(
      {
        method: "POST",
        path: "/jobs/localprint",
        body: JSON.stringify(item),
        contentType: "application/json",
        accept: "application/pdf, application/problem+json",
        idempotencyKey: checkedIdempotencyKey(options.idempotencyKey),
      },
      options,
      async (response, site) => {
        if (!response.ok) throw await errorOf(response, site);
        const jobid = Number(response.headers.get("job-id"));
        if (!Number.isSafeInteger(jobid) || jobid <= 0) throw unexpectedAnswer(site, response.status, "The answer has no Job-Id header.");
        const pdf = await readPdf(response, site);
        return {
          pdf,
          filename: dispositionFilename(response.headers.get("content-disposition")) ?? `job-${jobid}.pdf`,
          jobid,
          reference: response.headers.get("payment-reference"),
          replayed: response.headers.get("idempotent-replayed") === "true",
        };
      },
    );
  }

  /** GET /jobs/{jobid}/pdf: the image of one of the profile's jobs. */
  async jobPdf(jobid: number, options: RequestOptions = {}): Promise<Uint8Array> {
    if (!Number.isSafeInteger(jobid) || jobid <= 0) throw new TypeError("jobid must be a positive whole number.");
    return this.#exchange(
      { method: "GET", path: `/jobs/${jobid}/pdf`, accept: "application/pdf, application/problem+json" },
      options,
      async (response, site) => (response.ok ? readPdf(response, site) : Promise.reject(await errorOf(response, site))),
    );
  }

  /** GET /jobs/{jobid}/documents: every sending of the job's documents, and which letters are kept as sent. */
  async sentDocuments(jobid: number, options: RequestOptions = {}): Promise<SentDocuments> {
    if (!Number.isSafeInteger(jobid) || jobid <= 0) throw new TypeError("jobid must be a positive whole number.");
    return this.#exchange({ method: "GET", path: `/jobs/${jobid}/documents`, accept: "application/json" }, options, this.#json(sentDocumentsSchema));
  }

  /** GET /jobs/{jobid}/documents/{dispatchid}/pdf: a reminder or collection letter exactly as the debtor got it. */
  async sentDocumentPdf(jobid: number, dispatchId: string, options: RequestOptions = {}): Promise<Uint8Array> {
    if (!Number.isSafeInteger(jobid) || jobid <= 0) throw new TypeError("jobid must be a positive whole number.");
    return this.#exchange(
      { method: "GET", path: `/jobs/${jobid}/documents/${encodeURIComponent(dispatchId)}/pdf`, accept: "application/pdf, application/problem+json" },
      options,
      async (response, site) => (response.ok ? readPdf(response, site) : Promise.reject(await errorOf(response, site))),
    );
  }

  /* ---------- profiles ---------- */

  /** POST /profile/createprofile: a partner creates (or completes) a customer profile. */
  async createProfile(body: CreateProfileRequestBody, options: RequestOptions = {}): Promise<CreateProfileResponse> {
    return this.#exchange(jsonExchange("POST", "/profile/createprofile", body), options, this.#json(createProfileResponseSchema));
  }

  /** GET /profile/apikeyreceiver: where the apicodes of this partner's onboarded profiles go, or null when it has no receiver. */
  async getApikeyReceiver(options: RequestOptions = {}): Promise<ApikeyReceiverView | null> {
    return this.#exchange({ method: "GET", path: "/profile/apikeyreceiver", accept: "application/json" }, options, this.#jsonOrNull(apikeyReceiverViewSchema));
  }

  /** PUT /profile/apikeyreceiver: sets the apicode receiver and its credentials (created or replaced; failed deliveries are tried again). */
  async putApikeyReceiver(body: ReceiverRequestBody, options: RequestOptions = {}): Promise<ApikeyReceiverView> {
    return this.#exchange(jsonExchange("PUT", "/profile/apikeyreceiver", body), options, this.#json(apikeyReceiverViewSchema));
  }

  /** DELETE /profile/apikeyreceiver: true when there was one to remove. */
  async deleteApikeyReceiver(options: RequestOptions = {}): Promise<boolean> {
    return this.#exchange({ method: "DELETE", path: "/profile/apikeyreceiver", accept: "application/problem+json" }, options, this.#removed());
  }

  /* ---------- jobs ---------- */

  /** GET /jobs/{jobid}: what a job of this profile is now, or null when the profile has no such job. */
  async getJob(jobid: number, options: RequestOptions = {}): Promise<JobDetail | null> {
    return this.#exchange({ method: "GET", path: `/jobs/${jobid}`, accept: "application/json" }, options, this.#jsonOrNull(jobDetailSchema));
  }

  /** GET /jobs?jobids=…: up to 100 jobs of this profile in one request; ids that are no job of it in `missing`. */
  async lookUpJobs(jobids: readonly number[], options: RequestOptions = {}): Promise<JobLookup> {
    const query = new URLSearchParams({ jobids: jobids.join(",") });
    return this.#exchange({ method: "GET", path: "/jobs", query, accept: "application/json" }, options, this.#json(jobLookupSchema));
  }

  /**
   * GET /iban: a domestic account number as its IBAN and BIC. A bad account number rejects with the
   * service's problem on `account`; a valid Swedish account whose IBAN layout is not confirmed with
   * a not-derivable problem (the service does not guess Swedish IBANs).
   */
  async calculateIban(account: string, country?: Country, options: RequestOptions = {}): Promise<IbanAnswer> {
    const query = new URLSearchParams({ account, ...(country ? { country } : {}) });
    return this.#exchange({ method: "GET", path: "/iban", query, accept: "application/json" }, options, this.#json(ibanAnswerSchema));
  }

  /** GET /reports/control: the profile's control list for a period of business days (at most 400). */
  async controlList(from: string, to: string, options: RequestOptions = {}): Promise<ControlList> {
    const query = new URLSearchParams({ from, to });
    return this.#exchange({ method: "GET", path: "/reports/control", query, accept: "application/json" }, options, this.#json(controlListSchema));
  }

  /** GET /reports/control?format=csv: the same list as one CSV file, as the service wrote it. */
  async controlListCsv(from: string, to: string, options: RequestOptions = {}): Promise<string> {
    const query = new URLSearchParams({ from, to, format: "csv" });
    return this.#exchange({ method: "GET", path: "/reports/control", query, accept: "text/csv" }, options, async (response, site) =>
      response.ok ? response.text() : Promise.reject(await errorOf(response, site)),
    );
  }

  /** POST /jobs/{jobid}/einvoice/resend: an e-invoice the operator refused, sent again with what was wrong corrected. */
  async resendEInvoice(jobid: number, body: EInvoiceResendRequest = {}, options: RequestOptions = {}): Promise<EInvoiceResend> {
    return this.#exchange(jsonExchange("POST", `/jobs/${jobid}/einvoice/resend`, body), options, this.#json(einvoiceResendSchema));
  }

  /** POST /creditinfo: what the environment's cases and the credit bureau say of a person or company, for a stated purpose. */
  async creditInfo(body: z.input<typeof creditInfoRequestSchema>, options: RequestOptions = {}): Promise<CreditInfo> {
    return this.#exchange(jsonExchange("POST", "/creditinfo", body), options, this.#json(creditInfoSchema));
  }

  /** POST /creditdecision: accept, accept with conditions or reject an amount of credit. */
  async creditDecision(body: z.input<typeof creditDecisionRequestSchema>, options: RequestOptions = {}): Promise<CreditDecision> {
    return this.#exchange(jsonExchange("POST", "/creditdecision", body), options, this.#json(creditDecisionSchema));
  }

  /** GET /stock: the profile's inserts and stationery at the print house, with their levels. */
  async listStock(options: RequestOptions = {}): Promise<StockList> {
    return this.#exchange({ method: "GET", path: "/stock", accept: "application/json" }, options, this.#json(stockListSchema));
  }

  /** GET /stock/{code}: an item, what print batches took of it, and the stock received and counted. */
  async stockItem(code: string, options: RequestOptions = {}): Promise<StockDetail> {
    return this.#exchange({ method: "GET", path: `/stock/${encodeURIComponent(code)}`, accept: "application/json" }, options, this.#json(stockDetailSchema));
  }

  /** PUT /stock/{code}: defines a stock item or changes what it is (its level stays). */
  async putStockItem(code: string, body: z.input<typeof stockItemInputSchema>, options: RequestOptions = {}): Promise<StockItemView> {
    return this.#exchange(jsonExchange("PUT", `/stock/${encodeURIComponent(code)}`, body), options, this.#json(stockItemSchema));
  }

  /** POST /stock/{code}/movements: stock received at the print house, or its shelf counted. */
  async recordStockMovement(code: string, body: z.input<typeof stockMovementInputSchema>, options: RequestOptions = {}): Promise<StockItemView> {
    return this.#exchange(jsonExchange("POST", `/stock/${encodeURIComponent(code)}/movements`, body), options, this.#json(stockItemSchema));
  }

  /** POST /jobs/{jobid}/address: the debtor's corrected address; a letter the post returned goes again to it. */
  async correctAddress(jobid: number, body: AddressCorrection, options: RequestOptions = {}): Promise<z.output<typeof addressCorrectedSchema>> {
    return this.#exchange(jsonExchange("POST", `/jobs/${jobid}/address`, body), options, this.#json(addressCorrectedSchema));
  }

  /** GET /jobs/{jobid}/onlinelink or /paylink: the debtor's own page of the case. */
  async debtorLink(jobid: number, kind: "online" | "pay", options: RequestOptions = {}): Promise<DebtorLinkAnswer> {
    const path = `/jobs/${jobid}/${kind === "online" ? "onlinelink" : "paylink"}`;
    return this.#exchange({ method: "GET", path, accept: "application/json" }, options, this.#json(debtorLinkSchema));
  }

  /* ---------- a person's decisions about a case ---------- */

  /**
   * POST /jobs/{jobid}/status: hold, release, dispute, resolve-dispute, terminate, legal, enforcement, creditloss,
   * approve and discard (drafts), reschedule, restructuring, bankruptcy, end-proceedings, postcollection.
   */
  async actOnCase(jobid: number, body: CaseActionRequestBody, options: RequestOptions = {}): Promise<CaseActionResult> {
    return this.#exchange(jsonExchange("POST", `/jobs/${jobid}/status`, body), options, this.#json(caseActionResultSchema));
  }

  /** PATCH /jobs/{jobid}/duedate: moves the current due date (today or later). */
  async moveDueDate(jobid: number, body: DueDateRequestBody, options: RequestOptions = {}): Promise<DueDateResult> {
    return this.#exchange(jsonExchange("PATCH", `/jobs/${jobid}/duedate`, body), options, this.#json(dueDateResultSchema));
  }

  /** POST /creditnotes/allocations: a credit note's money to a debit invoice of the profile. */
  async allocateCreditNote(body: z.input<typeof creditAllocationRequestSchema>, options: RequestOptions = {}): Promise<CreditAllocationResult> {
    return this.#exchange(jsonExchange("POST", "/creditnotes/allocations", body), options, this.#json(allocationResultSchema));
  }

  /** POST /payments/bypass: a payment the principal received directly, or capital it no longer claims. */
  async reportBypass(body: BypassRequestBody, options: RequestOptions = {}): Promise<BypassResult> {
    return this.#exchange(jsonExchange("POST", "/payments/bypass", body), options, this.#json(bypassResultSchema));
  }

  /* ---------- events ---------- */

  /** GET /events/receiver: where the profile's status events go, or null when it has no receiver. */
  async getReceiver(options: RequestOptions = {}): Promise<ReceiverView | null> {
    return this.#exchange({ method: "GET", path: "/events/receiver", accept: "application/json" }, options, this.#jsonOrNull(receiverViewSchema));
  }

  /** PUT /events/receiver: sets the receiver and its credentials (created or replaced). */
  async putReceiver(body: ReceiverRequestBody, options: RequestOptions = {}): Promise<ReceiverView> {
    return this.#exchange(jsonExchange("PUT", "/events/receiver", body), options, this.#json(receiverViewSchema));
  }

  /** DELETE /events/receiver: true when there was one to remove. */
  async deleteReceiver(options: RequestOptions = {}): Promise<boolean> {
    return this.#exchange({ method: "DELETE", path: "/events/receiver", accept: "application/problem+json" }, options, this.#removed());
  }

  /** GET /einvoice/receiverproposals: consumers' e-invoice receiving proposals and cancellations, oldest first; pass next_cursor on. */
  async receiverProposals(
    query: Omit<z.input<typeof receiverProposalQuerySchema>, "limit"> & { limit?: number } = {},
    options: RequestOptions = {},
  ): Promise<{ proposals: ReceiverProposalView[]; next_cursor: string | null }> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    return this.#exchange(
      { method: "GET", path: "/einvoice/receiverproposals", query: params, accept: "application/json" },
      options,
      this.#json(receiverProposalPageSchema),
    );
  }

  /** GET /events: status messages after a cursor; pass the answer's `next_cursor` as the next cursor, and ask again at once while `more`. */
  async pollEvents(query: PollEventsQuery = {}, options: RequestOptions = {}): Promise<PolledEvents> {
    const params = new URLSearchParams();
    // `after`, which every version of the service accepts (cursor is its newer name).
    if (query.cursor !== undefined) params.set("after", query.cursor);
    if (query.limit !== undefined) params.set("limit", String(query.limit));
    if (query.types !== undefined && query.types.length > 0) params.set("types", query.types.join(","));
    return this.#exchange({ method: "GET", path: "/events", query: params, accept: "application/json" }, options, this.#json(polledEventsSchema));
  }

  /* ---------- testing (test environments only) ---------- */

  async #getClock(options: RequestOptions = {}): Promise<TestClock> {
    return this.#exchange({ method: "GET", path: "/testing/clock", accept: "application/json" }, options, this.#jsonObject<TestClock>());
  }

  async #advanceClock(advance: ClockAdvanceInput, options: RequestOptions = {}): Promise<TestClockAdvance> {
    const body = { advance: "days" in advance ? { days: advance.days } : advance.duration };
    return this.#exchange(jsonExchange("POST", "/testing/clock", body), options, this.#jsonObject<TestClockAdvance>());
  }

  async #simulatePayment(body: SimulatedPaymentRequestBody, options: RequestOptions = {}): Promise<SimulatedPayment> {
    return this.#exchange(jsonExchange("POST", "/testing/payments", body), options, this.#jsonObject<SimulatedPayment>());
  }

  /* ---------- the exchange ---------- */

  #json<T extends z.ZodType>(schema: T) {
    return async (response: Response, site: CallSite): Promise<z.output<T>> =>
      response.ok ? readJson(response, site, schema) : Promise.reject(await errorOf(response, site));
  }

  /** A read of something that may not exist: 404 is null, not an error. */
  #jsonOrNull<T extends z.ZodType>(schema: T) {
    const read = this.#json(schema);
    return async (response: Response, site: CallSite): Promise<z.output<T> | null> => {
      if (response.status !== 404) return read(response, site);
      await response.body?.cancel();
      return null;
    };
  }

  /** A DELETE: true when there was one to remove, false on 404. */
  #removed() {
    return async (response: Response, site: CallSite): Promise<boolean> => {
      if (response.status !== 404 && !response.ok) throw await errorOf(response, site);
      await response.body?.cancel();
      return response.status !== 404;
    };
  }

  #jsonObject<T>() {
    return async (response: Response, site: CallSite): Promise<T> =>
      response.ok ? readJsonObject<T>(response, site) : Promise.reject(await errorOf(response, site));
  }

  async #jobsAnswer(response: Response, site: CallSite, expected: number | null): Promise<JobsResponse> {
    // 422 with a result record means "none accepted"; 422 with problem details is a refused request (a reused key).
    if (!response.ok && !(response.status === 422 && !isProblemAnswer(response))) throw await errorOf(response, site);
    const answer = await readJson(response, site, jobsResponseSchema);
    if (expected !== null && answer.result.length !== expected) {
      throw unexpectedAnswer(site, response.status, `The answer has ${answer.result.length} result records for ${expected} jobs.`);
    }
    if (response.headers.get("idempotent-replayed") === "true") replayedAnswers.add(answer);
    return answer;
  }

  #tooLarge(site: CallSite, detail: string): ServiceRequestError {
    return new ServiceRequestError({
      ...site,
      status: 413,
      problem: { type: CLIENT_PROBLEM_TYPES.tooLarge, title: "Too large to send", status: 413, detail: `${detail} Nothing was sent.` },
    });
  }

  #url(path: string, query?: URLSearchParams): string {
    const search = query && query.size > 0 ? `?${query.toString()}` : "";
    return `${this.baseUrl}${path}${search}`;
  }

  /** A failure of fetch itself (no answer) as a ServiceRequestError; the caller's own abort stays as it is. */
  #transportError(error: unknown, site: CallSite, timeout: AbortSignal, timeoutMs: number, callerSignal?: AbortSignal): unknown {
    if (error instanceof ServiceRequestError || !isTransportFailure(error)) return error;
    if (callerSignal?.aborted) return callerSignal.reason;
    if (timeout.aborted) {
      return new ServiceRequestError({
        ...site,
        status: 0,
        problem: {
          type: CLIENT_PROBLEM_TYPES.timeout,
          title: "The service did not answer in time",
          status: 0,
          detail: `No answer from ${this.baseUrl} within ${timeoutMs / 1000} s.`,
        },
        noAnswer: { address: this.baseUrl, timeoutSeconds: timeoutMs / 1000 },
        cause: error,
      });
    }
    return new ServiceRequestError({
      ...site,
      status: 0,
      problem: {
        type: CLIENT_PROBLEM_TYPES.unreachable,
        title: "The service could not be reached",
        status: 0,
        detail: `Could not reach ${this.baseUrl} (${causeCode(error)}).`,
      },
      noAnswer: { address: this.baseUrl, cause: causeCode(error) },
      cause: error,
    });
  }

  #token(): Promise<string> {
    this.#fingerprint ??= apicodeFingerprint(this.#apicode);
    return this.#fingerprint.then((fingerprint) => cachedToken(this.#tokenKey, fingerprint, () => this.#issueToken()));
  }

  /** POST /token. Shared by every caller waiting for it, so it runs on the client's timeout, never a caller's signal. */
  async #issueToken(): Promise<string> {
    const site = { method: "POST", path: "/token" };
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await this.#fetch(this.#url("/token"), {
        method: "POST",
        headers: { "User-Agent": this.#userAgent, Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ cid: this.cid, apicode: this.#apicode }),
        signal: timeout,
        redirect: "manual",
        cache: "no-store",
      });
      if (!response.ok) throw await tokenErrorOf(response, site, this.cid);
      return (await readJson(response, site, tokenResponseSchema)).token;
    } catch (error) {
      throw this.#transportError(error, site, timeout, this.#timeoutMs);
    }
  }

  #send(exchange: Exchange, token: string, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { "User-Agent": this.#userAgent, Accept: exchange.accept, Authorization: `Bearer ${token}` };
    if (exchange.contentType) headers["Content-Type"] = exchange.contentType;
    if (exchange.idempotencyKey) headers["Idempotency-Key"] = exchange.idempotencyKey;
    return this.#fetch(this.#url(exchange.path, exchange.query), {
      method: exchange.method,
      headers,
      body: exchange.body as BodyInit | undefined,
      signal,
      // A redirected POST would come back as a GET; better an error that names the status.
      redirect: "manual",
      cache: "no-store",
    });
  }

  async #exchange<T>(exchange: Exchange, options: RequestOptions, read: (response: Response, site: CallSite) => Promise<T>): Promise<T> {
    const site = { method: exchange.method, path: exchange.path };
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      let token = await unlessAborted(this.#token(), signal);
      let response = await this.#send(exchange, token, signal);
      if (response.status === 401) {
        await response.body?.cancel();
        dropToken(this.#tokenKey, token);
        token = await unlessAborted(this.#token(), signal);
        response = await this.#send(exchange, token, signal);
      }
      return await read(response, site);
    } catch (error) {
      throw this.#transportError(error, site, timeout, timeoutMs, options.signal);
    }
  }
}
