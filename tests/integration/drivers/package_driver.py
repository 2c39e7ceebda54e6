# Drives the installed svc-sandbox package (every API in one package) against the
# sandbox; prints a JSON report. CONFIG names a JSON file written by
# tests/integration/client-packages.test.ts.
import json
import os

from svc_sandbox import CollectClient, PayoutsClient, SandboxApiError, verify_callback

cfg = json.load(open(os.environ["CONFIG"]))
collect = CollectClient(cfg["key"], cfg["secret"], base_url=cfg["base"])
payouts = PayoutsClient(cfg["key"], cfg["secret"], base_url=cfg["base"], timeout=10.0)

out = {"token": bool(collect.access_token())}
pushed = collect.push_with_response(cfg["collect"]["body"])
out["created"] = pushed.data
out["read"] = collect.status(pushed.data[cfg["collect"]["idField"]])
out["errors"] = []
for name, call in [
    ("collect", lambda: collect.push(cfg["collect"]["body2"], scenario=cfg["collect"]["errorScenario"])),
    ("payouts", lambda: payouts.send(cfg["payouts"]["invalidBody"])),
]:
    try:
        call()
        out["errors"].append(None)
    except SandboxApiError as e:  # one except for every API's errors
        out["errors"].append({"api": name, "status": e.status, "code": e.code, "message": e.message, "requestId": e.request_id, "details": e.details})
cb = cfg["callback"]
out["verify"] = [verify_callback(cb["body"], cb["headers"], cb["secret"]), verify_callback(cb["body"] + " ", cb["headers"], cb["secret"])]
print(json.dumps(out))
