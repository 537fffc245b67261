import type { Generated } from "kysely";

/**
 * Row shapes of the metadata database. Portable column types only (text, integer, real), so the same
 * queries run on SQLite and PostgreSQL: booleans are 0/1, dates are ISO-8601 text (sortable),
 * JSON documents are text.
 */
export interface UserTable {
  id: string;
  name: string;
  name_lower: string;
  fullname: string;
  email: string | null;
  password_hash: string | null;
  is_admin: number;
  created_at: string;
  /** 1: the account is switched off (SCIM `active: false`): no sign-in, no session, no token. */
  disabled: Generated<number>;
  /** Base32 TOTP secret once 2FA is being set up or is on. */
  totp_secret: Generated<string | null>;
  /** When 2FA was turned on; null while off (or only being set up). */
  totp_enabled_at: Generated<string | null>;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: Generated<number>;
  /** Set on service accounts: the org that owns the account (no password, no browser sign-in). */
  service_account_org: Generated<string | null>;
  service_account_description: Generated<string | null>;
  service_account_created_by: Generated<string | null>;
}

export interface OrgTable {
  id: string;
  name: string;
  name_lower: string;
  fullname: string;
  created_at: string;
  /** 1: repos created in the org without an explicit visibility are private. */
  private_repos_default: Generated<number>;
  /** 1: members must use 2FA or company sign-in to see the org's private content from the browser. */
  require_2fa: Generated<number>;
  /** The OIDC claim / SAML attribute holding the groups the org's mappings match (site default when null). */
  sso_groups_attribute: Generated<string | null>;
  /** `allow_all`, `fine_grained_only` or `admin_approval` (see platform/org-token-policy.ts). */
  token_policy: Generated<string>;
}

export interface MembershipTable {
  org_name: string;
  user_name: string;
  role: string;
  /** `sso` (a group → role mapping) or `scim:<group id>`; null for memberships an admin made. */
  granted_by: Generated<string | null>;
}

export interface TokenTable {
  id: string;
  user_name: string;
  display_name: string;
  role: string;
  token_hash: string;
  /** First characters of the token, shown in lists so users recognise it. */
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  /** The permissions of a fine-grained token (JSON, see platform/token-scope.ts); null for read/write tokens. */
  fine_grained: Generated<string | null>;
  /** After this instant the token is refused (401); null: it never expires. */
  expires_at: Generated<string | null>;
}

/** A token's standing with one organisation: `pending`, `approved`, `denied` or `revoked`. */
export interface OrgTokenAccessTable {
  org_name: string;
  token_id: string;
  status: string;
  decided_by: string | null;
  updated_at: string;
}

/** A browser sign-in: the cookie holds a random secret, stored here only as its SHA-256. */
export interface WebSessionTable {
  id: string;
  user_name: string;
  secret_hash: string;
  created_at: string;
  last_seen_at: string;
  /** The earlier of last_seen_at + idle limit and created_at + absolute limit. */
  expires_at: string;
  user_agent: string | null;
  /** How the session began: password, password+totp, password+recovery, token, oidc, saml, ldap. */
  method: Generated<string | null>;
  /** What RP-initiated logout at the identity provider needs (JSON), when it offers one. */
  idp_logout: Generated<string | null>;
}

export interface RepoTable {
  /** Opaque id returned as `_id`. */
  id: string;
  type: string;
  owner: string;
  name: string;
  /** `owner/name` as created. */
  full_id: string;
  /** `type:owner/name` lower-cased: lookups and uniqueness ignore case. */
  lookup_key: string;
  private: number;
  gated: string;
  created_at: string;
  last_modified: string;
  sha: string | null;
  card_data: string | null;
  tags: string;
  pipeline_tag: string | null;
  library_name: string | null;
  config: string | null;
  transformers_info: string | null;
  widget_data: string | null;
  gguf: string | null;
  /** JSON `{parameters, total}` from the safetensors headers (models), or null. */
  safetensors: string | null;
  /** `safetensors.total`, kept as a column for the `num_parameters` listing filter. */
  num_parameters: number | null;
  siblings: string;
  warnings: string;
  used_storage: number;
  sdk: string | null;
  /** Likes count = seed_likes (imported catalogue) + rows in `likes`. */
  likes: number;
  seed_likes: number;
  downloads_all_time: number;
  downloads_30d: number;
  trending_score: number;
  /** Base URL of the upstream hub this repo is a read-only mirror of; null for the hub's own repos. */
  mirror_upstream: string | null;
  /** The user who created the repo (the `contributor` org role writes only to its own repos). */
  created_by: Generated<string | null>;
}

export interface RepoTagTable {
  repo_id: string;
  tag: string;
}

export interface LikeTable {
  user_name: string;
  repo_id: string;
  created_at: string;
}

export interface DownloadDayTable {
  repo_id: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  count: number;
}

export interface ProviderMappingTable {
  repo_id: string;
  provider: string;
  provider_id: string;
  task: string;
  status: string;
  adapter: string | null;
  adapter_weights_path: string | null;
  /** 1 when the row stands for one of this hub's own inference backends (see inference/served-mappings). */
  served_by_hub: Generated<number>;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** One request per (repo, user) to download a gated repo's files. */
export interface AccessRequestTable {
  /** `repos.id` (survives renames). */
  repo_id: string;
  user_name: string;
  /** `pending` | `accepted` | `rejected` */
  status: string;
  /** JSON object of the answers to the card's `extra_gated_fields`, or null. */
  fields: string | null;
  /** `request` (the user asked, sharing their contact) or `grant` (an owner added them). */
  via: string;
  rejection_reason: string | null;
  granted_by: string | null;
  created_at: string;
  reviewed_at: string | null;
}

/** An old name of a renamed repo, kept until a repo takes that name again. */
export interface RepoRedirectTable {
  /** `type:owner/name` lower-cased, as `repos.lookup_key`. */
  lookup_key: string;
  /** `repos.id` of the renamed repo: a chain of renames ends at its current name. */
  repo_id: string;
  created_at: string;
}

/** A space's card naming a model or dataset (`models:` / `datasets:`), keyed by the target's id text. */
export interface RepoLinkTable {
  /** `repos.id` of the space (survives renames). */
  repo_id: string;
  /** `model` | `dataset` */
  kind: string;
  /** The target id lower-cased: lookups ignore case, as repo ids do. */
  target_lower: string;
  /** The target id as the card spells it. */
  target: string;
}

/** A mirrored repo's upkeep: when its refs were last compared with the upstream's. */
export interface MirrorRepoTable {
  repo_id: string;
  upstream: string;
  refreshed_at: string;
  created_at: string;
}

/** An LFS object cached for a mirrored repo (evictable unless pinned). */
export interface MirrorFileTable {
  oid: string;
  repo_id: string;
  size: number;
  pinned: number;
  hits: number;
  cached_at: string;
  last_access: string;
}

/** One persisted counter of the upstream mirror. */
export interface MirrorStatTable {
  name: string;
  value: number;
}

/** Failed sign-ins in a fixed window (`user:<name>` / `addr:<address>`), shared by replicas. */
export interface SignInFailureTable {
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends. */
  reset_at: number;
}

/** The dataset viewer's Parquet conversion of a dataset (see src/datasets/). */
export interface DatasetConversionTable {
  repo_id: string;
  source_commit: string;
  /** queued | running | done | failed */
  state: string;
  parquet_commit: string | null;
  /** JSON of the conversion report (configs, splits, features, per-split errors). */
  report: string | null;
  error: string | null;
  updated_at: string;
}

/** A collection: `slug` is `owner/<title slug>-<id>`, so only `id` identifies it. */
export interface CollectionTable {
  id: string;
  owner: string;
  owner_lower: string;
  title: string;
  title_lower: string;
  description: string | null;
  private: number;
  theme: string;
  position: number;
  upvotes: number;
  created_at: string;
  updated_at: string;
}

/** An entry of a collection; `item_ref` is `repos.id` (follows renames) or `collections.id`. */
export interface CollectionItemTable {
  id: string;
  collection_id: string;
  item_type: string;
  item_ref: string;
  position: number;
  note: string | null;
  added_at: string;
}

/** A user's account at an identity provider: found again by (provider, subject), never by a name. */
export interface ExternalIdentityTable {
  id: string;
  /** `oidc`, `saml`, `ldap` or `scim:<org>`. */
  provider: string;
  subject: string;
  user_id: string;
  /** The user name the provider last gave (not the hub name, which may differ). */
  username: string | null;
  email: string | null;
  /** JSON array of the groups the provider last gave. */
  groups: string;
  /** JSON object of other facts (SCIM's externalId, name, emails). */
  attributes: string;
  created_at: string;
  last_seen_at: string;
}

export interface RecoveryCodeTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export interface OrgGroupRoleTable {
  org_name: string;
  group_name: string;
  role: string;
}

export interface ScimTokenTable {
  id: string;
  org_name: string;
  token_hash: string;
  token_prefix: string;
  display_name: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
}

export interface ScimGroupTable {
  id: string;
  org_name: string;
  display_name: string;
  external_id: string | null;
  /** JSON array of hub user ids. */
  members: string;
  created_at: string;
  updated_at: string;
}

/** A sign-in in progress (OIDC state, SAML request id) or a used SAML assertion id, until it expires. */
export interface SignInFlowTable {
  id: string;
  kind: string;
  data: string;
  /** epoch milliseconds */
  expires_at: number;
}

export interface SpaceSecretTable {
  repo_id: string;
  key: string;
  /** AES-256-GCM of the value (`iv.tag.ciphertext`, base64url), see spaces/space-settings.ts */
  sealed_value: string;
  description: string | null;
  updated_at: string;
}

export interface SpaceVariableTable {
  repo_id: string;
  key: string;
  value: string;
  description: string | null;
  updated_at: string;
}

export interface Database {
  users: UserTable;
  orgs: OrgTable;
  memberships: MembershipTable;
  tokens: TokenTable;
  org_token_access: OrgTokenAccessTable;
  repos: RepoTable;
  repo_tags: RepoTagTable;
  likes: LikeTable;
  download_days: DownloadDayTable;
  provider_mappings: ProviderMappingTable;
  hub_meta: MetaTable;
  access_requests: AccessRequestTable;
  repo_links: RepoLinkTable;
  repo_redirects: RepoRedirectTable;
  web_sessions: WebSessionTable;
  mirror_repos: MirrorRepoTable;
  mirror_files: MirrorFileTable;
  mirror_stats: MirrorStatTable;
  sign_in_failures: SignInFailureTable;
  dataset_conversions: DatasetConversionTable;
  collections: CollectionTable;
  collection_items: CollectionItemTable;
  external_identities: ExternalIdentityTable;
  recovery_codes: RecoveryCodeTable;
  org_group_roles: OrgGroupRoleTable;
  scim_tokens: ScimTokenTable;
  scim_groups: ScimGroupTable;
  sign_in_flows: SignInFlowTable;
  space_secrets: SpaceSecretTable;
  space_variables: SpaceVariableTable;
}
