import { Notice } from "@/components/ui/notice";
import { connectionName } from "@/lib/portal/connections/connection-name";
import type { Connection } from "@/lib/portal/connections/connections";
import { formatDate } from "@/lib/portal/i18n/format-time";
import type { Locale } from "@/lib/portal/i18n/locale";

/** The test environments among `connections` whose clock was moved, each with its own date (movedTestClocks). */
export function MovedClocks({
  connections,
  moved,
  text,
  locale,
}: {
  connections: readonly Connection[];
  moved: ReadonlyMap<string, string>;
  text: string;
  locale: Locale;
}) {
  const shown = connections.filter((connection) => moved.has(connection.id));
  if (shown.length === 0) return null;
  return (
    <Notice
      tone="warning"
      role="note"
      testId="moved-clocks"
      title={text}
      details={shown.map((connection) => {
        const today = moved.get(connection.id)!;
        return `${connectionName(connection)}: ${formatDate(today, locale) ?? today}`;
      })}
    />
  );
}
