import type { BackendSettings } from "./settings.js";

/** A backend able to serve one hub model, with the name that backend knows the model by. */
export interface ServingRoute {
  /** The hub model id as the config spells it. */
  hubId: string;
  backend: BackendSettings;
  backendModel: string;
}

/** Which backends serve which hub model ids (case-insensitive, like repo ids), in config order. */
export class BackendRegistry {
  private readonly byModel = new Map<string, ServingRoute[]>();
  private readonly byName = new Map<string, BackendSettings>();

  constructor(backends: readonly BackendSettings[]) {
    for (const backend of backends) {
      this.byName.set(backend.name.toLowerCase(), backend);
      for (const [hubId, backendModel] of Object.entries(backend.models)) {
        const key = hubId.toLowerCase();
        const routes = this.byModel.get(key) ?? [];
        routes.push({ hubId, backend, backendModel });
        this.byModel.set(key, routes);
      }
    }
  }

  /** Every hub model id some backend serves, as written in the config (first spelling wins). */
  servedModelIds(): string[] {
    return [...this.byModel.values()].map((routes) => routes[0].hubId);
  }

  routesFor(hubId: string): ServingRoute[] {
    return this.byModel.get(hubId.toLowerCase()) ?? [];
  }

  backendNamed(name: string): BackendSettings | undefined {
    return this.byName.get(name.toLowerCase());
  }
}

export interface RequestedModel {
  hubId: string;
  /** Set by `owner/name:backend`. */
  backendName?: string;
}

/** `owner/name` or `owner/name:backend` (a repo name never contains ':'). */
export function parseRequestedModel(model: string): RequestedModel {
  const colon = model.lastIndexOf(":");
  if (colon < 0) return { hubId: model };
  return { hubId: model.slice(0, colon), backendName: model.slice(colon + 1) };
}
