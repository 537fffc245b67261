/**
 * Every audit event type the hub records, `scope.action` as on the Hub (its names where it has one:
 * `repo.create`, `org.add_user`, `collection.create`, …), with what it means and how its message reads.
 * A new security-relevant action adds one entry here and one line to the README's catalogue table
 * (`audit-catalogue.test.ts` checks both).
 */

type Data = Record<string, unknown>;

export interface AuditEventSpec {
  /** What happened, for the catalogue table and the web page's type filter. */
  description: string;
  /** The event's one-line message, from its data. */
  message(data: Data): string;
  /** The Hub records this type under the same name. */
  hub?: true;
}

const text = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "?" : JSON.stringify(value);

/** `model alice/bert`, `dataset acme/data`: how messages name a repo from `data.repo`. */
function repo(data: Data): string {
  const value = data.repo as { type?: unknown; id?: unknown } | undefined;
  return value ? `${text(value.type)} ${text(value.id)}` : "a repo";
}

function changes(data: Data): string {
  const list = data.changes && typeof data.changes === "object" ? Object.keys(data.changes) : [];
  return list.length > 0 ? list.join(", ") : "nothing";
}

const ENTRIES = {
  // accounts, sign-in and credentials
  "user.create": {
    description: "A user account was created (by a site admin's command or the hub's admin token)",
    message: (d) => `Created the user ${text(d.user)}`,
  },
  "user.password_change": {
    description: "A user's password was set or changed (every browser of the user is signed out)",
    message: (d) => `Set the password of ${text(d.user)}`,
  },
  "user.login": {
    description:
      "A user signed in to the web app (`data.provider`: `password`, `password+totp`, `password+recovery`, `token`, `oidc`, `saml` or `ldap`; the company sign-in of the Hub's `org.sso_login`)",
    message: (d) => `Signed in with ${text(d.provider)}`,
  },
  "user.login_failed": {
    description:
      "A sign-in failed (`data.provider`, `data.reason`); the author is the claimed user when there is one",
    message: (d) => `Failed sign-in with ${text(d.provider)} (${text(d.reason)})`,
  },
  "user.logout": {
    description: "A user signed out of a browser session",
    message: () => "Signed out",
  },
  "user.session_revoke": {
    description: "A user signed another of their browser sessions out",
    message: (d) => `Revoked the browser session ${text(d.sessionId)}`,
  },
  "user.disable": {
    description:
      "A user account was switched off (`data.via`: `scim` when the identity provider deprovisioned it); its sessions end",
    message: (d) => `Disabled the user ${text(d.user)}`,
  },
  "user.enable": {
    description: "A switched-off user account was switched on again (`data.via` as for `user.disable`)",
    message: (d) => `Enabled the user ${text(d.user)}`,
  },
  "user.2fa_enable": {
    description: "A user turned two-factor authentication on (TOTP; recovery codes were issued)",
    message: (d) => `Turned two-factor authentication on for ${text(d.user)}`,
  },
  "user.2fa_disable": {
    description: "A user turned two-factor authentication off (secret and recovery codes deleted)",
    message: (d) => `Turned two-factor authentication off for ${text(d.user)}`,
  },
  "user.2fa_recovery_codes": {
    description: "A user replaced their two-factor recovery codes (`data.count`; never the codes)",
    message: (d) => `Renewed the recovery codes of ${text(d.user)}`,
  },
  "token.create": {
    description:
      "A personal access token was created (`data.role`, `data.last4`, `data.expiresAt`; a fine-grained one's `data.fineGrained` permissions and `data.pendingApproval` orgs; never its value)",
    message: (d) => `Created the ${text(d.role)} token "${text(d.displayName)}" of ${text(d.user)}`,
  },
  "token.delete": {
    description: "A personal access token was deleted",
    message: (d) => `Deleted the ${text(d.role)} token "${text(d.displayName)}" of ${text(d.user)}`,
  },
  "token.first_use": {
    description: "A personal access token was used for the first time",
    message: (d) => `First use of the ${text(d.role)} token "${text(d.displayName)}"`,
  },
  "token.credentials_revoke": {
    description:
      "A leaked token was revoked through `POST /api/credentials/revoke` (no sign-in needed; `data.last4`) and deleted",
    message: (d) => `Revoked the leaked ${text(d.role)} token "${text(d.displayName)}" of ${text(d.user)}`,
  },

  // organisations
  "org.create": {
    description: "An organization was created (`data.admins`: its first admins, the creator)",
    message: (d) => `Created the organization ${text(d.org)}`,
    hub: true,
  },
  "org.add_user": {
    description: "A user was added to an organization (`data.role`)",
    message: (d) => `Added ${text(d.user)} to ${text(d.org)} as ${text(d.role)}`,
    hub: true,
  },
  "org.remove_user": {
    description: "A member was removed from an organization",
    message: (d) => `Removed ${text(d.user)} from ${text(d.org)}`,
    hub: true,
  },
  "org.change_role": {
    description: "A member's role changed (`data.from`, `data.to`)",
    message: (d) =>
      `Changed the role of ${text(d.user)} in ${text(d.org)} from ${text(d.from)} to ${text(d.to)}`,
    hub: true,
  },
  "org.sso_settings_update": {
    description:
      "An org's company sign-in settings changed (`data.require2fa`, `data.groupsAttribute`, `data.mappings`: group → role)",
    message: (d) => `Updated the company sign-in settings of ${text(d.org)}`,
  },
  "org.scim_token_create": {
    description:
      "An org admin created a SCIM token for the org's identity provider (`data.prefix`; never its value)",
    message: (d) => `Created the SCIM token "${text(d.displayName)}" of ${text(d.org)}`,
  },
  "org.scim_token_delete": {
    description: "An org admin revoked one of the org's SCIM tokens",
    message: (d) => `Revoked the SCIM token "${text(d.displayName)}" of ${text(d.org)}`,
  },
  "org.settings.security.repo_visibility": {
    description: "An organization's default visibility of new repos changed",
    message: (d) =>
      `New repos of ${text(d.org)} are ${d.privateReposByDefault === true ? "private" : "public"} by default`,
    hub: true,
  },
  "org.settings.security.token_policy": {
    description:
      "An organization's token policy changed (`data.policy`: `allow_all`, `fine_grained_only` or `admin_approval`; `data.previous`)",
    message: (d) => `The token policy of ${text(d.org)} is now ${text(d.policy)}`,
  },
  "org.token_approve": {
    description: "An org admin approved a member's fine-grained token for the organization (`data.tokenId`)",
    message: (d) => `Approved the token "${text(d.displayName)}" of ${text(d.user)} for ${text(d.org)}`,
  },
  "org.token_deny": {
    description: "An org admin denied a member's fine-grained token access to the organization",
    message: (d) => `Denied the token "${text(d.displayName)}" of ${text(d.user)} access to ${text(d.org)}`,
  },
  "org.token_revoke": {
    description: "An org admin revoked a token's access to the organization (by its value or its id)",
    message: (d) => `Revoked the token "${text(d.displayName)}" of ${text(d.user)} for ${text(d.org)}`,
  },
  "org.service_account_create": {
    description: "An org admin created a service account (`data.user`, `data.role`, `data.description`)",
    message: (d) => `Created the service account ${text(d.user)} in ${text(d.org)}`,
  },
  "org.service_account_delete": {
    description: "An org admin deleted a service account (its tokens are deleted; `data.tokensDeleted`)",
    message: (d) => `Deleted the service account ${text(d.user)} of ${text(d.org)}`,
  },
  "org.audit_log.export": {
    description: "An organization's audit log was exported (`data.q`, `data.format`)",
    message: (d) => `Exported the audit log of ${text(d.org)} as ${text(d.format)}`,
    hub: true,
  },

  // repositories
  "repo.create": {
    description: "A repo was created (`data.repo`: type, id, private)",
    message: (d) => `Created the ${repo(d)}`,
    hub: true,
  },
  "repo.delete": {
    description: "A repo was deleted",
    message: (d) => `Deleted the ${repo(d)}`,
    hub: true,
  },
  "repo.move": {
    description: "A repo was renamed or moved to another namespace (`data.from`, `data.to`)",
    message: (d) => `Moved the ${repo(d)} from ${text(d.from)} to ${text(d.to)}`,
    hub: true,
  },
  "repo.update_settings": {
    description: "A repo's visibility or gating changed (`data.changes`: `{from, to}` per setting)",
    message: (d) => `Changed ${changes(d)} of the ${repo(d)}`,
    hub: true,
  },
  "repo.delete_lfs_file": {
    description: "LFS files were permanently deleted from a repo (`data.oids`, `data.rewriteHistory`)",
    message: (d) => `Permanently deleted ${text(d.count)} LFS file(s) of the ${repo(d)}`,
    hub: true,
  },
  "repo.delete_branch": {
    description: "A branch was deleted (`data.via`: `api` or `git`)",
    message: (d) => `Deleted the branch ${text(d.branch)} of the ${repo(d)}`,
  },
  "repo.delete_tag": {
    description: "A tag was deleted (`data.via`: `api` or `git`)",
    message: (d) => `Deleted the tag ${text(d.tag)} of the ${repo(d)}`,
  },
  "repo.super_squash": {
    description: "A branch's history was replaced by one commit (super-squash; `data.from`, `data.to`)",
    message: (d) => `Squashed the history of ${text(d.ref)} of the ${repo(d)}`,
  },
  "repo.force_push": {
    description: "A git push rewrote a branch's history (not a fast-forward; `data.from`, `data.to`)",
    message: (d) => `Force-pushed ${text(d.ref)} of the ${repo(d)}`,
  },
  "repo.secret_set": {
    description: "A Space secret was added or changed (`data.key`, `data.created`; never its value)",
    message: (d) => `Set the secret ${text(d.key)} of ${repo(d)}`,
  },
  "repo.secret_delete": {
    description: "A Space secret was deleted (`data.key`)",
    message: (d) => `Deleted the secret ${text(d.key)} of ${repo(d)}`,
  },
  "repo.variable_set": {
    description: "A Space variable was added or changed (`data.key`, `data.created`)",
    message: (d) => `Set the variable ${text(d.key)} of ${repo(d)}`,
  },
  "repo.variable_delete": {
    description: "A Space variable was deleted (`data.key`)",
    message: (d) => `Deleted the variable ${text(d.key)} of ${repo(d)}`,
  },
  "repo.access_request.granted": {
    description:
      "A user was given access to a gated repo (`data.via`: `auto`, `review` or `grant`; `data.user`)",
    message: (d) => `Gave ${text(d.user)} access to the ${repo(d)}`,
  },
  "repo.access_request.rejected": {
    description: "A user's access request to a gated repo was rejected",
    message: (d) => `Rejected the access request of ${text(d.user)} to the ${repo(d)}`,
  },
  "repo.access_request.pending": {
    description: "A user's access request was put back to pending (their access, if any, withdrawn)",
    message: (d) => `Put the access request of ${text(d.user)} to the ${repo(d)} back to pending`,
  },

  // collections
  "collection.create": {
    description: "A collection was created",
    message: (d) => `Created the collection ${text(d.slug)}`,
    hub: true,
  },
  "collection.update": {
    description: "A collection's title, description, visibility, theme or position changed",
    message: (d) => `Changed ${changes(d)} of the collection ${text(d.slug)}`,
  },
  "collection.delete": {
    description: "A collection was deleted",
    message: (d) => `Deleted the collection ${text(d.slug)}`,
    hub: true,
  },

  // webhooks (the target is recorded as its origin only: a URL path may hold a token)
  "webhook.create": {
    description: "A webhook was created (`data.target`: scheme, host and port only; `data.hasSecret`)",
    message: (d) => `Created the webhook ${text(d.webhookId)} to ${text(d.target)}`,
  },
  "webhook.update": {
    description:
      "A webhook's target, watched items, domains or secret changed (`data.changes`; the secret as `secretChange`)",
    message: (d) => `Changed ${changes(d)} of the webhook ${text(d.webhookId)}`,
  },
  "webhook.delete": {
    description: "A webhook was deleted",
    message: (d) => `Deleted the webhook ${text(d.webhookId)}`,
  },
  "webhook.enable": {
    description: "A webhook was enabled",
    message: (d) => `Enabled the webhook ${text(d.webhookId)}`,
  },
  "webhook.disable": {
    description: "A webhook was disabled",
    message: (d) => `Disabled the webhook ${text(d.webhookId)}`,
  },

  // the upstream mirror
  "mirror.pin": {
    description: "A site admin mirrored and pinned a whole revision of an upstream repo",
    message: (d) => `Pinned ${text(d.revision)} of the ${repo(d)} (${text(d.files)} files)`,
  },
  "mirror.rules": {
    description: "The mirror's allow/deny rules changed (read at start-up from the environment)",
    message: () => "Changed the mirror's allow and deny rules",
  },

  // site administration
  "admin.gc": {
    description: "Garbage collection ran and deleted data (`data.trigger`: `api`, `schedule` or `cli`)",
    message: (d) => `Garbage collection freed ${text(d.bytesFreed)} bytes`,
  },
  "admin.restore": {
    description: "A backup was restored into this hub's data folder (`modelhub restore`)",
    message: (d) => `Restored the backup made at ${text(d.backupCreatedAt)}`,
  },
  "admin.fsck_repair": {
    description: "`modelhub fsck --repair` changed the data folder (`data.repaired`)",
    message: (d) => `fsck repaired ${text(d.repaired)} problem(s)`,
  },
  "admin.scan_release": {
    description:
      "A site admin released a file the scan policy refuses, with a reason (`data.key`, `data.repo`, `data.path`, `data.status`)",
    message: (d) => `Released ${text(d.path)} (${text(d.status)}) of ${text(d.repo)}: ${text(d.reason)}`,
  },
  "admin.scan_rescan": {
    description:
      "Every scan result was queued again (`data.queued`; the admin page's button or `modelhub scan --all`)",
    message: (d) => `Queued ${text(d.queued)} files for scanning again`,
  },
  "admin.quota_set": {
    description:
      "A site admin set a user's or organization's storage quota or repository limit (`data.storageBefore`, `data.storageAfter`, `data.reposBefore`, `data.reposAfter`; null is unlimited)",
    message: (d) =>
      `Set the limits of ${text(d.namespace)}: storage ${text(d.storageAfter)} bytes, ${text(d.reposAfter)} repositories`,
  },
  "audit.prune": {
    description: "Retention removed old events and signed a summary of them (`data.throughSeq`)",
    message: (d) => `Removed ${text(d.removed)} audit events older than ${text(d.retentionDays)} days`,
  },
} satisfies Record<string, AuditEventSpec>;

export type AuditEventType = keyof typeof ENTRIES;

export const AUDIT_CATALOGUE: Readonly<Record<AuditEventType, AuditEventSpec>> = ENTRIES;

export const AUDIT_EVENT_TYPES = Object.keys(ENTRIES) as AuditEventType[];

export function isAuditEventType(type: string): type is AuditEventType {
  return Object.hasOwn(ENTRIES, type);
}

/** The scope of a type: `repo` for `repo.create`, `org` for `org.settings.security.repo_visibility`. */
export function scopeOf(type: string): string {
  return type.split(".")[0] ?? type;
}
