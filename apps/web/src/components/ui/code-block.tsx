import { useEffect, useState } from "react";
import type * as HighlightModule from "../../lib/highlight.js";
import { CopyButton } from "./copy-button.js";

type Highlighter = typeof HighlightModule;
let loaded: Highlighter | undefined;
// Started when a page that shows code loads, so highlighting is ready by the time its data is.
const loading: Promise<Highlighter> = import("../../lib/highlight.js").then((m) => (loaded = m));

/** The highlighter ships in its own chunk, fetched the first time code is shown. */
export function useHighlighter(): Highlighter | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let alive = true;
    void loading.then((m) => alive && setModule(m));
    return () => {
      alive = false;
    };
  }, [module]);
  return module;
}

interface CodeBlockProps {
  code: string;
  language?: string;
  copy?: boolean;
  className?: string;
  label?: string;
}

export function CodeBlock({ code, language, copy = true, className = "", label }: CodeBlockProps) {
  const highlighter = useHighlighter();
  const html = highlighter?.highlightToHtml(code, language);
  return (
    <div className={`code-block ${className}`}>
      <pre tabIndex={0} aria-label={label ?? (language ? `${language} code` : "code")}>
        {html === undefined ? (
          <code>{code}</code>
        ) : (
          // highlight.js escapes the source text; it only adds its own spans.
          <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
      {copy ? <CopyButton text={code} /> : null}
    </div>
  );
}
