/*
 * Whether a request calls a server action from another origin. Next.js refuses such a call itself,
 * but by throwing, which answers 500; proxy.ts answers it 403 first. The rule is Next's own
 * (app-render/action-handler.ts): the Origin's host must equal X-Forwarded-Host's first value or
 * Host. A request without Origin is left to Next, which lets it through as same-site browsers
 * that omit the header need; an Origin that is not a URL ("null" from a sandboxed frame) is refused.
 */
export function isCrossOriginAction(headers: Headers): boolean {
  if (!headers.has("next-action")) return false;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const forwardedHost = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return originHost !== forwardedHost && originHost !== headers.get("host");
}
