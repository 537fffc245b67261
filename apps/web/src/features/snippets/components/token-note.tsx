import { Link } from "react-router";
import { paths } from "../../../config/paths.js";
import { isHubChoice, SELF_HOSTED, tokenNeedFor } from "../../../lib/snippets/panel-options.js";

/** Says which token the snippet on screen reads, so a hub token is never sent to the router. */
export function TokenNote({ provider, code }: { provider: string; code?: string }) {
  const need = tokenNeedFor(provider, code);
  if (isHubChoice(provider)) {
    return (
      <p className="small muted" style={{ margin: 0 }} data-testid="token-note">
        Token: this snippet reads <code>{need.variable}</code>, {need.what}. Create one in{" "}
        <Link to={paths.tokens()}>Settings → Access tokens</Link> (a read token is enough).
      </p>
    );
  }
  return (
    <p className="small muted" style={{ margin: 0 }} data-testid="token-note">
      Token: this snippet reads <code>{need.variable}</code>, {need.what}.
      {provider === SELF_HOSTED || need.variable !== "HF_TOKEN" ? null : (
        <>
          {" "}
          Library code and local apps read your token for this hub; keep it in <code>MODELHUB_TOKEN</code> so
          one shell can hold both (see “Use this model”).
        </>
      )}
    </p>
  );
}
