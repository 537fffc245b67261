import { useId } from "react";

interface CheckedFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown beside the field; the field's value is then left out of the snippet. */
  error?: string;
  placeholder?: string;
  inputMode?: "decimal" | "numeric" | "text" | "url";
  id?: string;
  disabled?: boolean;
  testId?: string;
}

/** A text input with its validation message beside it, announced to screen readers. */
export function CheckedField({
  label,
  value,
  onChange,
  error,
  placeholder,
  inputMode,
  id,
  disabled,
  testId,
}: CheckedFieldProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const errorId = `${inputId}-error`;
  return (
    <label className="field" htmlFor={inputId}>
      {label}
      <input
        id={inputId}
        className="input"
        inputMode={inputMode}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        style={error ? { borderColor: "var(--danger)" } : undefined}
      />
      {error ? (
        <span id={errorId} role="alert" className="small field-error" style={{ color: "var(--danger)" }}>
          {error}
        </span>
      ) : null}
    </label>
  );
}
