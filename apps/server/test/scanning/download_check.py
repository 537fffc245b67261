"""hf_hub_download of each file in SCAN_FILES; prints `ok <file> <bytes>` or `refused <file> <message>`."""

import os

from huggingface_hub import hf_hub_download

repo = os.environ["SCAN_REPO"]
for name in os.environ["SCAN_FILES"].split(","):
    try:
        path = hf_hub_download(repo, name)
        print(f"ok {name} {os.path.getsize(path)}")
    except Exception as error:  # the client's own error type differs between versions
        # the client may wrap the hub's answer (LocalEntryNotFoundError from HfHubHTTPError): the
        # traceback shows the whole chain, so print it the same way
        chain = []
        while error is not None:
            chain.append(f"{type(error).__name__}: {' '.join(str(error).split())}")
            error = error.__cause__ or error.__context__
        print(f"refused {name} {' <- '.join(chain)}")
