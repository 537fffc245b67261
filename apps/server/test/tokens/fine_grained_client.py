"""The official huggingface_hub client with a fine-grained token of this hub.

Environment: HF_ENDPOINT, MODELHUB_PY_FINE_TOKEN (fine-grained: repo.write on MODELHUB_PY_REPO only),
MODELHUB_PY_OTHER_REPO (a private repo of the same user the token does not reach). Exits 1 on a failure.
"""

import os
import sys

from huggingface_hub import HfApi, whoami
from huggingface_hub.errors import HfHubHTTPError

TOKEN = os.environ["MODELHUB_PY_FINE_TOKEN"]
REPO = os.environ["MODELHUB_PY_REPO"]
OTHER = os.environ["MODELHUB_PY_OTHER_REPO"]


def fail(message: str) -> None:
    print(f"FAIL {message}")
    sys.exit(1)


me = whoami(token=TOKEN)
access = me["auth"]["accessToken"]
if access["role"] != "fineGrained":
    fail(f"role {access['role']!r}")
scoped = access["fineGrained"]["scoped"]
if [s["entity"]["name"] for s in scoped] != [REPO] or "repo.write" not in scoped[0]["permissions"]:
    fail(f"scoped {scoped!r}")
print("ok whoami reports the fine-grained token")

api = HfApi(token=TOKEN)
api.upload_file(path_or_fileobj=b"fine", path_in_repo="fine.txt", repo_id=REPO)
print("ok upload to the scoped repo")
try:
    api.upload_file(path_or_fileobj=b"no", path_in_repo="no.txt", repo_id=OTHER)
    fail("upload to a repo outside the token's scope succeeded")
except HfHubHTTPError as error:
    if error.response is None or error.response.status_code != 403:
        fail(f"outside upload: {error!r}")
print("ok upload outside the scope refused with 403")
print("fine-grained checks passed")
