import Link from "next/link";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { DEFAULT_DIRECTION, type FilterField, type ParsedCaseListParams } from "@/lib/portal/cases/case-list-params";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { COUNTRIES, ENVIRONMENT_IDS } from "@/lib/spec/environments";

/*
 * The list's filters as a plain GET form: submitting it puts the filters in the URL, so the view is
 * a link, and it works before any script has loaded. A value the server could not use is marked on
 * its field with the reason.
 */

const inputClass =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700";

export function CaseFilters({ texts: t, parsed, codes }: { texts: CaseTexts; parsed: ParsedCaseListParams; codes: { code: number; text: string }[] }) {
  const { raw, errors, params } = parsed;
  const field = (
    name: FilterField,
    label: string,
    control: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode,
    hint?: string,
  ) => {
    const id = `filter-${name}`;
    const error = errors[name];
    const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {control({ id, name, ...(error ? { "aria-invalid": true as const } : {}), "aria-describedby": describedBy })}
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-800">
            {t.errors[error]}
          </p>
        ) : null}
      </div>
    );
  };
  const hasErrors = Object.keys(errors).some((name) => name !== "sort" && name !== "dir" && name !== "limit");

  return (
    <form method="get" action="/cases" role="search" aria-labelledby="case-filters-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="case-filters-heading" className="text-base font-semibold">
        {t.filters}
      </h2>
      {hasErrors ? (
        <p role="alert" className="text-sm text-red-800">
          {t.filterErrors}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          {field(
            "q",
            t.search,
            (props) => (
              <input {...props} type="search" defaultValue={raw.q ?? ""} maxLength={100} className={inputClass} />
            ),
            t.searchHint,
          )}
        </div>
        {field("code", t.code, (props) => (
          <select {...props} defaultValue={params.code === undefined ? "" : String(params.code)} className={inputClass}>
            <option value="">{t.any}</option>
            {codes.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.code} – {choice.text}
              </option>
            ))}
          </select>
        ))}
        {field("jobtype", t.jobtype, (props) => (
          <select {...props} defaultValue={params.jobtype === undefined ? "" : String(params.jobtype)} className={inputClass}>
            <option value="">{t.any}</option>
            {Object.entries(t.jobtypes).map(([code, text]) => (
              <option key={code} value={code}>
                {text}
              </option>
            ))}
          </select>
        ))}
        {field("country", t.country, (props) => (
          <select {...props} defaultValue={params.country ?? ""} className={inputClass}>
            <option value="">{t.any}</option>
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t.countries[country]}
              </option>
            ))}
          </select>
        ))}
        {field("environment", t.environment, (props) => (
          <select {...props} defaultValue={params.environment ?? ""} className={inputClass}>
            <option value="">{t.any}</option>
            {ENVIRONMENT_IDS.map((environment) => (
              <option key={environment} value={environment}>
                {environment}
              </option>
            ))}
          </select>
        ))}
        {field("dueFrom", t.dueFrom, (props) => (
          <input {...props} type="date" defaultValue={params.dueFrom ?? ""} className={inputClass} />
        ))}
        {field("dueTo", t.dueTo, (props) => (
          <input {...props} type="date" defaultValue={params.dueTo ?? ""} className={inputClass} />
        ))}
        {field(
          "amountMin",
          t.amountMin,
          (props) => (
            <input {...props} type="text" inputMode="decimal" autoComplete="off" defaultValue={raw.amountMin ?? ""} className={inputClass} />
          ),
          t.amountHint,
        )}
        {field(
          "amountMax",
          t.amountMax,
          (props) => (
            <input {...props} type="text" inputMode="decimal" autoComplete="off" defaultValue={raw.amountMax ?? ""} className={inputClass} />
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
        <Link href="/cases" className="text-sm text-blue-800 underline focus-visible:outline-2 focus-visible:outline-blue-700">
          {t.clear}
        </Link>
      </div>
    </form>
  );
}
