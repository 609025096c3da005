"use client";

import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

/**
 * A test profile whose clock was moved (POST /testing/clock) is not at the calendar's date: said
 * under the connection's choice on every form that posts through it, so what is posted is not read
 * against the wrong day. `text` holds `{date}`.
 */
export function TestEnvironmentDate({ connection, text, locale }: { connection: FormConnection | undefined; text: string; locale: Locale }) {
  if (!connection?.clockMoved) return null;
  return (
    <p role="note" data-testid="test-environment-date" className="text-sm text-amber-900">
      {fillText(text, { date: formatDate(connection.today, locale) ?? connection.today })}
    </p>
  );
}
