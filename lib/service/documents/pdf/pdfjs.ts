/*
 * pdf.js for reading PDFs in Node (its legacy build), loaded on first use. That build and its
 * worker, which Node runs in the same thread, replace Array.prototype.push with core-js's, which
 * measures the array on every call: for the rest of the thread's life every push of every array,
 * pdfkit's and fontkit's in the render threads included, became several times slower. The native
 * push is put back once pdf.js and its worker have loaded; core-js's only differs past 2^53
 * elements.
 */

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

const push = Object.getOwnPropertyDescriptor(Array.prototype, "push")!;
const nativePush = /\[native code\]/.test(Function.prototype.toString.call(push.value)) ? push : null;

function restoreNativePush(): void {
  if (nativePush && Array.prototype.push !== nativePush.value) Object.defineProperty(Array.prototype, "push", nativePush);
}

/** Opens a PDF with pdf.js, the native push kept (the caller destroys the document). */
export async function openPdf(bytes: Uint8Array, options: { useSystemFonts?: boolean } = {}) {
  const pdfjs: PdfJs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  restoreNativePush();
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0, ...options }).promise;
  // The worker's module is loaded with the first document.
  restoreNativePush();
  return { pdfjs, pdf };
}
