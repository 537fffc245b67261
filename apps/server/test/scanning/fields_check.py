"""Prints what huggingface_hub reads from the hub's security fields, as JSON on the last line."""

import json
import os

from huggingface_hub import HfApi

api = HfApi()
repo = os.environ["SCAN_REPO"]
paths = os.environ["SCAN_PATHS"].split(",")


def security(entry):
    info = entry.security
    if info is None:
        return None
    return {
        "safe": info.safe,
        "status": info.status,
        "av": info.av_scan["status"],
        "imports": [f"{i['module']}.{i['name']}:{i['safety']}" for i in (info.pickle_import_scan.get("pickleImports") or [])],
    }


tree = {entry.path: security(entry) for entry in api.list_repo_tree(repo, expand=True) if hasattr(entry, "size")}
plain = {entry.path: entry.security for entry in api.list_repo_tree(repo) if hasattr(entry, "size")}
infos = {entry.path: security(entry) for entry in api.get_paths_info(repo, paths, expand=True)}
status = api.model_info(repo, securityStatus=True).security_repo_status
print(json.dumps({"tree": tree, "plain": plain, "pathsInfo": infos, "repoStatus": status}))
