import { NextResponse, type NextRequest } from "next/server";

import { isCrossOriginAction } from "./lib/portal/http/cross-origin-action";

/*
 * Runs before the routes for requests that call a server action only (see config): a call from
 * another origin is answered 403, where Next.js would throw and answer 500.
 */

export function proxy(request: NextRequest) {
  if (isCrossOriginAction(request.headers)) {
    return new NextResponse("Forbidden: server actions are called only from this site's own pages.", {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  return NextResponse.next();
}

export const config = {
  matcher: [{ source: "/:path*", has: [{ type: "header", key: "next-action" }] }],
};
