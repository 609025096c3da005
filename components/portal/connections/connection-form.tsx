"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { saveConnectionAction } from "@/app/(portal)/settings/connections/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { connectionFormSchema } from "@/lib/portal/connections/connection-form-schema";
import type { ConnectionTexts } from "@/lib/portal/connections/texts";
import type { Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";

type Values = z.input<typeof connectionFormSchema>;

export function ConnectionForm({ texts, locale, environments }: { texts: ConnectionTexts; locale: Locale; environments: string[] }) {
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: { environment: "fin-test", label: "", baseUrl: "", cid: "", apicode: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await saveConnectionAction(values);
    if (result.ok) {
      form.reset();
      setStatus({ ok: true, message: texts.saved });
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors)) form.setError(field as keyof Values, { message });
    setStatus({ ok: false, message: result.message });
  });

  const field = (name: keyof Values, label: string, type = "text") => (
    <div>
      <label htmlFor={`connection-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <Input
        id={`connection-${name}`}
        type={type}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `connection-${name}-error` : undefined}
        {...form.register(name)}
      />
      {errors[name] ? (
        <p id={`connection-${name}-error`} className="mt-1 text-sm text-red-700">
          {messageText(errors[name]?.message ?? "", locale)}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={submit} className="space-y-3 rounded border border-slate-200 bg-white p-4" noValidate>
      <div>
        <label htmlFor="connection-environment" className="block text-sm font-medium">
          {texts.environment}
        </label>
        <Select id="connection-environment" {...form.register("environment")}>
          {environments.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </Select>
      </div>
      {field("label", texts.label)}
      {field("baseUrl", texts.baseUrl, "url")}
      {field("cid", texts.cid)}
      {field("apicode", texts.apicode, "password")}
      {status ? (
        <p role="status" className={status.ok ? "text-sm text-green-800" : "text-sm text-red-700"}>
          {status.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting} variant="primary">
        {texts.save}
      </Button>
    </form>
  );
}
