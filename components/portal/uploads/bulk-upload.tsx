"use client";

import { useEffect, useId, useRef, useState } from "react";

import { TestEnvironmentDate } from "@/components/portal/forms/test-environment-date";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { connectionName } from "@/lib/portal/connections/connection-name";
import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { fillText, type Locale, LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";
import { formatBytes } from "@/lib/portal/uploads/format-bytes";
import type { UploadTexts } from "@/lib/portal/uploads/texts";
import {
  hasZipMagic,
  MAX_JSON_UPLOAD_BYTES,
  MAX_ZIP_UPLOAD_BYTES,
  parseJobEnvelope,
  UPLOAD_CONTENT_TYPES,
  uploadFileProblem,
  uploadKindOf,
  type UploadKind,
} from "@/lib/portal/uploads/upload-file";
import { ndjsonReader, type UploadResultRow } from "@/lib/portal/uploads/upload-results";

import { UploadResultsTable, UploadSummaryLine } from "./upload-results-table";

/*
 * The bulk upload: choose a connection and a .json or .zip file, see it checked at once (a JSON
 * file is parsed here, so a broken file is refused before a byte is sent), then watch it go:
 * XMLHttpRequest reports the bytes sent, and the route handler's NDJSON lines report the documents
 * the service has answered. The results table follows, one row per document.
 */

interface Chosen {
  file: File;
  kind: UploadKind;
  /** Jobs in a JSON file; null for a ZIP package, whose index the service reads. */
  documents: number | null;
}

type Phase =
  | { name: "idle" }
  | { name: "working"; sentBytes: number; totalBytes: number; done: number; total: number | null; answered: boolean }
  | { name: "finished"; rows: UploadResultRow[]; currency: string | null; failure: string | null; repeat: boolean };

export function BulkUpload({ connections, texts, locale }: { connections: readonly FormConnection[]; texts: UploadTexts; locale: Locale }) {
  const id = useId();
  const tag = LOCALE_TAGS[locale];
  const [connectionId, setConnectionId] = useState(connections[0]?.id ?? "");
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => xhrRef.current?.abort(), []);
  useEffect(() => {
    if (phase.name === "finished") resultsHeading.current?.focus();
  }, [phase.name]);

  const choose = async (file: File | undefined) => {
    setChosen(null);
    setFileError(null);
    if (!file) return;
    const problem = uploadFileProblem(file);
    const kind = uploadKindOf(file);
    if (problem || !kind) {
      const size = formatBytes(kind === "zip" ? MAX_ZIP_UPLOAD_BYTES : MAX_JSON_UPLOAD_BYTES, tag);
      setFileError(fillText(texts.fileProblems[problem ?? "unknownType"], { size }));
      return;
    }
    if (kind === "zip") {
      if (!hasZipMagic(new Uint8Array(await file.slice(0, 4).arrayBuffer()))) {
        setFileError(texts.fileProblems.notZip);
        return;
      }
      setChosen({ file, kind, documents: null });
      return;
    }
    const parsed = parseJobEnvelope(await file.text());
    if (!parsed.ok) {
      setFileError(fillText(texts.fileProblems[parsed.problem], { detail: parsed.detail }));
      return;
    }
    setChosen({ file, kind, documents: parsed.items.length });
  };

  const finish = (rows: UploadResultRow[], currency: string | null, failure: string | null, repeat = false) => {
    xhrRef.current = null;
    setPhase({ name: "finished", rows, currency, failure, repeat });
  };

  const start = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setFileError(texts.fileProblems.unknownType);
      fileInput.current?.focus();
      return;
    }
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    const read = ndjsonReader();
    let rows: UploadResultRow[] | null = null;
    let currency: string | null = null;
    let failure: string | null = null;
    let repeat = false;
    setPhase({ name: "working", sentBytes: 0, totalBytes: chosen.file.size, done: 0, total: chosen.documents, answered: false });

    const consume = () => {
      for (const line of read(xhr.responseText)) {
        if (line.type === "received")
          setPhase((current) => (current.name === "working" ? { ...current, sentBytes: current.totalBytes, total: line.documents ?? current.total } : current));
        else if (line.type === "progress")
          setPhase((current) => (current.name === "working" ? { ...current, sentBytes: current.totalBytes, done: line.done, total: line.total } : current));
        else if (line.type === "done") {
          rows = line.rows;
          currency = line.currency;
          repeat = line.repeat;
        } else {
          rows = line.rows;
          currency = line.currency;
          failure = fillText(texts.failed, { message: messageText(line.message, locale) });
        }
      }
    };

    xhr.upload.onprogress = (progress) => {
      setPhase((current) =>
        current.name === "working"
          ? { ...current, sentBytes: progress.loaded, totalBytes: progress.lengthComputable ? progress.total : current.totalBytes }
          : current,
      );
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) consume();
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        consume();
        if (rows) finish(rows, currency, failure, repeat);
        else finish([], null, texts.networkError);
        return;
      }
      let detail: string | null = null;
      try {
        detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail ?? null;
      } catch {
        // Not problem details (a proxy's error page): the status says enough.
      }
      const message =
        xhr.status === 401
          ? texts.signedOut
          : xhr.status === 403
            ? (detail ?? texts.forbidden)
            : fillText(texts.failed, { message: detail ?? `HTTP ${xhr.status}` });
      finish([], null, message);
    };
    xhr.onerror = () => finish([], null, texts.networkError);
    xhr.open("POST", `/api/portal/uploads?connection=${encodeURIComponent(connectionId)}`);
    xhr.setRequestHeader("content-type", UPLOAD_CONTENT_TYPES[chosen.kind]);
    xhr.send(chosen.file);
  };

  const again = () => {
    setPhase({ name: "idle" });
    setChosen(null);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = "";
    requestAnimationFrame(() => fileInput.current?.focus());
  };

  const working = phase.name === "working";
  const fileId = `${id}-file`;

  return (
    <div className="space-y-6">
      {phase.name !== "finished" ? (
        <form onSubmit={start} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <Field id={`${id}-connection`} label={texts.connection} className="max-w-md">
            {(aria) => (
              <>
                <Select {...aria} value={connectionId} onChange={(event) => setConnectionId(event.target.value)} disabled={working}>
                  {connections.map((connection) => (
                    <option key={connection.id} value={connection.id}>
                      {connectionName(connection)}
                    </option>
                  ))}
                </Select>
                <TestEnvironmentDate
                  connection={connections.find((connection) => connection.id === connectionId)}
                  text={texts.testEnvironmentDate}
                  locale={locale}
                />
              </>
            )}
          </Field>
          <div>
            <Field
              id={fileId}
              label={texts.file}
              hint={fillText(texts.fileHint, { jsonSize: formatBytes(MAX_JSON_UPLOAD_BYTES, tag), zipSize: formatBytes(MAX_ZIP_UPLOAD_BYTES, tag) })}
              error={fileError ?? undefined}
            >
              {(aria) => (
                <Input
                  ref={fileInput}
                  {...aria}
                  // What was chosen is said under the field, and read with it.
                  aria-describedby={[aria["aria-describedby"], chosen ? `${fileId}-chosen` : null].filter(Boolean).join(" ")}
                  type="file"
                  accept=".json,.zip,application/json,application/zip"
                  disabled={working}
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
              )}
            </Field>
            {chosen ? (
              <p id={`${fileId}-chosen`} className="mt-1 text-sm text-slate-800" data-testid="upload-chosen">
                {chosen.kind === "zip"
                  ? fillText(texts.chosenZip, { name: chosen.file.name, size: formatBytes(chosen.file.size, tag) })
                  : fillText(chosen.documents === 1 ? texts.chosenJsonOne : texts.chosenJson, {
                      name: chosen.file.name,
                      count: chosen.documents ?? 0,
                      size: formatBytes(chosen.file.size, tag),
                    })}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={working || !chosen} variant="primary">
            {working ? texts.uploading : texts.upload}
          </Button>
        </form>
      ) : null}

      {phase.name === "working" ? <UploadProgress phase={phase} texts={texts} /> : null}

      {phase.name === "finished" ? (
        <section aria-labelledby={`${id}-results`} className="space-y-4">
          <h2 id={`${id}-results`} ref={resultsHeading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {texts.resultsTitle}
          </h2>
          {phase.failure ? (
            <Notice tone="error" title={phase.failure}>
              {phase.rows.length > 0 ? <p className="mt-1">{texts.partial}</p> : null}
            </Notice>
          ) : null}
          {phase.repeat ? (
            <Notice tone="info" role="status">
              {texts.repeat}
            </Notice>
          ) : null}
          {phase.rows.length > 0 ? (
            <>
              <UploadSummaryLine rows={phase.rows} texts={texts} />
              <UploadResultsTable rows={phase.rows} currency={phase.currency} texts={texts} locale={locale} />
            </>
          ) : null}
          <Button type="button" onClick={again}>
            {texts.another}
          </Button>
        </section>
      ) : null}
    </div>
  );
}

function UploadProgress({ phase, texts }: { phase: Extract<Phase, { name: "working" }>; texts: UploadTexts }) {
  const uploadPercent = phase.totalBytes > 0 ? Math.min(100, Math.round((phase.sentBytes / phase.totalBytes) * 100)) : 0;
  const uploaded = uploadPercent >= 100;
  // Until the first answer a ZIP package's number of documents is the service's to tell.
  const postPercent = phase.total ? Math.round((phase.done / phase.total) * 100) : null;
  const postText = phase.total ? fillText(texts.postValue, { done: phase.done, total: phase.total }) : texts.postWaiting;
  return (
    <section aria-labelledby="upload-progress-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" data-testid="upload-progress">
      <h2 id="upload-progress-title" className="text-base font-semibold">
        {texts.progressTitle}
      </h2>
      <ProgressBar label={texts.uploadBar} value={uploadPercent} valueText={fillText(texts.uploadValue, { percent: uploadPercent })} />
      {uploaded ? <ProgressBar label={texts.postBar} value={postPercent} valueText={postText} /> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {uploaded ? postText : null}
      </p>
    </section>
  );
}

/** A labelled progress bar; without a value it is indeterminate (no aria-valuenow), as ARIA defines. */
function ProgressBar({ label, value, valueText }: { label: string; value: number | null; valueText: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span id={`${id}-label`} className="font-medium text-slate-900">
          {label}
        </span>
        <span className="text-slate-700">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={valueText}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-blue-700 transition-[width] ${value === null ? "w-1/3 animate-pulse" : ""}`}
          style={value === null ? undefined : { width: `${value}%` }}
        />
      </div>
    </div>
  );
}
