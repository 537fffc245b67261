import type { EntityGroup, ExtractedAnswer, FillMaskCandidate, LabelScore } from "@modelhub/api-types";
import { Bars } from "./task-forms/form-parts.js";

/** `start`/`end` of task answers count Unicode code points (Python's str indices, as on the Hub). */
function codePoints(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join("");
}

function isLabelScores(value: unknown): value is LabelScore[] {
  return Array.isArray(value) && value.every((v) => typeof (v as LabelScore)?.label === "string");
}

/** The answer of a task call, drawn the way the Hub's widgets draw it (bars, entity chips, vectors). */
export function TaskResult({ task, answer, text }: { task: string; answer: unknown; text: string }) {
  switch (task) {
    case "text-classification": {
      const first = Array.isArray(answer) ? (answer[0] as unknown) : undefined;
      return isLabelScores(first) ? <Bars rows={first} /> : <Raw answer={answer} />;
    }
    case "image-classification":
    case "zero-shot-classification":
      return isLabelScores(answer) ? <Bars rows={answer} /> : <Raw answer={answer} />;
    case "fill-mask": {
      const rows = answer as FillMaskCandidate[];
      return <Bars rows={rows.map((r) => ({ label: r.sequence, score: r.score }))} />;
    }
    case "token-classification": {
      const groups = answer as EntityGroup[];
      if (groups.length === 0) return <p className="small muted">No entities found.</p>;
      return (
        <ul className="try-it-entities" data-testid="try-it-entities">
          {groups.map((g, i) => (
            <li key={i} className="try-it-entity">
              <span className="badge">{g.entity_group}</span> {codePoints(text, g.start, g.end)}
              <span className="small muted"> {g.score.toFixed(3)}</span>
            </li>
          ))}
        </ul>
      );
    }
    case "question-answering": {
      const a = answer as ExtractedAnswer;
      return (
        <div className="try-it-completion" data-testid="try-it-answer">
          <div className="try-it-text">{a.answer || "(empty answer)"}</div>
          <span className="small muted">
            score {a.score.toFixed(3)} · characters {a.start}–{a.end}
          </span>
        </div>
      );
    }
    case "sentence-similarity": {
      const scores = answer as number[];
      const sentences = text.split("\n").filter((s) => s.trim() !== "");
      return <Bars rows={scores.map((score, i) => ({ label: sentences[i] ?? `#${i + 1}`, score }))} />;
    }
    case "feature-extraction": {
      const vector = (
        Array.isArray((answer as unknown[])[0]) ? (answer as number[][])[0] : answer
      ) as number[];
      return (
        <div className="try-it-completion" data-testid="try-it-vector">
          <span className="small muted">{vector.length} dimensions</span>
          <div className="try-it-text mono">
            [
            {vector
              .slice(0, 8)
              .map((v) => v.toFixed(4))
              .join(", ")}
            {vector.length > 8 ? ", …" : ""}]
          </div>
        </div>
      );
    }
    default:
      return <Raw answer={answer} />;
  }
}

function Raw({ answer }: { answer: unknown }) {
  return <pre className="try-it-text">{JSON.stringify(answer, null, 2)}</pre>;
}
