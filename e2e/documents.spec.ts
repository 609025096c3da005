import path from "node:path";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/*
 * One invoice per country, through local print on the running server, drawn with pdf.js in Chromium
 * and compared with its golden image. Loosely: a slightly different anti-aliasing passes, a moved
 * field or a missing payment part does not.
 */

const PDFJS = path.join(process.cwd(), "node_modules", "pdfjs-dist", "legacy", "build");

const COUNTRIES = {
  fin: { person: "Maija Meikäläinen", address: "Esimerkkikatu 1", postcode: "00100", city: "Helsinki", billcode: "12345672", language: "fin" },
  swe: { person: "Åsa Öberg", address: "Storgatan 5", postcode: "111 22", city: "Stockholm", billcode: "1234567897", language: "swe" },
  nor: { person: "Øyvind Ødegård", address: "Storgata 5", postcode: "0155", city: "Oslo", billcode: "00100008", language: "nor" },
} as const;

async function token(request: APIRequestContext, country: string) {
  const response = await request.post(`/${country}-test/rest/token`, { data: { cid: `demo-${country}`, apicode: `demo-${country}-apicode` } });
  return ((await response.json()) as { token: string }).token;
}

async function drawPdf(page: Page, pdf: Buffer) {
  await page.route("**/pdfjs/*", (route) =>
    route.fulfill({ path: path.join(PDFJS, path.basename(new URL(route.request().url()).pathname)), contentType: "text/javascript" }),
  );
  await page.setViewportSize({ width: 900, height: 1300 });
  // A document of the app's origin, which pdf.js is loaded from: the OpenAPI JSON, which no script
  // renders, so that no hydration (late under a busy dev server) puts a page back over the canvas.
  await page.goto("/rest/openapi.json");
  await page.evaluate(async (base64) => {
    const pdfjs = await import(`${location.origin}/pdfjs/pdf.mjs`);
    pdfjs.GlobalWorkerOptions.workerSrc = `${location.origin}/pdfjs/pdf.worker.mjs`;
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const document = await pdfjs.getDocument({ data }).promise;
    const first = await document.getPage(1);
    const viewport = first.getViewport({ scale: 1.4 });
    const canvas = Object.assign(window.document.createElement("canvas"), { width: viewport.width, height: viewport.height, id: "page" });
    window.document.body.replaceChildren(canvas);
    await first.render({ canvasContext: canvas.getContext("2d")!, viewport }).promise;
    // The debtor link's box (119–190 mm across, 23.5–42.5 mm down): its address and QR code hold
    // the job id and an HMAC under the run's own data key, different on every run; the unit tests
    // read them (render-invoice-pdf.test.ts), the image compares everything around them.
    const scale = (millimetres: number) => ((millimetres * 72) / 25.4) * 1.4;
    const box = canvas.getBoundingClientRect();
    const link = Object.assign(window.document.createElement("div"), { id: "online-link" });
    Object.assign(link.style, {
      position: "absolute",
      left: `${box.left + scale(119)}px`,
      top: `${box.top + scale(23.5)}px`,
      width: `${scale(71)}px`,
      height: `${scale(19)}px`,
    });
    window.document.body.append(link);
  }, pdf.toString("base64"));
}

for (const [country, buyer] of Object.entries(COUNTRIES)) {
  test(`the ${country.toUpperCase()} invoice looks as it should`, async ({ page, request }) => {
    const response = await request.post(`/${country}-test/rest/jobs/localprint`, {
      headers: { authorization: `Bearer ${await token(request, country)}` },
      data: {
        jobtype: "0",
        customertype: "2",
        ...buyer,
        billnum: `GOLDEN-${country.toUpperCase()}`,
        billdate: "2026-11-22",
        paydate: "2026-12-06",
        ourcode: "Golden",
        payrow: [
          { desc: "Consulting", count: "2", amount: "100.00", taxpr: country === "fin" ? "25.5" : "25" },
          { desc: "Book", count: "1", amount: "20.00", taxpr: country === "fin" ? "10" : country === "swe" ? "6" : "15" },
        ],
      },
    });
    expect(response.status()).toBe(201);
    await drawPdf(page, await response.body());
    await expect(page.locator("#page")).toHaveScreenshot(`${country}-invoice.png`, { maxDiffPixelRatio: 0.005, mask: [page.locator("#online-link")] });
  });
}
