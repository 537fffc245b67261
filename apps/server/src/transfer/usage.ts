const COMMON = `  --endpoint URL      hub address (env HF_ENDPOINT, default http://127.0.0.1:8080)
  --token hf_…        access token (env HF_TOKEN)
  --repo-type TYPE    model (default), dataset, space or kernel
  --revision REV      branch, tag or commit (default main)
  --quiet             no progress bars, only the summary line

Exit codes: 0 done, 1 usage error, 2 not found or not allowed, 3 network or server error,
4 verification failed (hash mismatch), 130 interrupted (run again to resume).`;

export const UPLOAD_USAGE = `Usage: modelhub upload <repo> <local path> [path in repo] [options]

Uploads a file or a folder as one commit. Files already on the hub with the same content are skipped,
large and binary files go through LFS (objects the hub already stores are not sent again). The repo is
created when it does not exist. Prints the commit URL.

  --commit-message M  commit title
  --commit-description D
  --private           create the repo as private (when it does not exist)
${COMMON}`;

export const DOWNLOAD_USAGE = `Usage: modelhub download <repo> [files or folders…] [options]

Downloads the repo (or the listed files/folders) into --local-dir (default ./<name>). Every file is
checked against its hash (sha256 for LFS files, git blob id otherwise). Interrupted downloads resume
from the partial "<file>.incomplete"; files already complete and verified are skipped. Prints the folder.

  --local-dir DIR     target folder
${COMMON}`;
