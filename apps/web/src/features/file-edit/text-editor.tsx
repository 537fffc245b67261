import { useRef, useState } from "react";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import type { RepoLinkBase } from "../../components/markdown/markdown.js";
import type { CardCheck, CardProblem } from "./card-check.js";

/** Puts the caret at a 1-based line and column of the textarea and scrolls it into view. */
function moveCaret(area: HTMLTextAreaElement, line: number, column: number) {
  const lines = area.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  area.focus();
  area.setSelectionRange(offset, offset);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

function where(problem: CardProblem): string {
  if (problem.line === undefined) return "";
  return problem.column === undefined
    ? `Line ${problem.line}`
    : `Line ${problem.line}, column ${problem.column}`;
}

function MetadataSummary({ check }: { check: CardCheck }) {
  const metadata = check.metadata ?? {};
  const license = typeof metadata.license === "string" ? metadata.license : undefined;
  const tags = Array.isArray(metadata.tags)
    ? metadata.tags.length
    : typeof metadata.tags === "string"
      ? 1
      : 0;
  return (
    <p className="card-check-ok" data-testid="yaml-ok">
      ✓ Metadata is valid YAML
      {license ? (
        <>
          {" "}
          · license <code>{license}</code>
        </>
      ) : null}
      {tags ? ` · ${tags} tag${tags === 1 ? "" : "s"}` : null}
    </p>
  );
}

/** The checks beside the card editor: YAML errors with line and column, field problems, or a summary. */
function CardProblems({
  check,
  onJump,
}: {
  check: CardCheck;
  onJump: (line: number, column: number) => void;
}) {
  const errors = check.problems.filter((problem) => problem.severity === "error");
  return (
    <aside className="card-check" aria-label="Metadata check" aria-live="polite">
      <h3>Metadata (YAML)</h3>
      {!check.hasFrontMatter ? (
        <p className="small muted">
          No metadata block. Start the file with <code>---</code>, then lines such as{" "}
          <code>license: apache-2.0</code>, and close it with <code>---</code>.
        </p>
      ) : errors.length === 0 ? (
        <MetadataSummary check={check} />
      ) : null}
      {check.problems.length > 0 ? (
        <ul className="card-problems" data-testid="yaml-problems">
          {check.problems.map((problem, index) => (
            <li
              key={index}
              className={`card-problem card-problem-${problem.severity}`}
              role={problem.severity === "error" ? "alert" : undefined}
            >
              {problem.line !== undefined ? (
                <button
                  type="button"
                  className="card-problem-where"
                  onClick={() => onJump(problem.line ?? 1, problem.column ?? 1)}
                >
                  {where(problem)}
                </button>
              ) : null}
              <span>
                {problem.severity === "warning" ? "Warning: " : ""}
                {problem.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}

/**
 * A plain-text editor for one file; markdown files get a Preview toggle (the same sanitised renderer
 * as the repo pages), and the repo card also gets its front matter checked live beside it.
 */
export function TextEditor({
  label,
  value,
  onChange,
  markdown,
  check,
  linkBase,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  markdown: boolean;
  check?: CardCheck;
  linkBase?: RepoLinkBase;
}) {
  const [preview, setPreview] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  return (
    <div className={`text-editor${check ? " text-editor-with-check" : ""}`}>
      <div className="text-editor-main">
        {markdown ? (
          <div className="editor-mode" role="group" aria-label="Editor mode">
            <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
              Edit
            </button>
            <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
              Preview
            </button>
          </div>
        ) : null}
        {preview ? (
          <div className="card text-editor-preview" data-testid="card-preview">
            <LazyMarkdown source={value} linkBase={linkBase} />
          </div>
        ) : (
          <textarea
            ref={area}
            className="input mono text-editor-area"
            aria-label={label}
            spellCheck={false}
            value={value}
            rows={22}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </div>
      {check ? (
        <CardProblems
          check={check}
          onJump={(line, column) => {
            setPreview(false);
            requestAnimationFrame(() => area.current && moveCaret(area.current, line, column));
          }}
        />
      ) : null}
    </div>
  );
}
