"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";

import { registerReceiverNowAction, setEventModeAction } from "@/app/(portal)/settings/receiver/actions";
import { Button } from "@/components/ui/button";
import { OutcomeNotice, type Outcome } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import type { ReceiverTexts } from "@/lib/portal/receiver/texts";

/** One connection's push/poll switch and its "register now". */
export function ConnectionEventControls({
  connectionId,
  label,
  mode,
  texts,
}: {
  connectionId: string;
  label: string;
  mode: "push" | "poll";
  texts: ReceiverTexts;
}) {
  const router = useRouter();
  const id = useId();
  const [chosen, setChosen] = useState(mode);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (action: () => Promise<{ ok: true } | { ok: false; message: string }>, done: string) =>
    startTransition(async () => {
      setMessage(null);
      const result = await action();
      setMessage(result.ok ? { ok: true, message: done } : { ok: false, message: result.message });
      router.refresh();
    });

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-mode`} className="block text-xs font-medium text-slate-700">
            {texts.mode} <span className="sr-only">({label})</span>
          </label>
          <Select
            id={`${id}-mode`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value === "poll" ? "poll" : "push")}
            aria-describedby={`${id}-hint`}
            compact
            block={false}
            layout="mt-1"
          >
            <option value="push">{texts.push}</option>
            <option value="poll">{texts.poll}</option>
          </Select>
        </div>
        <Button
          type="button"
          disabled={pending || chosen === mode}
          onClick={() => run(() => setEventModeAction({ connectionId, mode: chosen }), texts.modeSaved)}
          size="sm"
        >
          {texts.saveMode} <span className="sr-only">({label})</span>
        </Button>
        {mode === "push" ? (
          <Button
            type="button"
            disabled={pending}
            onClick={() => run(() => registerReceiverNowAction({ connectionId }), texts.registeredNow)}
            variant="primary"
            size="sm"
          >
            {pending ? texts.working : texts.registerNow} <span className="sr-only">({label})</span>
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {texts.modeHint}
      </p>
      <OutcomeNotice outcome={message} />
    </div>
  );
}
