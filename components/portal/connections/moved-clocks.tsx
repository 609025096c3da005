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
    <div role="note" data-testid="moved-clocks" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{text}</p>
      <ul className="list-disc pl-5">
        {shown.map((connection) => {
          const today = moved.get(connection.id)!;
          return (
            <li key={connection.id}>
              {connection.label} ({connection.environment.id}): {formatDate(today, locale) ?? today}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
