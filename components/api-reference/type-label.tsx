import { describeType, type JsonSchema } from "./schema-types";

/** A schema's type as text with links to the component schemas it names. */
export function TypeLabel({ schema }: { schema: JsonSchema }) {
  const { parts, nullable, values } = describeType(schema);
  return (
    <span className="font-mono text-xs text-slate-800">
      {parts.map((part, index) => (
        <span key={`${part.label}-${index}`}>
          {index > 0 && " or "}
          {part.ref ? (
            <a className="text-blue-700 underline underline-offset-2" href={`#schema-${part.ref}`}>
              {part.label}
            </a>
          ) : (
            part.label
          )}
        </span>
      ))}
      {nullable && <span className="text-slate-500"> · nullable</span>}
      {values.length > 0 && values.length <= 20 && (
        <span className="block text-slate-500">one of {values.map((value) => JSON.stringify(value)).join(", ")}</span>
      )}
    </span>
  );
}
