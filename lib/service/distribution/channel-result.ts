/*
 * What sending through a channel came to. A permanent failure (no address, a document the format
 * cannot carry) ends the dispatch at once; a transient one (the mail server did not answer) is
 * tried again later, until the channel's attempts run out.
 */

export interface DeliveryProblem {
  code: string;
  message: string;
  field?: string | null;
}

export type ChannelResult =
  | {
      outcome: "delivered";
      artifact: string;
      description: string;
      notes: string[];
      /** A notice's PDF as it went, kept with the dispatch (SentDocument). */
      sent?: { pdf: Uint8Array; filename: string };
    }
  | { outcome: "failed"; transient: boolean; description: string; errors: DeliveryProblem[] };

export const delivered = (artifact: string, description: string, notes: string[] = []): ChannelResult => ({
  outcome: "delivered",
  artifact,
  description,
  notes,
});

export const failed = (description: string, errors: DeliveryProblem[], transient = false): ChannelResult => ({
  outcome: "failed",
  transient,
  description,
  errors,
});

/** A failure that says which member of the job is missing or wrong. */
export const missing = (field: string, message: string): ChannelResult => failed(message, [{ code: "missing_data", field, message }]);
