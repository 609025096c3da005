import type { JsonSchema } from "./schema-types";
import { TypeLabel } from "./type-label";

/** The members of an object schema: name, type, whether required, meaning. */
export function SchemaTable({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return <p className="text-sm text-slate-600">{schema.description ?? "No members."}</p>;
  const required = new Set(schema.required ?? []);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Member
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Type
            </th>
            <th scope="col" className="py-2 font-semibold">
              Meaning
            </th>
          </tr>
        </thead>
        <tbody>
          {properties.map(([name, property]) => (
            <tr key={name} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4 font-mono text-xs">
                {name}
                {required.has(name) && (
                  <span className="ml-1 text-red-700" title="required">
                    *
                  </span>
                )}
              </td>
              <td className="py-2 pr-4">
                <TypeLabel schema={property} />
              </td>
              <td className="py-2 text-slate-700">
                {property.deprecated && <strong className="mr-1 text-amber-800">Deprecated.</strong>}
                {property.description}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
