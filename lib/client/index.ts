/*
 * The typed client of the service's REST interface. The portal reaches a service only through
 * this: `new ServiceClient({ baseUrl, cid, apicode })` per connection.
 */

export {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  isReplayedAnswer,
  ServiceClient,
  type BypassRequestBody,
  type BypassResult,
  type CaseActionRequestBody,
  type CaseActionResult,
  type ClockAdvanceInput,
  type CreateProfileRequestBody,
  type CreateProfileResponse,
  type DueDateRequestBody,
  type DueDateResult,
  type IdempotentOptions,
  type JobEnvelopeMembers,
  type JobLookup,
  type JobsResponse,
  type LocalPrintResult,
  type PolledEvents,
  type PollEventsQuery,
  type PollingType,
  type PostJobsOptions,
  type PostJobsProgress,
  type ReceiverRequestBody,
  type ReceiverView,
  type ApikeyReceiverView,
  type RequestOptions,
  type ServiceClientOptions,
  type SimulatedPayment,
  type SimulatedPaymentRequestBody,
  type TestClock,
  type TestClockAdvance,
} from "./service-client";
export { CLIENT_PROBLEM_TYPES, ServiceRequestError } from "./service-request-error";
export { chunkIdempotencyKey, documentUnits, splitJobs, type JobChunk } from "./split-jobs";
export type { JobResult } from "../spec/jobs";
export type { ProblemDetails } from "../spec/problem-details";
