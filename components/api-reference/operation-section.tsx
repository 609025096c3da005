import { Markdown } from "./markdown";
import type { JsonSchema, OperationEntry } from "./schema-types";
import { TypeLabel } from "./type-label";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-blue-100 text-blue-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

interface Content {
  schema?: JsonSchema;
}

function ContentList({ content }: { content?: Record<string, Content> }) {
  if (!content) return null;
  return (
    <ul className="mt-1 space-y-1">
      {Object.entries(content).map(([type, entry]) => (
        <li key={type} className="text-sm">
          <span className="font-mono text-xs text-slate-500">{type}</span> {entry.schema ? <TypeLabel schema={entry.schema} /> : null}
          {entry.schema?.description && !entry.schema.$ref ? <span className="text-slate-600"> — {entry.schema.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function OperationSection({ entry }: { entry: OperationEntry }) {
  const op = entry.operation as {
    parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
    requestBody?: { content?: Record<string, Content> };
    responses?: Record<string, { description?: string; content?: Record<string, Content> }>;
    security?: unknown[];
  };
  return (
    <section
      id={`operation-${entry.id}`}
      aria-labelledby={`operation-${entry.id}-title`}
      className="scroll-mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={`operation-${entry.id}-title`} className="flex flex-wrap items-center gap-3 text-lg font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_COLOURS[entry.method] ?? "bg-slate-100"}`}>{entry.method}</span>
        <code className="font-mono text-base">{entry.path}</code>
        <span className="text-slate-600">{entry.summary}</span>
      </h3>
      {op.security && op.security.length === 0 && <p className="mt-2 text-xs text-slate-500">No authentication.</p>}
      {entry.description && (
        <div className="mt-4">
          <Markdown>{entry.description}</Markdown>
        </div>
      )}
      {op.parameters && op.parameters.length > 0 && (
        <div className="mt-5">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {op.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code className="font-mono text-xs">{parameter.name}</code>{" "}
                <span className="text-slate-500">
                  ({parameter.in}
                  {parameter.required ? ", required" : ""})
                </span>{" "}
                {parameter.description}
              </li>
            ))}
          </ul>
        </div>
      )}
      {op.requestBody && (
        <div className="mt-5">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Request body</h4>
          <ContentList content={op.requestBody.content} />
        </div>
      )}
      {op.responses && (
        <div className="mt-5">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Responses</h4>
          <dl className="mt-1 space-y-2">
            {Object.entries(op.responses).map(([status, response]) => (
              <div key={status}>
                <dt className="font-mono text-sm font-semibold">{status}</dt>
                <dd className="ml-4 text-sm text-slate-700">
                  {response.description}
                  <ContentList content={response.content} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}
