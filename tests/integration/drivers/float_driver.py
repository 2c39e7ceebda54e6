# Drives the generated Payouts client's float methods (developer endpoints) against the sandbox; prints a JSON report.
# CONFIG names a JSON file written by tests/integration/clients-float.test.ts.
import importlib
import json
import os
import sys

cfg = json.load(open(os.environ["CONFIG"]))
sys.path.insert(0, cfg["dir"])
mod = importlib.import_module(cfg["api"])
c = getattr(mod, cfg["className"])(cfg["key"], cfg["secret"], base_url=cfg["base"])
out = {"set": c.set_float(cfg["currency"], {"available": cfg["available"]}), "got": c.get_float()}
try:
    c.set_float("USD", {"available": 1})
    out["bad"] = None
except mod.SandboxApiError as e:
    out["bad"] = {"status": e.status, "error": e.error}
print(json.dumps(out))
