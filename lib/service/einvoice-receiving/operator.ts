import type { Environment } from "../../spec/environments";
import { ServiceError } from "../errors";

/*
 * The e-invoice operator, seen from what it delivers to the service. Consumers' banks send a
 * biller's receiving proposals and their cancellations (Finvoice ReceiverInfo) through the Finvoice
 * network to the operator that serves the biller, which hands each message on with its SOAP frame
 * (an operator's own channel: a web service, SFTP pickup). An operator connection is outside the
 * service under its own contract; whatever its transport, it hands each message's bytes to
 * receiveFromOperator (receive-receiver-info.ts) and acknowledges the message to the operator once
 * that returned, so a message is never lost and, stored once by its content, never counted twice.
 *
 * Test environments have a simulated operator: POST /testing/einvoice/receiverproposals delivers a
 * message at once, exactly as a connection would, for the calling profile. A production environment
 * has no operator connected yet: GET /einvoice/receiverproposals says so rather than answering an
 * empty list that would look like no consumer ever asked.
 */

export interface EInvoiceOperator {
  /** Named in logs and in what the service answers. */
  readonly name: string;
  readonly simulated: boolean;
}

const simulatedOperator: EInvoiceOperator = { name: "simulated", simulated: true };

/** The operator that delivers an environment's inbound Finvoice messages, or null when none is connected. */
function operatorFor(environment: Environment): EInvoiceOperator | null {
  return environment.isTest ? simulatedOperator : null;
}

/** Receiving proposals are Finnish e-invoicing (Finvoice): other countries have none. */
function requireFinnish(environment: Environment): void {
  if (environment.country !== "FIN") {
    throw new ServiceError(
      "not_found",
      `E-invoice receiving proposals are part of Finnish e-invoicing (Finvoice); ${environment.id} has none. Swedish and Norwegian consumers ` +
        "register for e-invoices with their bank's own service.",
    );
  }
}

/** The environment's operator, or the problem that says none is connected. */
export function requireOperator(environment: Environment): EInvoiceOperator {
  requireFinnish(environment);
  const operator = operatorFor(environment);
  if (!operator) {
    throw new ServiceError(
      "conflict",
      `No e-invoice operator is connected to ${environment.id}, so consumers' receiving proposals cannot reach the service here. The provider ` +
        "connects one; until then the test environment's simulated operator shows the whole flow.",
    );
  }
  return operator;
}
