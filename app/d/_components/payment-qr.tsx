import QRCode from "qrcode";

/**
 * The EPC QR code (the European Payments Council's "SCT" code, read by Nordic and European banking
 * apps) as inline SVG with its 4-module quiet zone; its label says what it is for.
 */
export async function PaymentQr({ payload, label }: { payload: string; label: string }) {
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return (
    <figure className="flex flex-col items-center gap-2">
      {/* The SVG is the qrcode package's own output for our payload: no outside markup. */}
      <div role="img" aria-label={label} className="h-48 w-48 bg-white" dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption className="text-center text-sm text-slate-700">{label}</figcaption>
    </figure>
  );
}
