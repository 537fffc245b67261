import type { ReactNode } from "react";

/** A labelled multi-line text field of a try-it form. */
export function TextArea(props: {
  label: string;
  value: string;
  rows?: number;
  placeholder?: string;
  testId: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      {props.label}
      <textarea
        className="input"
        rows={props.rows ?? 3}
        value={props.value}
        placeholder={props.placeholder}
        data-testid={props.testId}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/** Label / score bars, as the Hub's widgets draw classification answers. */
export function Bars({ rows }: { rows: { label: string; score: number }[] }) {
  return (
    <ul className="try-it-bars" data-testid="try-it-bars">
      {rows.map((row, index) => (
        <li key={`${row.label}-${index}`} className="try-it-bar">
          <span className="try-it-bar-label">{row.label}</span>
          <span className="try-it-bar-track" aria-hidden="true">
            <span
              className="try-it-bar-fill"
              style={{ width: `${Math.max(0, Math.min(1, row.score)) * 100}%` }}
            />
          </span>
          <span className="try-it-bar-score">{row.score.toFixed(3)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The answer area and the error line under a form. */
export function FormOutput({ children, error }: { children?: ReactNode; error?: string }) {
  return (
    <>
      {children ? (
        <div data-testid="try-it-output" aria-live="polite">
          {children}
        </div>
      ) : null}
      {error ? (
        <p className="notice notice-error small try-it-error" role="alert" data-testid="try-it-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
