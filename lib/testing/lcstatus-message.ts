/**
 * An lcstatus message as the service sends one to the portal's events receiver: an invoice of
 * 124.50 due 6 December 2026, at `code` (100, invoiced, unless given), with `extra` over it.
 */
export function lcstatusMessage(cid: string, jobid: number, code: number = 100, extra: Record<string, unknown> = {}) {
  return {
    cid,
    jobid,
    invoicenumber: `INV-${jobid}`,
    documentid: `own-${jobid}`,
    code,
    status: "Invoice",
    time: "2026-11-22T08:00:00.000Z",
    paydate: "2026-12-06",
    currentpaydate: "2026-12-06",
    opencapital: 124.5,
    interest: 0,
    expenses: 0,
    ...extra,
  };
}
