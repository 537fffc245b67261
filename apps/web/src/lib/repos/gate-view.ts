import type { GateState } from "@modelhub/api-types";

/** What the gate notice of a gated repo shows to the current viewer. */
export type GateView =
  | { kind: "sign-in"; text: string }
  | { kind: "form"; text: string }
  | { kind: "pending"; text: string }
  | { kind: "rejected"; text: string }
  | { kind: "granted"; text: string };

export function gateView(state: GateState | undefined, signedIn: boolean): GateView {
  if (!signedIn)
    return { kind: "sign-in", text: "This repository is gated: sign in to request access to its files." };
  if (!state || (!state.hasAccess && state.status === null))
    return {
      kind: "form",
      text:
        state?.gated === "manual"
          ? "This repository is gated: the authors review each request before granting access to its files."
          : "This repository is gated: you get access to its files as soon as you submit the request.",
    };
  if (state.hasAccess)
    return {
      kind: "granted",
      text:
        state.status === "accepted"
          ? "Access granted: you can download this repository's files."
          : "You have access to this repository's files.",
    };
  if (state.status === "rejected")
    return {
      kind: "rejected",
      text: `Your request to access this repository was rejected by its authors.${state.rejectionReason ? ` Reason: ${state.rejectionReason}` : ""}`,
    };
  return { kind: "pending", text: "Your request is waiting for a decision by the repository's authors." };
}

/** HTML input type for a kind of `extra_gated_fields` entry. */
export function inputTypeOf(kind: string): "text" | "checkbox" | "date" {
  if (kind === "checkbox") return "checkbox";
  if (kind === "date_picker") return "date";
  return "text";
}
