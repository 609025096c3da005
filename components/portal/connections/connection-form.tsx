"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { saveConnectionAction } from "@/app/(portal)/settings/connections/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { connectionFormSchema } from "@/lib/portal/connections/connection-form-schema";
import type { ConnectionTexts } from "@/lib/portal/connections/texts";
import type { Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";

import { EnvironmentOptions } from "./environment-options";

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
    <Field id={`connection-${name}`} label={label} error={errors[name] ? messageText(errors[name]?.message ?? "", locale) : undefined}>
      {(aria) => <Input {...aria} type={type} autoComplete="off" {...form.register(name)} />}
    </Field>
  );

  return (
    <form onSubmit={submit} className="space-y-3 rounded border border-slate-200 bg-white p-4" noValidate>
      <Field id="connection-environment" label={texts.environment}>
        {(aria) => (
          <Select {...aria} {...form.register("environment")}>
            <EnvironmentOptions ids={environments} />
          </Select>
        )}
      </Field>
      {field("label", texts.label)}
      {field("baseUrl", texts.baseUrl, "url")}
      {field("cid", texts.cid)}
      {field("apicode", texts.apicode, "password")}
      <OutcomeNotice outcome={status} />
      <Button type="submit" disabled={isSubmitting} variant="primary">
        {texts.save}
      </Button>
    </form>
  );
}
