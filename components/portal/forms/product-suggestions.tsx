"use client";

import { useEffect, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import type { ProductChoice } from "@/lib/portal/products/products";
import type { Country } from "@/lib/spec/environments";

/**
 * The organization's products of the invoice's country (GET /api/portal/products) as an invoice
 * row's description suggestions. Choosing one (the description now is its name) fills the row's unit
 * price and VAT rate when the price is still empty, so a price the clerk typed is never replaced.
 * Rendered as the datalist the description field names.
 */
export function RowProductSuggestions({ index, country, listId }: { index: number; country: Country; listId: string }) {
  const desc = (useWatch({ name: `payrow.${index}.desc` }) as string | undefined) ?? "";
  const { getValues, setValue } = useFormContext();
  const [products, setProducts] = useState<ProductChoice[]>([]);
  // The description a row opened with (a draft, a duplicate) is not a choice made now.
  const initial = useRef(desc);

  useEffect(() => {
    const chosen = products.find((product) => product.name === desc);
    if (!chosen || desc === initial.current || getValues(`payrow.${index}.amount`)) return;
    setValue(`payrow.${index}.amount`, chosen.unitPrice, { shouldDirty: true, shouldValidate: true });
    setValue(`payrow.${index}.taxpr`, chosen.vatRate, { shouldDirty: true, shouldValidate: true });
  }, [desc, products, index, getValues, setValue]);

  // A moment after typing stops; an empty description offers the first products of the list.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ country, q: desc.trim().slice(0, 100) });
      fetch(`/api/portal/products?${query}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ products: ProductChoice[] }>) : { products: [] }))
        .then((answer) => setProducts(answer.products))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [country, desc]);

  return (
    <datalist id={listId}>
      {products.map((product) => (
        <option key={product.code} value={product.name}>
          {[product.code, product.unitPrice, product.unit].filter(Boolean).join(" · ")}
        </option>
      ))}
    </datalist>
  );
}
