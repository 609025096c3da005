/**
 * The media type a Content-Type header names, lowercased and without its parameters (RFC 9110
 * §8.3.1: "text/html; charset=utf-8" is text/html); empty when there is no header. The service's
 * routes, the typed client's answers and the portal's receivers all decide by it.
 */
export function mediaTypeOf(headers: Headers): string {
  return (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}
