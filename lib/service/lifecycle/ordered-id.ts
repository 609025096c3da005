import { randomUUID } from "node:crypto";

/*
 * Row ids that sort by creation time (the layout of UUID version 7, RFC 9562): the sweep writes
 * hundreds of thousands of CaseMove and CaseEntry rows, and random ids would scatter each insert
 * across the whole primary-key index, where time-ordered ones append at its end.
 */

let lastMs = 0;
let sequence = 0;

export function orderedId(now: number): string {
  // A counter in the random part keeps ids of one millisecond in order of creation.
  if (now <= lastMs) sequence++;
  else {
    lastMs = now;
    sequence = 0;
  }
  const time = lastMs.toString(16).padStart(12, "0");
  const counter = (sequence & 0xfff).toString(16).padStart(3, "0");
  // randomUUID draws from a buffered pool: its variant and 62 random bits make the tail.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter}${randomUUID().slice(18)}`;
}
