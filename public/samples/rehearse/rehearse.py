# Rehearse production's failures with the generated Python client of the
# Payouts API, and handle each as production needs (docs: /docs/rehearse).
#
#   curl -O <portal>/clients/payouts.py            (next to this file)
#   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... python3 rehearse.py
#
# then GET {base_url}/dev/v1/client-checks: every check PASSED. With
# SANDBOX_PAYOUTS=4 it asks for no fault: it sends 4 payouts as your own code
# would, and the app's fault plan gives them the faults:
#   node sandbox.mjs rehearse -- env SANDBOX_PAYOUTS=4 python3 rehearse.py
# With SANDBOX_RETRIES=off the client does not retry and this script goes on
# with its next payout at once, as code without retries does: honours_retry_after FAILS.
# Optional: SANDBOX_CALLBACK_URL (your receiver), SANDBOX_TIME_SCALE (0.1),
# SANDBOX_TIMEOUT_SECONDS (2), SANDBOX_CALLBACK_WAIT_SECONDS (2),
# SANDBOX_SCENARIO (a scenario every attempt forces, e.g. sent: a retry's reference is still checked first).
import json
import os
import sys
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from payouts import AlreadyAccepted, PayoutsClient, SandboxApiError  # noqa: E402

env = os.environ.get
retries_off = env("SANDBOX_RETRIES", "on") == "off"
client = PayoutsClient(
    os.environ["SANDBOX_KEY"],
    os.environ["SANDBOX_SECRET"],
    base_url=os.environ["SANDBOX_URL"].rstrip("/") + "/sandbox",
    time_scale=float(env("SANDBOX_TIME_SCALE", "0.1")),
    timeout=float(env("SANDBOX_TIMEOUT_SECONDS", "2")),
    max_attempts=1 if retries_off else 3,  # 3 is the default: the same request again after no answer, a timeout, a 5xx, a 503 or 429
)
callback_url = env("SANDBOX_CALLBACK_URL", "https://example.com/callbacks")
scenario = os.environ.get("SANDBOX_SCENARIO")


def payout():
    # one reference per payout, kept for each of its retries
    return {"amount": 500, "currency": "KES", "destination": {"type": "mobile", "phoneNumber": "254712345678"}, "reference": f"PAY-{uuid.uuid4().hex[:18]}", "callbackUrl": callback_url}


def send_payout(body, fault=None):
    """Sends a payout. The client retries the same request; AlreadyAccepted means an attempt whose answer was lost went through."""
    try:
        if fault:
            client.rehearse(fault)
        return {"accepted": True, "payoutId": client.send(body, scenario=scenario)["payoutId"]}
    except AlreadyAccepted as e:
        # Not a duplicate: the first attempt was committed. Never send it again with another reference; wait for its callback.
        return {"accepted": True, "recovered": True, "reference": e.reference}
    except SandboxApiError as e:
        # Retries spent, outcome unknown (no answer, a timeout, a 5xx but 503): it may have gone through.
        # Wait for its callback (it carries the reference); send it again only with the same reference.
        if e.status == 0 or (e.status >= 500 and e.status != 503):
            return {"accepted": "unknown", "reference": body["reference"], "error": e.error}
        return {"accepted": False, "error": e.error}  # refused: nothing was committed


def outcome_of(payout_id, callback_came):
    """Waits for the payout's callback; when it has not come in time, asks for its status (GET is for that)."""
    if callback_came():
        return "callback"
    return client.status(payout_id)["status"]


def wait_for_callback():
    """Your receiver's store stands here: this script receives no callback, so it waits and then polls."""
    time.sleep(float(env("SANDBOX_CALLBACK_WAIT_SECONDS", "2")))
    return False


def settle(sent):
    """After the payout is accepted, its outcome: the callback, or its status when the callback did not come."""
    if "payoutId" in sent:
        sent["outcome"] = outcome_of(sent["payoutId"], wait_for_callback)
    return sent


report = {}
plain = int(env("SANDBOX_PAYOUTS", "0"))
if plain > 0:
    # Your code as it is: no fault asked for; under `sandbox.mjs rehearse` the app's fault plan decides.
    for i in range(1, plain + 1):
        report[str(i)] = settle(send_payout(payout()))
else:
    for fault in ["lost_response", "slow_response", "error_after_commit", "unavailable", "rate_limited", "token_expired", "lost_callback", "early_callback"]:
        sent = send_payout(payout(), fault)
        report[fault] = settle(sent) if fault == "lost_callback" else sent
print(json.dumps(report))
