"""huggingface_hub against a hub whose LFS objects live in S3: upload_folder, then snapshot_download.

Reads HF_ENDPOINT, MODELHUB_PY_TOKEN, MODELHUB_PY_REPO; prints one "ok <check>" line per passed check.
"""

import hashlib
import inspect
import os
import sys
import tempfile

import filelock

# Debian's python3-filelock is older than huggingface_hub 1.x expects (no `mode=` argument): accept and ignore it.
if "mode" not in inspect.signature(filelock.FileLock.__init__).parameters:
    _Original = filelock.FileLock

    class _LockIgnoringMode(_Original):  # type: ignore[misc, valid-type]
        def __init__(self, *args, mode=None, **kwargs):  # noqa: ARG002
            super().__init__(*args, **kwargs)

    filelock.FileLock = _LockIgnoringMode

from huggingface_hub import HfApi, get_hf_file_metadata, hf_hub_url, snapshot_download  # noqa: E402


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main():
    token = os.environ["MODELHUB_PY_TOKEN"]
    repo = os.environ["MODELHUB_PY_REPO"]
    api = HfApi(endpoint=os.environ["HF_ENDPOINT"], token=token)
    api.create_repo(repo, exist_ok=True)
    source = tempfile.mkdtemp()
    with open(os.path.join(source, "model.safetensors"), "wb") as handle:
        handle.write(os.urandom(12 * 1024 * 1024 + 3))
    with open(os.path.join(source, "small.bin"), "wb") as handle:
        handle.write(os.urandom(300_000))
    with open(os.path.join(source, "config.json"), "w") as handle:
        handle.write('{"model_type": "bert"}')
    api.upload_folder(repo_id=repo, folder_path=source, commit_message="upload to S3")
    print("ok upload_folder")

    meta = get_hf_file_metadata(hf_hub_url(repo, "model.safetensors"), token=token)
    expected = sha256(os.path.join(source, "model.safetensors"))
    assert meta.etag == expected, (meta.etag, expected)
    assert meta.size == 12 * 1024 * 1024 + 3, meta.size
    assert meta.location != hf_hub_url(repo, "model.safetensors"), meta.location
    print("ok metadata from the redirect")

    target = snapshot_download(repo, token=token, cache_dir=tempfile.mkdtemp())
    for name in ("model.safetensors", "small.bin", "config.json"):
        assert sha256(os.path.join(target, name)) == sha256(os.path.join(source, name)), name
    print("ok snapshot_download")


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # one line for the test log
        print(f"FAILED {type(error).__name__}: {error}")
        sys.exit(1)
