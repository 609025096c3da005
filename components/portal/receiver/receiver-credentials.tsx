"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { revealReceiverSecretsAction, rotateReceiverCredentialsAction } from "@/app/(portal)/settings/receiver/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OutcomeNotice, type Outcome } from "@/components/ui/notice";
import { fillText } from "@/lib/portal/i18n/locale";
import { type ReceiverTexts } from "@/lib/portal/receiver/texts";

import { CopyButton } from "./copy-button";

interface Props {
  texts: ReceiverTexts;
  webhookUrl: string;
  tokenUrl: string;
  clientId: string;
  basicUsername: string;
}

type Secrets = { clientSecret: string; basicPassword: string };

/** One address or credential, read-only, with a button that copies it once it is shown. */
function CredentialField({ id, label, value, hint, texts }: { id: string; label: string; value: string | null; hint?: string; texts: ReceiverTexts }) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(aria) => (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Input
            {...aria}
            readOnly
            value={value ?? texts.hidden}
            // A value is set in monospace to be read and copied exactly; the word standing in for a hidden one is not.
            mono={value !== null}
            block={false}
            layout="min-w-0 flex-1"
            onFocus={(event) => event.currentTarget.select()}
          />
          {value !== null ? (
            <CopyButton value={value} text={texts.copy} label={`${texts.copy}: ${label}`} copiedText={texts.copied} failedText={texts.copyFailed} />
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** The receiver's addresses and credentials; the secrets come from the server only when asked for. */
export function ReceiverCredentials({ texts, webhookUrl, tokenUrl, clientId, basicUsername }: Props) {
  const router = useRouter();
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [pending, startTransition] = useTransition();

  const toggleSecrets = () =>
    startTransition(async () => {
      if (secrets) {
        setSecrets(null);
        return;
      }
      const result = await revealReceiverSecretsAction({});
      if (result.ok) setSecrets(result.data);
      else setMessage({ ok: false, message: result.message });
    });

  const rotate = () =>
    startTransition(async () => {
      const result = await rotateReceiverCredentialsAction({});
      setConfirming(false);
      if (!result.ok) {
        setMessage({ ok: false, message: result.message });
        return;
      }
      // The shown secrets are the old ones now.
      setSecrets(null);
      const { registered, failed } = result.data;
      setMessage({
        ok: failed === 0,
        message: [fillText(texts.rotated, { registered }), failed > 0 ? fillText(texts.rotatedFailures, { failed }) : ""].join(" ").trim(),
      });
      router.refresh();
    });

  return (
    <div className="space-y-8">
      <section aria-labelledby="receiver-addresses" className="space-y-3 rounded border border-slate-200 bg-white p-4">
        <h2 id="receiver-addresses" className="text-lg font-semibold">
          {texts.addresses}
        </h2>
        <CredentialField id="receiver-webhook-url" label={texts.webhookUrl} value={webhookUrl} hint={texts.webhookHint} texts={texts} />
        <CredentialField id="receiver-token-url" label={texts.tokenUrl} value={tokenUrl} texts={texts} />
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={toggleSecrets} disabled={pending} aria-pressed={secrets !== null} variant="primary">
          {secrets ? texts.hide : texts.reveal}
        </Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="receiver-oauth" className="space-y-3 rounded border border-slate-200 bg-white p-4">
          <h2 id="receiver-oauth" className="text-lg font-semibold">
            {texts.oauth}
          </h2>
          <CredentialField id="receiver-client-id" label={texts.clientId} value={clientId} texts={texts} />
          <CredentialField id="receiver-client-secret" label={texts.clientSecret} value={secrets?.clientSecret ?? null} texts={texts} />
        </section>
        <section aria-labelledby="receiver-basic" className="space-y-3 rounded border border-slate-200 bg-white p-4">
          <h2 id="receiver-basic" className="text-lg font-semibold">
            {texts.basic}
          </h2>
          <CredentialField id="receiver-basic-user" label={texts.basicUser} value={basicUsername} texts={texts} />
          <CredentialField id="receiver-basic-password" label={texts.basicPassword} value={secrets?.basicPassword ?? null} texts={texts} />
        </section>
      </div>

      <section aria-labelledby="receiver-rotate" className="space-y-3 rounded border border-amber-300 bg-amber-50 p-4">
        <h2 id="receiver-rotate" className="text-lg font-semibold">
          {texts.rotateTitle}
        </h2>
        <p id="receiver-rotate-intro" className="max-w-3xl text-sm text-slate-800">
          {texts.rotateIntro}
        </p>
        {confirming ? (
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={rotate} disabled={pending} aria-describedby="receiver-rotate-intro" variant="danger">
              {pending ? texts.working : texts.rotateConfirm}
            </Button>
            <Button type="button" onClick={() => setConfirming(false)} disabled={pending}>
              {texts.cancel}
            </Button>
          </div>
        ) : (
          <Button
            type="button"
            onClick={() => {
              setMessage(null);
              setConfirming(true);
            }}
            aria-describedby="receiver-rotate-intro"
            variant="danger-secondary"
          >
            {texts.rotate}
          </Button>
        )}
        <OutcomeNotice outcome={message} />
      </section>
    </div>
  );
}
