export const USAGE = `Usage: modelhub <command> [options]

Commands:
  serve                                  start the hub (default command)
  token create <user> [--write] [--name N] [--password P]
                                         print a new access token (creates the user if needed;
                                         --password also sets the user's web sign-in password)
  org create <name> [--fullname F] [--member user[:role]]...
                                         create an organisation (members default to admin)
  org add-member <org> <user> [--role admin|write|read]
                                         add a member or change its role (default write)
  snippets <model-id> [--provider P] [--language L] [--client C] [--stream] [--json]
                                         print the code snippets of a model the hub knows
  (token, org and snippets act on an existing hub's data folder, never a new one, and say which
   hub they use; snippets point at the running hub's address)
  seed [--reset]                         import the demo catalogue (--reset re-imports it)
  upload <repo> <local path> [path in repo]
                                         upload a file or folder to any hub (resumable; --help for options)
  download <repo> [files...]             download a repo or some of its files (resumable, verified)
  mirror pull <repo> [--revision R] [--repo-type T]
                                         pin a whole upstream repo on a running mirroring hub
                                         (site admin token: --token / HF_TOKEN; --help for options)
  scan --all [--wait]                    scan every stored file again on a running hub (pickle
                                         imports, format checks, ClamAV); site admin token
  quota set <user|org> <size> [--repos N]
                                         set a storage quota (50GB, 500MiB, none, default) and
                                         repository limit on a running hub; site admin token
  quota show <user|org>                  storage used, quota and repositories of a user or org
  gc [--dry-run] [--grace-hours H]       free unreachable git objects, unreferenced LFS objects, stale
                                         parts and temp files older than the grace period
  fsck [--repair]                        check LFS objects, git refs and the database; --repair
                                         re-derives what it can and lists the rest (exit 1 if any)
  migrate-blobs --to s3://bucket/prefix [--workers N]
                                         copy the data folder's LFS objects into S3, each verified;
                                         run again to resume (skips objects already there)
  audit verify                           check the audit log's hash chain: exit 1 naming the first
                                         event altered, deleted or reordered
  audit prune [--days N]                 remove audit events older than N days now (default
                                         MODELHUB_AUDIT_RETENTION_DAYS), leaving a signed summary
  backup <dir>                           online, incremental backup of the data folder
  restore <dir>                          restore a backup into an empty data folder (--data)

Settings (flag / environment, default):
  --port / MODELHUB_PORT (8080)          --host / MODELHUB_HOST (127.0.0.1)
  --data / MODELHUB_DATA (data/ at the root of the install, wherever you run the command)
  DATABASE_URL (PostgreSQL instead of SQLite)
  MODELHUB_PUBLIC_URL                    the address users reach the hub at
  --no-seed / MODELHUB_SEED=0            start empty
  MODELHUB_ADMIN_TOKEN=hf_...            ensure user "admin" with this write token
  MODELHUB_LOG_LEVEL (info)              MODELHUB_WEB_DIR (apps/web/dist)
  MODELHUB_SHUTDOWN_DRAIN_S (30)         MODELHUB_HEADERS_TIMEOUT_S (20)
  MODELHUB_IDLE_TIMEOUT_S (120)          MODELHUB_REQUEST_TIMEOUT_S (0 = none)
  MODELHUB_KEEPALIVE_TIMEOUT_S (5)       MODELHUB_GC_INTERVAL_H (24)   MODELHUB_GC_GRACE_H (24)
  MODELHUB_BLOB_STORE=s3://bucket/prefix LFS objects in S3 (AWS_ENDPOINT_URL_S3, AWS_ACCESS_KEY_ID,
                                         AWS_SECRET_ACCESS_KEY, AWS_REGION, MODELHUB_S3_FORCE_PATH_STYLE)
  MODELHUB_S3_UPLOAD_URL_SECONDS (3600)  MODELHUB_S3_DOWNLOAD_URL_SECONDS (600)
  MODELHUB_S3_VERIFY_WORKERS (4)
  MODELHUB_AUDIT_RETENTION_DAYS (keep)   MODELHUB_AUDIT_STDOUT=1 (audit events as JSON lines on stdout)
  MODELHUB_AUDIT_STREAM_URL, MODELHUB_AUDIT_STREAM_TOKEN   stream audit events to an HTTP endpoint`;
