"use client";

import { useActionState } from "react";

import type { OnboardingState } from "@/app/onboarding/[token]/actions";
import { Button } from "@/components/ui/button";
import { Checkbox, Radio } from "@/components/ui/choice";
import { Field, ChoiceGroup } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import type { Country } from "@/lib/spec/environments";
import type { WizardFormTexts } from "@/lib/spec/onboarding-texts";
import type { ProfileWords } from "@/lib/spec/profile-words";

import { fieldsFor, type OnboardingField } from "./onboarding-fields";

interface Props {
  action: (previous: OnboardingState, form: FormData) => Promise<OnboardingState>;
  missing: string[];
  country: Country;
  /** The customer's language's labels and code tables, and the form's own texts. */
  words: ProfileWords;
  texts: WizardFormTexts;
}

function ProfileField({ field, error, value, choose }: { field: OnboardingField; error?: string; value?: string | string[]; choose: string }) {
  const id = `field-${field.path.replaceAll(".", "-")}`;
  if (field.kind === "radio" || field.kind === "checkboxes") {
    const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
    const Choice = field.kind === "radio" ? Radio : Checkbox;
    return (
      <ChoiceGroup id={id} legend={field.label} hint={field.hint} error={error}>
        {(choiceAria) => (
          <div className="mt-2 space-y-1">
            {field.options?.map((option, index) => (
              <Choice
                key={option.value}
                name={field.path}
                value={option.value}
                label={option.label}
                defaultChecked={chosen.has(option.value)}
                {...choiceAria(index)}
              />
            ))}
          </div>
        )}
      </ChoiceGroup>
    );
  }
  return (
    <Field id={id} label={field.label} hint={field.hint} error={error}>
      {(aria) =>
        field.kind === "select" ? (
          <Select {...aria} name={field.path} defaultValue={typeof value === "string" ? value : ""}>
            <option value="">{choose}</option>
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        ) : (
          <Input {...aria} name={field.path} type={field.kind} defaultValue={typeof value === "string" ? value : ""} autoComplete={field.autoComplete} />
        )
      }
    </Field>
  );
}

export function OnboardingForm({ action, missing, country, words, texts }: Props) {
  const [state, submit, pending] = useActionState(action, { status: "onboarding", missing, errors: {}, values: {}, version: 0 });

  if (state.status === "created") {
    return (
      <Notice tone="success">
        <h2 className="text-base font-semibold">{texts.done}</h2>
        <p className="mt-1">{texts.doneDetail}</p>
      </Notice>
    );
  }
  if (state.status === "expired") {
    return (
      <Notice tone="warning" role="alert">
        {texts.expired}
      </Notice>
    );
  }
  const errors = Object.entries(state.errors);
  const fields = fieldsFor(state.missing, country, words, texts);
  return (
    // React resets a form after its action; a new key draws it again from the values sent back.
    <form key={state.version} action={submit} className="space-y-5" noValidate>
      {errors.length > 0 && (
        <Notice
          tone="error"
          title={errors.length === 1 ? texts.checkOne : texts.checkMany.replace("{count}", String(errors.length))}
          details={errors.map(([path, message]) => `${fields.find((field) => field.path === path)?.label ?? path}: ${message}`)}
        />
      )}
      {fields.map((field) => (
        <ProfileField key={field.path} field={field} error={state.errors[field.path]} value={state.values[field.path]} choose={texts.choose} />
      ))}
      <Button type="submit" disabled={pending} variant="primary">
        {pending ? texts.saving : texts.save}
      </Button>
    </form>
  );
}
