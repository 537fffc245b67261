import { CodeBlock } from "../../../components/ui/code-block.js";

const PUBLIC_HUB = "https://huggingface.co";

/** The address this hub is reached at, as seen by the browser. */
export function hubOrigin(): string {
  return window.location.origin;
}

/** Tells users that pasted code talks to this hub (not huggingface.co) and how. */
export function HubEndpointNote({ compact = false, hubUrl }: { compact?: boolean; hubUrl?: string }) {
  const origin = hubUrl ?? hubOrigin();
  if (origin.replace(/\/$/, "") === PUBLIC_HUB) return null;
  if (compact) {
    return (
      <p className="notice notice-info small" data-testid="hub-endpoint-note">
        This hub runs at <code>{origin}</code>. Library code downloads from it through{" "}
        <code>HF_ENDPOINT</code>; set your <code>HF_TOKEN</code> before running a snippet.
      </p>
    );
  }
  return (
    <div className="notice notice-info small" data-testid="hub-endpoint-note">
      <p style={{ marginTop: 0 }}>
        These snippets download from this hub, not huggingface.co: libraries built on{" "}
        <code>huggingface_hub</code> read the <code>HF_ENDPOINT</code> environment variable.
      </p>
      <CodeBlock code={`export HF_ENDPOINT=${origin}`} language="bash" />
    </div>
  );
}
