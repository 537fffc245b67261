/**
 * JSON shapes of the platform routes that are not plain Hub repo objects, in one module so the web app
 * can import them type-only. Repo info and listing items follow `shared/spec/hub-api.md` §5–6.
 */

export interface AccessTokenJson {
  id: string;
  displayName: string;
  role: "read" | "write";
  /** First characters of the token, so users recognise it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** `POST /api/settings/tokens`: the token value is only ever shown here. */
export interface CreatedAccessTokenJson extends AccessTokenJson {
  token: string;
}

/** `POST /api/login`: the session is in an HttpOnly cookie; writes send `csrfToken` as `X-CSRF-Token`. */
export interface LoginJson {
  user: { name: string; fullname: string };
  csrfToken: string;
}

/** `POST|DELETE|GET /api/{kind}/{owner}/{name}/like` */
export interface LikeStateJson {
  liked: boolean;
  likes: number;
}

/** `GET /api/users/{user}/likes` items */
export interface LikedRepoJson {
  createdAt: string;
  repo: { name: string; type: string };
}

export interface InferenceSnippetJson {
  language: string;
  client: string;
  content: string;
}

export interface LibrarySnippetsJson {
  library: string;
  label: string;
  snippets: string[];
}

/** `GET /api/models/{owner}/{name}/snippets` */
export interface SnippetSetJson {
  model: string;
  provider: string;
  providers: string[];
  /** False when no inference provider serves the model (then `inference` is empty, as on the Hub). */
  deployed: boolean;
  inference: InferenceSnippetJson[];
  libraries: LibrarySnippetsJson[];
  /** Set when the hub is not huggingface.co: where library clients must point (`HF_ENDPOINT`). */
  hubUrl?: string;
}
