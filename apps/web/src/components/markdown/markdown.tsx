import ReactMarkdown, { defaultUrlTransform, type Components, type UrlTransform } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "../ui/code-block.js";
import { stripFrontMatter } from "./strip-front-matter.js";

const components: Components = {
  pre: ({ children }) => <>{children}</>,
  code: ({ className, children }) => {
    const language = /language-([\w-]+)/.exec(className ?? "")?.[1];
    const text = String(children ?? "");
    // Fenced blocks end with a newline; inline code never does.
    if (!language && !text.includes("\n")) return <code>{children}</code>;
    return <CodeBlock code={text.replace(/\n$/, "")} language={language} />;
  },
  a: ({ href, children }) => {
    const external = href !== undefined && /^https?:/.test(href);
    return (
      <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
        {children}
      </a>
    );
  },
};

export interface RepoLinkBase {
  /** Where relative image sources point, e.g. `/owner/name/resolve/main/`. */
  files: string;
  /** Where relative links point, e.g. `/owner/name/blob/main/`. */
  pages: string;
}

function isRelative(url: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(url);
}

function repoUrlTransform(base: RepoLinkBase | undefined): UrlTransform {
  return (url, key) => {
    const safe = defaultUrlTransform(url);
    if (!base || !safe || !isRelative(safe)) return safe;
    const cleaned = safe.replace(/^\.\//, "");
    return `${key === "src" ? base.files : base.pages}${cleaned}`;
  };
}

export function Markdown({ source, linkBase }: { source: string; linkBase?: RepoLinkBase }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={components}
        urlTransform={repoUrlTransform(linkBase)}
      >
        {stripFrontMatter(source)}
      </ReactMarkdown>
    </div>
  );
}
