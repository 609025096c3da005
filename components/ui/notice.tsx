import type { ReactNode } from "react";

/*
 * A box that tells the person something beside the page's content: an error, a success, a note or
 * a warning, one look per tone so a person learns it once. What a screen reader hears follows what
 * the box is for: an error that an action of the person caused interrupts (role="alert"), a
 * success waits its turn (role="status"), a note that is simply part of the page says nothing
 * until read. The tone's usual role comes by itself; `role` says otherwise where a box needs it
 * (a warning that a failed load caused is an alert; a note that appears after an action is a
 * status; a note that qualifies the page's content, such as a test environment's moved date, is a
 * note).
 */

type NoticeTone = "error" | "success" | "info" | "warning";

const TONES: Record<NoticeTone, string> = {
  error: "border-red-300 bg-red-50 text-red-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-blue-200 bg-blue-50 text-blue-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
};

type NoticeRole = "alert" | "status" | "note" | false;

const ROLES: Record<NoticeTone, NoticeRole> = { error: "alert", success: "status", info: false, warning: false };

const SIZES = {
  /** Beside a form or a list. */
  md: "p-3 text-sm",
  /** The whole of a page that could not be shown. */
  page: "space-y-4 p-6",
};

export interface NoticeProps {
  tone: NoticeTone;
  /** Its ARIA role; without it, as its tone usually is (an error alerts, a success is a status, a note is silent). */
  role?: NoticeRole;
  /** Its first line, set in bold: what happened. */
  title?: ReactNode;
  /** What follows the title as a list: the problems one by one. */
  details?: readonly ReactNode[];
  /** The id of the heading inside it, where it has one: it is then a section named by that heading. */
  labelledBy?: string;
  size?: keyof typeof SIZES;
  /** Where controls it speaks of point to it with aria-describedby. */
  id?: string;
  testId?: string;
  children?: ReactNode;
}

export function Notice({ tone, role = ROLES[tone], title, details = [], labelledBy, size = "md", id, testId, children }: NoticeProps) {
  const className = `rounded-md border ${TONES[tone]} ${SIZES[size]}`;
  const content = (
    <>
      {title ? <p className="font-semibold">{title}</p> : null}
      {details.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </>
  );
  return labelledBy ? (
    <section id={id} role={role || undefined} aria-labelledby={labelledBy} className={className} data-testid={testId}>
      {content}
    </section>
  ) : (
    <div id={id} role={role || undefined} className={className} data-testid={testId}>
      {content}
    </div>
  );
}

export interface Outcome {
  ok: boolean;
  message: ReactNode;
  /** A failure's problems one by one: the message is then their title. */
  details?: readonly ReactNode[];
}

/**
 * The line an action leaves beside its form or button: a success in a status region that is on the
 * page before it speaks (a region that appears together with its text is not announced by every
 * screen reader), a failure as an alert, which interrupts. The empty region takes no room.
 */
export function OutcomeNotice({ outcome, testId }: { outcome: Outcome | null; testId?: string }) {
  return (
    <>
      <div role="status" className="empty:absolute">
        {outcome?.ok ? (
          <Notice tone="success" role={false} testId={testId}>
            {outcome.message}
          </Notice>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        outcome.details?.length ? (
          <Notice tone="error" title={outcome.message} details={outcome.details} testId={testId} />
        ) : (
          <Notice tone="error" testId={testId}>
            {outcome.message}
          </Notice>
        )
      ) : null}
    </>
  );
}
