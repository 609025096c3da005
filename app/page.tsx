import Link from "next/link";

import { ENVIRONMENTS } from "@/lib/spec/environments";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold">Nordic Receivables</h1>
      <p className="text-slate-700">
        Invoicing, distribution, reminder and collection for Finland, Sweden and Norway. ERPs post jobs to the REST interface; the service numbers them, gives
        them payment references, and runs each case to its end.
      </p>
      <p>
        <Link className="font-medium text-blue-700 underline" href="/sign-in">
          Sign in to the portal
        </Link>{" "}
        ·{" "}
        <Link className="text-blue-700 underline" href="/api-reference">
          API reference
        </Link>{" "}
        ·{" "}
        <a className="text-blue-700 underline" href="/rest/openapi.json">
          OpenAPI document
        </a>
      </p>
      <section aria-labelledby="environments">
        <h2 id="environments" className="text-xl font-semibold">
          Environments
        </h2>
        <ul className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          {ENVIRONMENTS.map((environment) => (
            <li key={environment.id} className="rounded border border-slate-200 bg-white px-3 py-2">
              <span className="font-medium">
                {environment.rules.name} {environment.stage === "test" ? "test" : "production"}
              </span>
              <code className="block font-mono text-xs text-slate-600">/{environment.id}/rest</code>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
