/**
 * Where to go after sign-in: a path of this app, or /cases. Anything a browser could read as
 * another origin ("//host", "/\host", a tab or newline inside) is refused, so sign-in is never an
 * open redirect.
 */
export function safeCallbackPath(callbackUrl: string | undefined): string {
  const fallback = "/cases";
  if (!callbackUrl || !callbackUrl.startsWith("/") || /[\\\u0000-\u001f]/.test(callbackUrl)) return fallback;
  const base = "http://portal.invalid";
  let url: URL;
  try {
    url = new URL(callbackUrl, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
