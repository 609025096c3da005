import { ColumnHeader, DataCell, DataRow, Table, TableHead } from "@/components/ui/table";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { listMemberLabel, memberLabel } from "@/lib/portal/forms/field-words";
import type { Locale } from "@/lib/portal/i18n/locale";

import { PersonalIdValue, type RevealPersonalId } from "./personal-id-value";

/*
 * The job as the portal posted it, for a person: each member under its form label, and the rows
 * (invoice rows, accounting rows, properties, attachments) as tables. Personal ids arrive masked
 * (lib/portal/cases/get-case-detail.ts); a clerk or an admin may ask for one whole (personal-id-value.tsx).
 */

/** What shows a personal id: the case it belongs to, and the server action that reveals it when the user's role may. */
interface PersonalIds {
  caseId: string;
  reveal?: RevealPersonalId;
  texts: CaseTexts["personalId"];
}

type Value = unknown;

const isRecord = (value: Value): value is Record<string, Value> => typeof value === "object" && value !== null && !Array.isArray(value);

function scalar(value: Value): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function RowsTable({ name, rows, locale, personalIds }: { name: string; rows: Record<string, Value>[]; locale: Locale; personalIds: PersonalIds }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const inRow = name === "payrow" || name === "accountrow";
  return (
    <Table caption={memberLabel(name, locale)} captionShown compact>
      <TableHead>
        {columns.map((column) => (
          <ColumnHeader key={column} compact>
            {memberLabel(column, locale, inRow)}
          </ColumnHeader>
        ))}
      </TableHead>
      <tbody>
        {rows.map((row, index) => (
          <DataRow key={index}>
            {columns.map((column) => (
              <DataCell key={column} compact layout="break-words">
                {name === "addaddress" && column === "govid" && typeof row[column] === "string" && row[column] !== "" ? (
                  <PersonalIdValue
                    masked={row[column]}
                    member={`addaddress.${index}.govid`}
                    label={listMemberLabel(`addaddress.${index}.govid`, locale)}
                    {...personalIds}
                  />
                ) : (
                  scalar(row[column])
                )}
              </DataCell>
            ))}
          </DataRow>
        ))}
      </tbody>
    </Table>
  );
}

export function PostedData({ job, locale, personalIds }: { job: Record<string, Value>; locale: Locale; personalIds: PersonalIds }) {
  const entries = Object.entries(job).filter(([, value]) => value !== null && value !== undefined && value !== "");
  const plain = entries.filter(([, value]) => !Array.isArray(value) && !isRecord(value));
  const nested = entries.filter(([, value]) => Array.isArray(value) || isRecord(value));
  return (
    <div className="space-y-3 rounded border border-slate-200 bg-white p-3">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {plain.map(([key, value]) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{memberLabel(key, locale)}</dt>
            <dd className="break-words">
              {key === "govid" && typeof value === "string" ? (
                <PersonalIdValue masked={value} member="govid" label={memberLabel(key, locale)} {...personalIds} />
              ) : (
                scalar(value)
              )}
            </dd>
          </div>
        ))}
      </dl>
      {nested.map(([key, value]) =>
        Array.isArray(value) ? (
          <RowsTable key={key} name={key} rows={value.map((row) => (isRecord(row) ? row : { value: row }))} locale={locale} personalIds={personalIds} />
        ) : (
          <RowsTable key={key} name={key} rows={[value as Record<string, Value>]} locale={locale} personalIds={personalIds} />
        ),
      )}
    </div>
  );
}
