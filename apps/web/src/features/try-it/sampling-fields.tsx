import { CheckedField } from "../../components/snippets/checked-field.js";
import type { SamplingErrors } from "../../lib/snippets/panel-options.js";
import type { HubServing } from "../../lib/try-it/hub-backends.js";
import type { SamplingFields } from "./options.js";

const FIELDS = [
  { key: "temperature", label: "temperature", inputMode: "decimal" },
  { key: "maxTokens", label: "max_tokens", inputMode: "numeric" },
  { key: "topP", label: "top_p", inputMode: "decimal" },
] as const;

/** temperature / max_tokens / top_p, checked as the snippet panel checks them. */
export function SamplingInputs({
  value,
  errors,
  onChange,
}: {
  value: SamplingFields;
  errors: SamplingErrors;
  onChange: (value: SamplingFields) => void;
}) {
  return (
    <div className="field-row">
      {FIELDS.map(({ key, label, inputMode }) => (
        <CheckedField
          key={key}
          id={`try-it-${key}`}
          label={label}
          inputMode={inputMode}
          placeholder="default"
          value={value[key]}
          onChange={(text) => onChange({ ...value, [key]: text })}
          error={errors[key]}
        />
      ))}
    </div>
  );
}

/** Shown only when several live backends serve the model; "any" lets the gateway pick (and fail over). */
export function BackendPicker({
  servings,
  value,
  onChange,
}: {
  servings: HubServing[];
  value: string | undefined;
  onChange: (backend: string | undefined) => void;
}) {
  if (servings.length < 2) return null;
  return (
    <label className="field">
      Backend
      <select
        id="try-it-backend"
        className="input"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">Any (the first that answers)</option>
        {servings.map((s) => (
          <option key={s.backend} value={s.backend}>
            {s.backend}
          </option>
        ))}
      </select>
    </label>
  );
}
