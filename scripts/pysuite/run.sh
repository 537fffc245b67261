#!/usr/bin/env bash
# scripts/pysuite/run.sh [TAG...]: huggingface_hub's own hub-facing tests against this checkout (built),
# through the shared runner (../shared/tools/pysuite, see its README), minus the tests in set-aside.tsv.
#   env: PYSUITE_TOOL (default: ../shared/tools/pysuite next to this project)
#        HFHUB_MIRROR (default: ../.mirror/huggingface+huggingface_hub/repo next to this project, where `fetch` puts it)
#        PYSUITE_FILES (default: test_hf_api.py)   OUT_ROOT (default: ${TMPDIR:-/tmp}/pysuite)
#        PYTEST_K (narrows further, e.g. one test)
# Debian packages: python3-pytest python3-pytest-mock python3-pytest-timeout python3-pytest-asyncio
#   python3-jedi python3-requests python3-httpx python3-filelock python3-fsspec python3-yaml python3-tqdm
#   python3-click python3-typing-extensions
# Nothing fetched is committed: the suite is exported from the mirror into a temporary folder per run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tool=${PYSUITE_TOOL:-$(cd "$root/.." && pwd)/shared/tools/pysuite}
[ -x "$tool/run.sh" ] || [ -f "$tool/run.sh" ] || { echo "no pysuite runner at $tool (set PYSUITE_TOOL)"; exit 1; }
export HFHUB_MIRROR=${HFHUB_MIRROR:-$(cd "$root/.." && pwd)/.mirror/huggingface+huggingface_hub/repo}
[ -f "$root/apps/server/dist/cli/main.js" ] || { echo "build first: npm run build"; exit 1; }
tags=("$@"); [ ${#tags[@]} -gt 0 ] || tags=(v1.28.0 v0.36.2)
read -r -a files <<<"${PYSUITE_FILES:-test_hf_api.py}"

# set-aside.tsv → a pytest -k expression: not (Class and test or …)
terms=()
while IFS=$'\t' read -r id _reason; do
  case "$id" in "#"* | "") continue ;; esac
  terms+=("(${id//::/ and })")
done <"$here/set-aside.tsv"
expr=$(IFS='|'; echo "${terms[*]}"); expr=${expr//|/ or }
k="not ($expr)"; [ -n "${PYTEST_K:-}" ] && k="($PYTEST_K) and $k"

for tag in "${tags[@]}"; do
  echo "== $tag"
  OUT="${OUT_ROOT:-${TMPDIR:-/tmp}/pysuite}/$tag" MODELHUB_ROOT="$root" PYTEST_K="$k" \
    bash "$tool/run.sh" "$tag" "${files[@]}"
done
