# Drives one API's generated Python client against the sandbox; prints a JSON report.
# CONFIG names a JSON file written by tests/integration/clients-languages.test.ts.
import importlib
import json
import os
import sys

cfg = json.load(open(os.environ["CONFIG"]))
sys.path.insert(0, cfg["dir"])
mod = importlib.import_module(cfg["api"])
Client = getattr(mod, cfg["className"])
c = Client(cfg["key"], cfg["secret"], base_url=cfg["base"])
send, get = cfg["send"], cfg["get"]


def err(fn):
    try:
        fn()
        return None
    except mod.SandboxApiError as e:
        return {"status": e.status, "error": e.error, "requestId": e.request_id}


out = {}
r = getattr(c, send + "_with_response")(cfg["body"])
out["created"] = r.data
out["requestId"] = r.request_id
out["scenario"] = r.scenario
out["rateLimit"] = r.rate_limit["limit"] if r.rate_limit else None
out["read"] = getattr(c, get)(r.data[cfg["idField"]])
out["invalid"] = err(lambda: getattr(c, get)("x" * 65))
out["forced"] = err(lambda: getattr(c, send)(cfg["body2"], scenario=cfg["errorScenario"]))
out["timeout"] = err(lambda: getattr(Client(cfg["key"], cfg["secret"], base_url=cfg["slowBase"], timeout=0.3), get)("x"))
out["badGateway"] = err(lambda: getattr(Client(cfg["key"], cfg["secret"], base_url=cfg["badGatewayBase"]), get)("x"))
resend = lambda: getattr(c, send)(cfg["body3"], scenario=cfg["acceptedScenario"], time_scale=0)  # noqa: E731
resend()
out["resent"] = err(resend)
cb = cfg["callback"]
out["verify"] = [mod.verify_callback(cb["body"], cb["headers"], cb["secret"]), mod.verify_callback(cb["body"] + " ", cb["headers"], cb["secret"])]
print(json.dumps(out))
