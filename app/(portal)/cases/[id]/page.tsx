import Link from "next/link";
import { notFound } from "next/navigation";

import { CaseDetail } from "@/components/portal/cases/case-detail";
import { PersonalIdReveals } from "@/components/portal/cases/personal-id-reveals";
import { Notice } from "@/components/ui/notice";
import { textLinkClass } from "@/components/ui/text-link";
import { getDb } from "@/lib/db/client";
import { mayAct } from "@/lib/portal/auth/roles";
import { requireUser } from "@/lib/portal/auth/session";
import { connectionForCase } from "@/lib/portal/cases/case-connection";
import { getCaseDetail } from "@/lib/portal/cases/get-case-detail";
import { listPersonalIdReveals } from "@/lib/portal/cases/reveal-personal-id";
import { hasTestControls } from "@/lib/portal/cases/test-controls";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { clockAheadMs, connectionToday } from "@/lib/portal/connections/form-connections";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import {
  advanceClockAction,
  caseDecisionAction,
  correctAddressAction,
  directPaymentAction,
  allocateCreditAction,
  duplicateInvoiceAction,
  moveDueDateAction,
  resendEInvoiceAction,
  revealPersonalIdAction,
  simulatePaymentAction,
} from "./actions";

export const generateMetadata = () => pageMetadata("case");

export default async function CasePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser("viewer");
  const t = CASE_TEXTS[user.locale];
  const { id } = await params;
  const db = getDb();
  const detail = await getCaseDetail(db, { organizationId: user.organizationId, caseId: id, locale: user.locale });
  if (!detail) notFound();
  // Viewers and production cases get no controls at all; the actions refuse them as well.
  const connection = await connectionForCase(db, { organizationId: user.organizationId, environment: detail.summary.environment, cid: detail.summary.cid });
  const testActions =
    mayAct(user.role, "clerk") && hasTestControls(detail.summary.environment, connection)
      ? { advanceClock: advanceClockAction, simulatePayment: simulatePaymentAction }
      : undefined;
  // The date the case's service counts by: a test profile whose clock was moved is not at today, and
  // everyone reading its case must know, or its due dates and ages read wrong.
  const serviceToday = connection ? await connectionToday(connection) : null;
  // How far the moved clock is ahead of the calendar: an undelivered case's days count on it, as the dashboard of its connection counts them.
  const clockAhead = connection && serviceToday ? clockAheadMs(connection, serviceToday.today) : 0;
  // A clerk's decisions go through the case's connection; without one there is no one to ask.
  const decisions =
    mayAct(user.role, "clerk") && serviceToday
      ? {
          actions: {
            decide: caseDecisionAction,
            moveDueDate: moveDueDateAction,
            recordPayment: directPaymentAction,
            correctAddress: correctAddressAction,
            allocateCredit: allocateCreditAction,
          },
          today: serviceToday.today,
        }
      : undefined;

  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb">
        <Link href="/cases" className={`text-sm ${textLinkClass}`}>
          ← {t.back}
        </Link>
      </nav>
      {serviceToday?.clockMoved ? (
        <Notice tone="warning" role="note" testId="test-environment-date">
          {fillText(t.testEnvironmentDate, { date: formatDate(serviceToday.today, user.locale) ?? serviceToday.today })}
        </Notice>
      ) : null}
      <CaseDetail
        initial={detail}
        texts={t}
        locale={user.locale}
        hasPdf={connection !== null}
        testActions={testActions}
        decisions={decisions}
        resendEInvoice={decisions ? resendEInvoiceAction : undefined}
        clockAheadMs={clockAhead}
        revealPersonalId={mayAct(user.role, "clerk") ? revealPersonalIdAction : undefined}
        duplicateInvoice={mayAct(user.role, "clerk") ? duplicateInvoiceAction : undefined}
      />
      {/* Who was shown this case's personal ids whole: for admins, who answer for the organization's data. */}
      {mayAct(user.role, "admin") ? (
        <PersonalIdReveals
          reveals={await listPersonalIdReveals(db, { organizationId: user.organizationId, caseId: id })}
          texts={t.personalId}
          locale={user.locale}
        />
      ) : null}
    </div>
  );
}
