import Link from "next/link";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Field, type FieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { textLinkClass } from "@/components/ui/text-link";
import { DEFAULT_DIRECTION, paramErrorMessage, type FilterField, type ParsedCaseListParams } from "@/lib/portal/cases/case-list-params";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { DELIVERY_FILTERS, LONG_UNDELIVERED_DAYS } from "@/lib/portal/cases/undelivered";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";
import { COUNTRIES, ENVIRONMENT_IDS } from "@/lib/spec/environments";

/*
 * The list's filters as a plain GET form: submitting it puts the filters in the URL, so the view is
 * a link, and it works before any script has loaded. A value the server could not use is marked on
 * its field with the reason.
 */

export function CaseFilters({
  texts: t,
  locale,
  parsed,
  codes,
  connections,
}: {
  texts: CaseTexts;
  locale: Locale;
  parsed: ParsedCaseListParams;
  codes: { code: number; text: string }[];
  /** The organization's connections, by id and the name the portal gives them. */
  connections: { id: string; name: string }[];
}) {
  const { raw, errors, params } = parsed;
  const field = (name: FilterField, label: string, control: (props: FieldAria & { name: string }) => ReactNode, hint?: string) => {
    const id = `filter-${name}`;
    const error = errors[name];
    return (
      <Field id={id} label={label} hint={hint} error={error ? messageText(paramErrorMessage(error), locale) : undefined}>
        {(aria) => control({ ...aria, name })}
      </Field>
    );
  };
  const hasErrors = Object.keys(errors).some((name) => name !== "sort" && name !== "dir" && name !== "limit");

  return (
    <form method="get" action="/cases" role="search" aria-labelledby="case-filters-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="case-filters-heading" className="text-base font-semibold">
        {t.filters}
      </h2>
      {hasErrors ? <Notice tone="error">{t.filterErrors}</Notice> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          {field(
            "q",
            t.search,
            (props) => (
              <Input {...props} type="search" defaultValue={raw.q ?? ""} maxLength={100} />
            ),
            t.searchHint,
          )}
        </div>
        {field("code", t.code, (props) => (
          <Select {...props} defaultValue={params.code === undefined ? "" : String(params.code)}>
            <option value="">{t.any}</option>
            {codes.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.code} – {choice.text}
              </option>
            ))}
          </Select>
        ))}
        {field("jobtype", t.jobtype, (props) => (
          <Select {...props} defaultValue={params.jobtype === undefined ? "" : String(params.jobtype)}>
            <option value="">{t.any}</option>
            {Object.entries(t.jobtypes).map(([code, text]) => (
              <option key={code} value={code}>
                {text}
              </option>
            ))}
          </Select>
        ))}
        {field("country", t.country, (props) => (
          <Select {...props} defaultValue={params.country ?? ""}>
            <option value="">{t.any}</option>
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t.countries[country]}
              </option>
            ))}
          </Select>
        ))}
        {field("environment", t.environment, (props) => (
          <Select {...props} defaultValue={params.environment ?? ""}>
            <option value="">{t.any}</option>
            {ENVIRONMENT_IDS.map((environment) => (
              <option key={environment} value={environment}>
                {environment}
              </option>
            ))}
          </Select>
        ))}
        {field("connection", t.connection, (props) => (
          <Select {...props} defaultValue={raw.connection ?? ""}>
            <option value="">{t.any}</option>
            {connections.map((connection) => (
              <option key={connection.id} value={connection.id}>
                {connection.name}
              </option>
            ))}
            {/* A link's connection that is not the organization's stays chosen, so its error is read beside it. */}
            {raw.connection && !connections.some((connection) => connection.id === raw.connection) ? (
              <option value={raw.connection}>{raw.connection}</option>
            ) : null}
          </Select>
        ))}
        {field("delivery", t.undelivered.filter, (props) => (
          <Select {...props} defaultValue={params.delivery ?? ""}>
            <option value="">{t.any}</option>
            {DELIVERY_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {fillText(t.undelivered.filters[filter] ?? filter, { days: LONG_UNDELIVERED_DAYS })}
              </option>
            ))}
          </Select>
        ))}
        {field("dueFrom", t.dueFrom, (props) => (
          <Input {...props} type="date" defaultValue={params.dueFrom ?? ""} />
        ))}
        {field("dueTo", t.dueTo, (props) => (
          <Input {...props} type="date" defaultValue={params.dueTo ?? ""} />
        ))}
        {field(
          "amountMin",
          t.amountMin,
          (props) => (
            <Input {...props} type="text" inputMode="decimal" autoComplete="off" defaultValue={raw.amountMin ?? ""} />
          ),
          t.amountHint,
        )}
        {field(
          "amountMax",
          t.amountMax,
          (props) => (
            <Input {...props} type="text" inputMode="decimal" autoComplete="off" defaultValue={raw.amountMax ?? ""} />
          ),
          t.amountHint,
        )}
      </div>
      {/* The chosen order stays when the filters change. */}
      {params.sort !== "updated" ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {params.dir !== DEFAULT_DIRECTION[params.sort] ? <input type="hidden" name="dir" value={params.dir} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary">
          {t.apply}
        </Button>
        <Link href="/cases" className={`text-sm ${textLinkClass}`}>
          {t.clear}
        </Link>
      </div>
    </form>
  );
}
