"use client";

import { useEffect, useRef, useState } from "react";

/*
 * The first page of the chosen PDF, drawn by pdf.js onto a canvas in the browser: the clerk sees
 * what goes into the envelope before sending it, without a round trip to the service. pdf.js is
 * loaded only here and only in the browser (it needs the DOM); its worker is a module worker the
 * bundler emits from the package, so nothing is fetched from a CDN and no copy sits in public/.
 * Give it a new key for new bytes: it draws once per mount.
 */

export type PdfOpenResult = { ok: true; pages: number } | { ok: false; reason: "unreadable" | "encrypted" | "failed" };

type PdfJs = typeof import("pdfjs-dist");

let pdfjsPromise: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist").then((pdfjs) => {
    // One worker for the page's lifetime: pdf.js leaves a worker it was given running when a
    // document is destroyed, so choosing another file does not start another.
    pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), { type: "module" });
    return pdfjs;
  });
  return pdfjsPromise;
}

/** CSS width of the drawn page; the canvas has as many device pixels as the screen shows. */
const PAGE_WIDTH = 420;

interface PdfFirstPageProps {
  bytes: Uint8Array;
  label: string;
  loadingText: string;
  failedText: string;
  onOpened: (result: PdfOpenResult) => void;
}

export function PdfFirstPage({ bytes, label, loadingText, failedText, onOpened }: PdfFirstPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"loading" | "rendered" | "failed">("loading");
  const onOpenedRef = useRef(onOpened);
  useEffect(() => {
    onOpenedRef.current = onOpened;
  }, [onOpened]);

  useEffect(() => {
    let cancelled = false;
    let cleanup: (() => void) | null = null;
    (async () => {
      let pdfjs: PdfJs;
      try {
        pdfjs = await loadPdfJs();
      } catch {
        if (!cancelled) {
          setState("failed");
          onOpenedRef.current({ ok: false, reason: "failed" });
        }
        return;
      }
      // pdf.js takes the buffer over (transfers it to the worker): give it a copy.
      const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, stopAtErrors: false });
      cleanup = () => void task.destroy();
      try {
        const document = await task.promise;
        if (cancelled) return;
        const page = await document.getPage(1);
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const unscaled = page.getViewport({ scale: 1 });
        const scale = PAGE_WIDTH / unscaled.width;
        const pixelRatio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${PAGE_WIDTH}px`;
        canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context");
        const render = page.render({ canvasContext: context, viewport });
        cleanup = () => {
          render.cancel();
          void task.destroy();
        };
        await render.promise;
        if (cancelled) return;
        setState("rendered");
        onOpenedRef.current({ ok: true, pages: document.numPages });
      } catch (error) {
        if (cancelled) return;
        const name = (error as { name?: string } | null)?.name;
        setState("failed");
        onOpenedRef.current({ ok: false, reason: name === "PasswordException" ? "encrypted" : name === "InvalidPDFException" ? "unreadable" : "failed" });
      }
    })();
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [bytes]);

  return (
    <figure className="space-y-2" data-testid="pdf-first-page" data-state={state}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        className={`max-w-full rounded border border-slate-300 bg-white shadow-sm ${state === "rendered" ? "" : "hidden"}`}
      />
      {state === "loading" ? (
        <p role="status" className="text-sm text-slate-600">
          {loadingText}
        </p>
      ) : null}
      {state === "failed" ? <p className="text-sm text-slate-700">{failedText}</p> : null}
    </figure>
  );
}
