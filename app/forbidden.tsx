import Link from "next/link";

/** Answered (403) when a signed-in user's role may not open a page or do an action. */
export default function Forbidden() {
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-16">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="text-slate-700">Your role may not open this page. Ask an administrator of your organization if you need it.</p>
      <Link href="/cases" className="text-blue-700 underline">
        Back to cases
      </Link>
    </main>
  );
}
