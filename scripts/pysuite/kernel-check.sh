#!/usr/bin/env bash
# scripts/pysuite/kernel-check.sh [TAG]: huggingface_hub's test_kernels.py in full, production tests included
# (run.sh sets those aside: they read huggingface.co's kernels-community/relu). A fresh hub of this checkout
# (built) gets its own kernels-community/relu (branches main and v1, benchmarks/benchmark.py differing
# between them) and the suite's ENDPOINT_PRODUCTION points at it. Needs what run.sh needs, plus the click
# and fsspec snapshots next to the huggingface_hub one.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mirror=${HFHUB_MIRROR:-$(cd "$root/.." && pwd)/.mirror/huggingface+huggingface_hub/repo}
mroot=$(dirname "$(dirname "$mirror")")
tag=${1:-v1.28.0}
work=$(mktemp -d /tmp/kcheck-XXXXXX); data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'); url=http://127.0.0.1:$port
git -C "$mirror" archive "$tag" src tests pyproject.toml | tar -x -C "$work"
mkdir -p "$work/deps"; git -C "$mroot/pallets+click/repo" archive 8.4.2 src/click | tar -x -C "$work/deps"
git -C "$mroot/fsspec+filesystem_spec/repo" archive 2026.7.0 -- fsspec ':(exclude)fsspec/implementations/tests' ':(exclude)fsspec/tests' 2>/dev/null | tar -x -C "$work/deps"
echo '__version__ = "2026.7.0"' > "$work/deps/fsspec/_version.py"
MODELHUB_PORT=$port MODELHUB_HOST=127.0.0.1 MODELHUB_DATA=$data MODELHUB_SEED=0 MODELHUB_PUBLIC_URL=$url \
  setsid node "$root/apps/server/dist/cli/main.js" serve >"$work/hub.log" 2>&1 &
hubpid=$!
trap 'kill -TERM -- "-$hubpid" 2>/dev/null; sleep 1; rm -rf "$work" "$data"' EXIT
for _ in $(seq 1 240); do [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/api/models?limit=1")" = 200 ] && break; sleep 0.5; done
mh() { MODELHUB_DATA=$data node "$root/apps/server/dist/cli/main.js" "$@" 2>&1; }
TOKEN=$(mh token create DummyHubUser --write | grep -o 'hf_[A-Za-z0-9]*' | tail -1)
mh org create kernels-community --member DummyHubUser:admin >/dev/null
H=(-H "Authorization: Bearer $TOKEN")
curl -sf -o /dev/null "${H[@]}" -H 'Content-Type: application/json' \
  -d '{"name":"relu","organization":"kernels-community","type":"kernel"}' "$url/api/repos/create" || { echo "create failed"; exit 1; }
commit() { # $1 branch, $2 content of benchmarks/benchmark.py
  printf '%s\n%s\n' '{"key":"header","value":{"summary":"bench"}}' \
    "{\"key\":\"file\",\"value\":{\"path\":\"benchmarks/benchmark.py\",\"content\":\"$(printf '%s' "$2" | base64 -w0)\",\"encoding\":\"base64\"}}" |
  curl -sf -o /dev/null "${H[@]}" -H 'Content-Type: application/x-ndjson' --data-binary @- \
    "$url/api/kernels/kernels-community/relu/commit/$1" || { echo "commit failed"; exit 1; }
}
commit main "print('v1')"
curl -sf -o /dev/null -X POST "${H[@]}" "$url/api/kernels/kernels-community/relu/branch/v1" || exit 1
commit main "print('v2')"
cat >>"$work/tests/testing_constants.py" <<PY
USER = "DummyHubUser"
TOKEN = "$TOKEN"
ENDPOINT_STAGING = "$url"
ENDPOINT_PRODUCTION = "$url"
PY
sed -i "s#https://hub-ci.huggingface.co#$url#g" "$work"/tests/test_kernels.py
# Debian's filelock predates the `mode=` keyword huggingface_hub 1.x passes (as the shared runner's plugin does)
cat > "$work/deps/kshim.py" <<'PY'
import filelock
_orig = filelock.BaseFileLock.__init__
def _init(self, *a, **k):
    k.pop("mode", None)
    _orig(self, *a, **k)
filelock.BaseFileLock.__init__ = _init
PY
cd "$work"
env -u HF_TOKEN HF_ENDPOINT="$url" HF_HOME="$work/hf_home" PYTHONPATH="$work/deps/src:$work/deps:$work/src" \
  timeout 600 /usr/bin/python3 -m pytest tests/test_kernels.py -p kshim -o addopts= -p no:cacheprovider -rA --timeout 120 -q 2>&1 | tail -25
