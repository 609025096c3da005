import { parseReceiverInfo, ReceiverInfoError, type ReceiverInfoMessage } from "./parse-receiver-info";

/*
 * A receiving proposal parsed on a render pool thread (render-tasks.ts), as every XML from outside
 * is: the thread that answers requests only waits for it. Why a message is refused comes back as a
 * value, since an error's class is lost between threads.
 */

type ReceiverInfoReading = { ok: true; message: ReceiverInfoMessage } | { ok: false; message: string; element: string | null; code: string };

export function readReceiverInfo(bytes: Uint8Array): ReceiverInfoReading {
  try {
    return { ok: true, message: parseReceiverInfo(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    if (error instanceof ReceiverInfoError) return { ok: false, message: error.message, element: error.element, code: error.code };
    throw error;
  }
}
