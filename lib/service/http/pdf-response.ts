/*
 * A PDF answer with its file name in Content-Disposition, as the specification promises for
 * pdfname: an ASCII fallback and the exact name in RFC 6266 / RFC 8187 form.
 */
export function pdfResponse(
  pdf: Uint8Array,
  filename: string,
  init: { status?: number; disposition?: "inline" | "attachment"; headers?: Record<string, string> } = {},
): Response {
  const ascii =
    filename
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "document.pdf";
  const disposition = `${init.disposition ?? "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
  return new Response(new Uint8Array(pdf), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/pdf", "Content-Disposition": disposition, "Cache-Control": "private, no-store", ...init.headers },
  });
}
