import type { Prisma } from "../db/client";

/**
 * A case as the portal stores it from its events, whose last send failed: a Finnish test invoice of
 * 100 € due 1 November 2026, with what a test gives it (who, when, and anything it changes).
 */
export function failedCaseRow(
  row: Pick<Prisma.PortalCaseCreateManyInput, "id" | "organizationId" | "cid" | "jobid" | "receiverName" | "lastDeliveryAt"> &
    Partial<Prisma.PortalCaseCreateManyInput>,
): Prisma.PortalCaseCreateManyInput {
  return {
    environment: "fin-test",
    country: "FIN",
    jobtype: 0,
    code: 0,
    currency: "EUR",
    amount: 10_000n,
    openCapital: 10_000n,
    currentPaydate: "2026-11-01",
    deliveryStatus: "error",
    deliveryChannel: "b2c",
    ...row,
  };
}
