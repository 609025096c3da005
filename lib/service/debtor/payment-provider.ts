import type { Environment } from "../../spec/environments";

/*
 * The payment provider behind the pay page: the service hands the debtor over to it with the amount
 * and the case's reference, and books the payment when the provider confirms it. A real provider
 * (a Finnish payment-button or card acquirer, Swish, Vipps) is an adapter of this shape: `begin`
 * creates the payment at the provider and answers the address the debtor is sent to; the provider's
 * confirmation reaches the service (its callback or webhook, verified by the adapter by the
 * provider's own signature) and becomes completeOnlinePayment(paymentId, "paid" | "cancelled").
 *
 * Test environments pay through `simulated`, which behaves as a provider would (its own page, a
 * confirmation that books the payment once, a cancel that books nothing) and is deterministic. A
 * production environment has no provider until one is configured: its pay page shows the bank
 * transfer details alone, and beginning an online payment answers a problem saying so.
 */

interface OnlinePaymentRequest {
  paymentId: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  reference: string | null;
  /** The debtor's page of the case: where the provider sends the debtor back. */
  returnUrl: string;
}

interface PaymentProvider {
  readonly name: string;
  begin(payment: OnlinePaymentRequest): Promise<{ redirectUrl: string }>;
}

/** The test environments' provider: its "bank" is a page of the service's own (/d/{token}/pay/{paymentId}). */
const simulatedProvider: PaymentProvider = {
  name: "simulated",
  async begin(payment) {
    return { redirectUrl: `${payment.returnUrl}/pay/${payment.paymentId}` };
  },
};

/** Providers configured for production environments, by environment id; none so far. */
const PRODUCTION_PROVIDERS: Partial<Record<string, PaymentProvider>> = {};

export function providerFor(environment: Pick<Environment, "id" | "isTest">): PaymentProvider | null {
  if (environment.isTest) return simulatedProvider;
  return PRODUCTION_PROVIDERS[environment.id] ?? null;
}
