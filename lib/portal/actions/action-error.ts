/*
 * A refusal the portal makes itself, shown to the user as it is, with messages for the fields it
 * concerns. Its own module so that data functions (connections, drafts, uploads) can throw it
 * without importing the server-action machinery, next-auth and Next.js with it: the background
 * thread runs some of them.
 */

export type FieldErrors = Record<string, string>;

export class ActionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}
