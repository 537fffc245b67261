import { CodeBlock } from "../ui/code-block.js";
import { paths } from "../../config/paths.js";

const PUBLIC_HUB = "https://huggingface.co";

/** The address this hub is reached at, as seen by the browser. */
export function hubOrigin(): string {
  return window.location.origin;
}

/**
 * The shell setup for code that downloads from this hub. huggingface_hub (and the libraries on it,
 * the `hf` CLI and llama.cpp) read the token from HF_TOKEN; keeping this hub's token in
 * MODELHUB_TOKEN and handing it over per command leaves HF_TOKEN free for a huggingface.co token.
 */
export function hubShellSetup(origin: string): string {
  return [
    "# A token of this hub (Settings → Access tokens); only needed for private or gated repos",
    "export MODELHUB_TOKEN=hf_xxxxxxxx",
    "# Run library code against this hub with that token",
    `HF_ENDPOINT=${origin} HF_TOKEN="$MODELHUB_TOKEN" python your_script.py`,
  ].join("\n");
}

/** Tells users where pasted code talks to (this hub or huggingface.co) and with which token. */
export function HubEndpointNote({ compact = false, hubUrl }: { compact?: boolean; hubUrl?: string }) {
  const origin = (hubUrl ?? hubOrigin()).replace(/\/$/, "");
  if (origin === PUBLIC_HUB) return null;
  if (compact) {
    return (
      <p className="notice notice-info small" data-testid="hub-endpoint-note">
        These requests never go to this hub (<code>{origin}</code>). Run them where <code>HF_ENDPOINT</code>{" "}
        is not set to it: <code>huggingface_hub</code> looks the provider up on <code>HF_ENDPOINT</code> and
        would send your huggingface.co token there.
      </p>
    );
  }
  return (
    <div className="notice notice-info small" data-testid="hub-endpoint-note">
      <p style={{ marginTop: 0 }}>
        These snippets download from this hub, not huggingface.co: Python code sets <code>HF_ENDPOINT</code>,
        llama.cpp gets <code>MODEL_ENDPOINT</code>. They read your token for this hub from{" "}
        <code>HF_TOKEN</code>; if <code>HF_TOKEN</code> holds your huggingface.co token (for Inference
        Providers), keep this hub&apos;s token in <code>MODELHUB_TOKEN</code> and pass it per command. Tokens:{" "}
        <a href={paths.tokens()}>Settings → Access tokens</a>.
      </p>
      <CodeBlock code={hubShellSetup(origin)} language="bash" />
    </div>
  );
}
