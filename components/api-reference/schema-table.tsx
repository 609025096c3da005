import { ColumnHeader, DataCell, DataRow, Table, TableHead } from "@/components/ui/table";

import type { JsonSchema } from "./schema-types";
import { TypeLabel } from "./type-label";

/** The members of an object schema: name, type, whether required, meaning. */
export function SchemaTable({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return <p className="text-sm text-slate-600">{schema.description ?? "No members."}</p>;
  const required = new Set(schema.required ?? []);
  return (
    <Table caption={caption}>
      <TableHead>
        <ColumnHeader>Member</ColumnHeader>
        <ColumnHeader>Type</ColumnHeader>
        <ColumnHeader>Meaning</ColumnHeader>
      </TableHead>
      <tbody>
        {properties.map(([name, property]) => (
          <DataRow key={name}>
            <DataCell mono>
              {name}
              {required.has(name) && (
                <span className="ml-1 text-red-700" title="required">
                  *
                </span>
              )}
            </DataCell>
            <DataCell>
              <TypeLabel schema={property} />
            </DataCell>
            <DataCell>
              {property.deprecated && <strong className="mr-1 text-amber-800">Deprecated.</strong>}
              {property.description}
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </Table>
  );
}
