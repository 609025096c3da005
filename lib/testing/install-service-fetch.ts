import * as jobsRoute from "@/app/rest/jobs/route";
import * as tokenRoute from "@/app/rest/token/route";

/*
 * Test support: a global fetch that hands requests for SERVICE_ORIGIN to the service's own route
 * handlers, as the embedded service's server would, so the portal's real client reaches a real
 * service and database without a port. `failJobsRequest` makes the n-th POST /jobs (1-based) answer
 * 503, to see a split post break off half-way.
 */

export const SERVICE_ORIGIN = "http://embedded-service.test";

export interface ServiceFetch {
  failJobsRequest: number | null;
  jobsRequests: number;
  restore(): void;
}

export function installServiceFetch(): ServiceFetch {
  const realFetch = globalThis.fetch;
  const state: ServiceFetch = {
    failJobsRequest: null,
    jobsRequests: 0,
    restore: () => {
      globalThis.fetch = realFetch;
    },
  };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== SERVICE_ORIGIN) return realFetch(input, init);
    const path = url.pathname.replace(/^\/[a-z]{3}-[a-z]{4}\/rest/, "");
    if (path === "/token") return tokenRoute.POST(request);
    if (path === "/jobs") {
      state.jobsRequests++;
      if (state.failJobsRequest !== null && state.jobsRequests === state.failJobsRequest) {
        return Response.json(
          { type: "about:blank", title: "Service Unavailable", status: 503, detail: "Down for a moment." },
          { status: 503, headers: { "content-type": "application/problem+json" } },
        );
      }
      return jobsRoute.POST(request);
    }
    return Response.json({ type: "about:blank", title: "Not Found", status: 404 }, { status: 404, headers: { "content-type": "application/problem+json" } });
  }) as typeof fetch;
  return state;
}
