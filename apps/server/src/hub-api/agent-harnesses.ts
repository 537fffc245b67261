/**
 * The Hub's registry of AI coding agents ("harnesses"), served at `GET /api/agent-harnesses`.
 * huggingface_hub ≥ 1.x fetches it at most once a day to tell, from the environment, which agent runs
 * it (the `agent/<id>` part of its User-Agent, the CLI's agent output mode).
 */
export interface AgentHarness {
  prettyLabel: string;
  repoUrl?: string;
  docsUrl?: string;
  /** Variable → pattern: `"*"` any non-empty value, otherwise that exact value. None: only AI_AGENT/AGENT name it. */
  envVars?: Record<string, string>;
}

export interface AgentHarnessRegistry {
  /** Variables any tool may set to its harness id. */
  standardEnvVars: string[];
  /** Keyed by harness id; the order is the detection priority (first match wins). */
  harnesses: Record<string, AgentHarness>;
}

const ANY = "*";

export const AGENT_HARNESS_REGISTRY: AgentHarnessRegistry = {
  standardEnvVars: ["AI_AGENT", "AGENT"],
  harnesses: {
    antigravity: {
      prettyLabel: "Antigravity",
      docsUrl: "https://antigravity.google",
      envVars: { ANTIGRAVITY_AGENT: ANY },
    },
    "augment-cli": {
      prettyLabel: "Augment CLI",
      repoUrl: "https://github.com/augmentcode/auggie",
      docsUrl: "https://www.augmentcode.com",
      envVars: { AUGMENT_AGENT: ANY },
    },
    cline: {
      prettyLabel: "Cline",
      repoUrl: "https://github.com/cline/cline",
      docsUrl: "https://cline.bot",
      envVars: { CLINE_ACTIVE: ANY },
    },
    // Before claude-code: Cowork runs on Claude Code and sets both variables.
    cowork: {
      prettyLabel: "Cowork",
      docsUrl: "https://claude.com/product/cowork",
      envVars: { CLAUDE_CODE_IS_COWORK: ANY },
    },
    "claude-code": {
      prettyLabel: "Claude Code",
      repoUrl: "https://github.com/anthropics/claude-code",
      docsUrl: "https://code.claude.com/docs",
      envVars: { CLAUDECODE: ANY, CLAUDE_CODE: ANY },
    },
    codex: {
      prettyLabel: "Codex",
      repoUrl: "https://github.com/openai/codex",
      docsUrl: "https://developers.openai.com/codex",
      envVars: { CODEX_SANDBOX: ANY, CODEX_CI: ANY, CODEX_THREAD_ID: ANY },
    },
    // Before cursor: the CLI inside the editor's terminal inherits the editor's variable too.
    "cursor-cli": {
      prettyLabel: "Cursor CLI",
      docsUrl: "https://cursor.com/docs/cli/overview",
      envVars: { CURSOR_AGENT: ANY },
    },
    cursor: { prettyLabel: "Cursor", docsUrl: "https://cursor.com", envVars: { CURSOR_TRACE_ID: ANY } },
    "github-copilot": {
      prettyLabel: "GitHub Copilot",
      docsUrl: "https://docs.github.com/copilot",
      envVars: { COPILOT_MODEL: ANY, COPILOT_ALLOW_ALL: ANY, COPILOT_GITHUB_TOKEN: ANY },
    },
    goose: {
      prettyLabel: "Goose",
      repoUrl: "https://github.com/aaif-goose/goose",
      docsUrl: "https://goose-docs.ai/",
      envVars: { GOOSE_TERMINAL: ANY },
    },
    openclaw: {
      prettyLabel: "OpenClaw",
      repoUrl: "https://github.com/openclaw/openclaw",
      docsUrl: "https://openclaw.ai",
      envVars: { OPENCLAW_SHELL: ANY },
    },
    opencode: {
      prettyLabel: "opencode",
      repoUrl: "https://github.com/anomalyco/opencode",
      docsUrl: "https://opencode.ai",
      envVars: { OPENCODE_CLIENT: ANY },
    },
    pi: {
      prettyLabel: "Pi",
      repoUrl: "https://github.com/earendil-works/pi",
      docsUrl: "https://pi.dev",
      envVars: { PI_CODING_AGENT: ANY },
    },
    replit: { prettyLabel: "Replit", docsUrl: "https://replit.com", envVars: { REPL_ID: ANY } },
    trae: { prettyLabel: "Trae", docsUrl: "https://trae.ai", envVars: { TRAE_AI_SHELL_ID: ANY } },
    devin: { prettyLabel: "Devin", docsUrl: "https://devin.ai" },
  },
};
