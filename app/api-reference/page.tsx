import type { Metadata } from "next";

import { Markdown } from "@/components/api-reference/markdown";
import { OperationSection } from "@/components/api-reference/operation-section";
import { SchemaTable } from "@/components/api-reference/schema-table";
import { listOperations, type JsonSchema } from "@/components/api-reference/schema-types";
import { getOpenApiDocument } from "@/lib/spec/openapi";

export const metadata: Metadata = { title: "API reference" };

/** The REST interface's reference, rendered on the server from the OpenAPI document the service serves. */
export default function ApiReferencePage() {
  const document = getOpenApiDocument();
  const operations = listOperations(document as Parameters<typeof listOperations>[0]);
  const tags = [...new Set(operations.flatMap((operation) => operation.tags))];
  const schemas = Object.entries((document.components?.schemas ?? {}) as Record<string, JsonSchema>).sort(([a], [b]) => a.localeCompare(b));
  const servers = document.servers ?? [];

  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8">
      <nav aria-label="API reference contents" className="sticky top-4 hidden h-[calc(100vh-2rem)] w-64 shrink-0 overflow-y-auto text-sm lg:block">
        <p className="mb-2 font-semibold text-slate-500">Operations</p>
        {tags.map((tag) => (
          <div key={tag} className="mb-3">
            <p className="font-medium text-slate-800">{tag}</p>
            <ul className="ml-2 mt-1 space-y-1">
              {operations
                .filter((operation) => operation.tags.includes(tag))
                .map((operation) => (
                  <li key={operation.id}>
                    <a className="text-blue-700 hover:underline" href={`#operation-${operation.id}`}>
                      {operation.summary}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <p className="mb-2 mt-4 font-semibold text-slate-500">Schemas</p>
        <ul className="ml-2 space-y-1">
          {schemas.map(([name]) => (
            <li key={name}>
              <a className="text-blue-700 hover:underline" href={`#schema-${name}`}>
                {name}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <main className="min-w-0 flex-1 space-y-8">
        <header className="space-y-3">
          <p className="text-sm text-slate-500">
            OpenAPI {document.openapi} · version {document.info.version} ·{" "}
            <a className="text-blue-700 underline" href="/rest/openapi.json">
              openapi.json
            </a>
          </p>
          <h1 className="text-3xl font-bold">{document.info.title}</h1>
          {document.info.description && <Markdown>{document.info.description}</Markdown>}
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Servers</h2>
            <ul className="mt-1 space-y-1 text-sm">
              {servers.map((server) => (
                <li key={server.url}>
                  <code className="font-mono">{server.url}</code> — {server.description}
                  {server.variables?.environment?.enum && <span className="text-slate-500"> ({server.variables.environment.enum.join(", ")})</span>}
                </li>
              ))}
            </ul>
          </div>
        </header>

        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-4">
            <h2 id={`tag-${tag}`} className="text-2xl font-semibold">
              {tag}
            </h2>
            {operations
              .filter((operation) => operation.tags.includes(tag))
              .map((operation) => (
                <OperationSection key={operation.id} entry={operation} />
              ))}
          </section>
        ))}

        <section aria-labelledby="schemas" className="space-y-4">
          <h2 id="schemas" className="text-2xl font-semibold">
            Schemas
          </h2>
          {schemas.map(([name, schema]) => (
            <section
              key={name}
              id={`schema-${name}`}
              aria-labelledby={`schema-${name}-title`}
              className="scroll-mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 id={`schema-${name}-title`} className="font-mono text-lg font-semibold">
                {name}
              </h3>
              {schema.description && <p className="mb-3 mt-1 text-sm text-slate-600">{schema.description}</p>}
              <SchemaTable schema={schema} caption={`Members of ${name}`} />
            </section>
          ))}
        </section>
      </main>
    </div>
  );
}
