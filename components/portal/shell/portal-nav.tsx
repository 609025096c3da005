"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
}

/** The portal's navigation; the current page is marked for screen readers as well as by colour. */
export function PortalNav({ groups }: { groups: { label: string; items: NavItem[] }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Portal" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {groups.map((group) => (
        <ul key={group.label} aria-label={group.label} className="flex flex-wrap items-center gap-1">
          {group.items.map((item) => {
            const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={current ? "page" : undefined}
                  className={`block rounded px-2 py-1 focus-visible:outline-2 focus-visible:outline-blue-700 ${current ? "bg-blue-700 text-white" : "text-slate-800 hover:bg-slate-200"}`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      ))}
    </nav>
  );
}
