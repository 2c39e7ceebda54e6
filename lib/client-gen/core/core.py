"""The fixed part of every generated Python client (lib/client-gen/python.ts).

The error type, response metadata, the token cache, calls with timeouts and
their retries (what is safe to send again, Retry-After, one token renewal, the
recovered 409), and the callback verifier. Each API's client is this module with the client's own
docstring in place of this one, followed by the API's TypedDict models and its
client class, which extends _BaseClient. Where a line ends in
``generator: NAME``, the generator writes NAME's value into its string
(lib/client-gen/core-source.ts). Python 3.8+, standard library only.
Checked by py_compile and mypy --strict in tests/unit/client-cores.test.ts.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import json
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import TYPE_CHECKING, Any, Dict, Generic, Mapping, Optional, Tuple, TypeVar, Union

# The generated models' types (TypedDicts of Literal, List and Union fields).
from typing import List, Literal

# Imported "as" themselves: re-exported to the package's API modules (mypy --strict).
if sys.version_info >= (3, 11):
    from typing import NotRequired as NotRequired, TypedDict as TypedDict
elif TYPE_CHECKING:
    from typing_extensions import NotRequired as NotRequired, TypedDict as TypedDict
else:
    try:
        from typing_extensions import NotRequired as NotRequired, TypedDict as TypedDict
    except ImportError:  # standard library only
        from typing import TypedDict as TypedDict

        NotRequired = Optional  # a stand-in: only written in annotations, which are never evaluated

T = TypeVar("T")

_SCENARIO_HEADER = "x-svc-scenario"  # generator: SCENARIO_HEADER
"""The request header that forces a scenario; answers name theirs in it too."""
_TIME_SCALE_HEADER = "x-svc-time-scale"  # generator: TIME_SCALE_HEADER
"""The request header that multiplies scripted delays (0 to 1)."""
_FAULT_HEADER = "x-svc-fault"  # generator: FAULT_HEADER
"""The request header that asks the sandbox for one of production's failures on purpose (docs: Rehearse failures)."""
_REFERENCE_FIELD = "reference"  # generator: REFERENCE_FIELD
"""The body field that makes a call safe to send again: the same value means the same request (the catalog's referenceField)."""
_MAX_RETRY_AFTER_SECONDS = 60.0
"""The longest Retry-After a call waits out; a longer one ends it with the 503 or 429."""


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


class SandboxApiError(Exception):
    """Every failure of a call: an error answer of the sandbox (error, message, request_id),
    a non-JSON answer such as a proxy's 502 (error "HTTP_502"), a timeout (status 0,
    error "TIMEOUT") or a network failure (status 0, error "NETWORK_ERROR").
    code is error's other name; details lists the invalid fields of a VALIDATION_ERROR."""

    def __init__(self, status: int, body: Mapping[str, Any], headers: Optional[Mapping[str, str]] = None):
        self.status = status
        self.body = dict(body)
        self.error = str(body.get("error", ""))
        self.code = self.error
        self.details: List[Dict[str, str]] = [{"field": str(d.get("field", "")), "message": str(d.get("message", ""))} for d in body.get("details") or [] if isinstance(d, dict)]
        self.message = str(body.get("message", ""))
        self.request_id = str(body.get("requestId", ""))
        self.headers = {k.lower(): v for k, v in (headers or {}).items()}
        self.rate_limit = _rate_limit(self.headers)
        super().__init__(f"{status} {self.error}: {self.message}")


class AlreadyAccepted(SandboxApiError):
    """Not a failure: an attempt whose answer was lost (no answer, a timeout, a 5xx other
    than 503) went through, and its retry with the same reference was answered 409
    DUPLICATE_REFERENCE. The payment or payout exists: wait for its callback (it carries
    reference), never send it again with another reference. Its error is ALREADY_ACCEPTED,
    so it is never taken for a real duplicate; duplicate is the 409 itself."""

    def __init__(self, reference: str, duplicate: SandboxApiError):
        message = f"the call with reference {reference} went through before its answer was lost (the retry was answered 409 DUPLICATE_REFERENCE): wait for its callback"
        super().__init__(409, {"error": "ALREADY_ACCEPTED", "message": message, "requestId": duplicate.request_id}, duplicate.headers)
        self.reference = reference
        self.duplicate = duplicate


def _next_after(e: SandboxApiError, attempt: int, max_attempts: int, safe: bool, renewed: bool) -> Optional[Tuple[float, str]]:
    """After attempt `attempt` failed with e: None (no retry), or (seconds to wait, why: "renew", "wait", "unsure").
    safe: a GET or a body with a reference. The same rule in every language's client."""
    if e.status == 401 and e.error == "INVALID_TOKEN":
        return None if renewed else (0.0, "renew")
    if attempt >= max_attempts:
        return None
    if e.status in (503, 429):
        try:
            seconds = float(e.headers.get("retry-after", "1"))
        except ValueError:
            seconds = 1.0
        seconds = seconds if seconds >= 0 else 1.0
        return None if seconds > _MAX_RETRY_AFTER_SECONDS else (seconds, "wait")
    if safe and (e.status == 0 or e.status >= 500):
        return (0.5 * 2 ** (attempt - 1), "unsure")
    return None


def _rate_limit(headers: Mapping[str, str]) -> Optional[Dict[str, int]]:
    if "x-ratelimit-limit" not in headers:
        return None
    return {
        "limit": int(headers["x-ratelimit-limit"]),
        "remaining": int(headers.get("x-ratelimit-remaining", "0")),
        "reset_seconds": int(headers.get("x-ratelimit-reset", "0")),
    }


class ApiResponse(Generic[T]):
    """A success answer with what came with it."""

    def __init__(self, data: T, status: int, headers: Mapping[str, str]):
        self.data = data
        self.status = status
        self.headers = dict(headers)
        self.request_id = headers.get("x-request-id", "")
        self.scenario = headers.get(_SCENARIO_HEADER)
        self.rate_limit = _rate_limit(headers)


def _parse(status: int, raw: bytes, headers: Mapping[str, str]) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        text = raw.decode("utf-8", "replace")[:200]
        raise SandboxApiError(status, {"error": f"HTTP_{status}", "message": text or "no body", "requestId": headers.get("x-request-id", "")}, headers)


_Client = TypeVar("_Client", bound="_BaseClient")
"""The client a method returns itself as (rehearse): its own class, not the base."""


class _BaseClient:
    default_base_url = ""

    def __init__(self, consumer_key: str, consumer_secret: str, base_url: Optional[str] = None, timeout: float = 30.0, time_scale: Optional[float] = None, max_attempts: int = 3):
        """timeout: seconds before a call is abandoned (TIMEOUT); time_scale: scripted delays times this (0 to 1) on every call;
        max_attempts: attempts per call, the first included (1 turns retries off). Sent again: after a 503 or 429, any
        call, once its Retry-After has passed; after no answer, a timeout or another 5xx, a GET or a call with a
        reference (the same request: same reference, same body). A 401 INVALID_TOKEN renews the token and sends
        the call once more, whatever max_attempts is."""
        self.consumer_key = consumer_key
        self.consumer_secret = consumer_secret
        self.base_url = (base_url or self.default_base_url).rstrip("/")
        self.timeout = timeout
        self.time_scale = time_scale
        self.max_attempts = max(1, max_attempts)
        self._fault: Optional[str] = None
        self._token: Optional[str] = None
        self._token_expires = 0.0

    def _send(self, method: str, url: str, headers: Dict[str, str], data: Optional[bytes], timeout: Optional[float]) -> Tuple[int, bytes, Dict[str, str]]:
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        limit = timeout if timeout is not None else self.timeout
        try:
            with urllib.request.urlopen(req, timeout=limit) as r:
                return r.status, r.read(), {k.lower(): v for k, v in r.headers.items()}
        except urllib.error.HTTPError as e:
            return e.code, e.read(), {k.lower(): v for k, v in e.headers.items()}
        except (socket.timeout, TimeoutError):
            raise SandboxApiError(0, {"error": "TIMEOUT", "message": f"no answer in {limit} s", "requestId": ""})
        except urllib.error.URLError as e:
            if isinstance(e.reason, (socket.timeout, TimeoutError)):
                raise SandboxApiError(0, {"error": "TIMEOUT", "message": f"no answer in {limit} s", "requestId": ""})
            raise SandboxApiError(0, {"error": "NETWORK_ERROR", "message": str(e.reason), "requestId": ""})
        except (http.client.HTTPException, OSError) as e:  # the connection closed with no answer
            raise SandboxApiError(0, {"error": "NETWORK_ERROR", "message": str(e) or type(e).__name__, "requestId": ""})

    def access_token(self) -> str:
        """An access token, cached until a minute before it expires (no refresh token: a new one is requested)."""
        if self._token and time.time() < self._token_expires:
            return self._token
        # RFC 6749 2.3.1: id and secret are form-urlencoded before Basic encoding.
        pair = f"{urllib.parse.quote_plus(self.consumer_key)}:{urllib.parse.quote_plus(self.consumer_secret)}"
        headers = {"authorization": "Basic " + base64.b64encode(pair.encode()).decode(), "content-type": "application/x-www-form-urlencoded", "accept": "application/json"}
        status, raw, got = self._send("POST", f"{self.base_url}/oauth/v1/token", headers, b"grant_type=client_credentials", None)
        body = _parse(status, raw, got)
        if status != 200 or not isinstance(body, dict) or "access_token" not in body:
            raise SandboxApiError(status, body if isinstance(body, dict) else {"error": f"HTTP_{status}"}, got)
        self._token = str(body["access_token"])
        self._token_expires = time.time() + int(body.get("expires_in", 3600)) - 60
        return self._token

    def rehearse(self: _Client, fault: str) -> _Client:
        """Asks for one of production's failures (the X-Svc-Fault header: lost_response, unavailable,
        token_expired, ...) on the first attempt of the next call, to rehearse the retries. Returns the client
        it was called on, typed as its own class, so that a call chains: client.rehearse("lost_response").push(...)."""
        self._fault = fault
        return self

    def _call(self, method: str, path: str, body: Any, scenario: Optional[str], time_scale: Optional[float], timeout: Optional[float]) -> ApiResponse[Any]:
        """One call with its retries (max_attempts): the same request each time. A retry answered 409
        DUPLICATE_REFERENCE after an attempt whose outcome is unknown raises AlreadyAccepted."""
        fault, self._fault = self._fault, None
        reference = body.get(_REFERENCE_FIELD) if isinstance(body, dict) else None
        safe = method == "GET" or isinstance(reference, str)
        unsure = renewed = False
        attempt = 1
        while True:
            try:
                return self._attempt(method, path, body, scenario, time_scale, timeout, fault if attempt == 1 and not renewed else None)
            except AlreadyAccepted:
                raise
            except SandboxApiError as e:
                if unsure and isinstance(reference, str) and e.status == 409 and e.error == "DUPLICATE_REFERENCE":
                    raise AlreadyAccepted(reference, e) from e
                step = _next_after(e, attempt, self.max_attempts, safe, renewed)
                if step is None:
                    raise
                wait, why = step
                if why == "renew":
                    renewed = True
                else:
                    attempt += 1
                unsure = unsure or why == "unsure"
                time.sleep(wait)

    def _attempt(self, method: str, path: str, body: Any, scenario: Optional[str], time_scale: Optional[float], timeout: Optional[float], fault: Optional[str]) -> ApiResponse[Any]:
        headers = {"authorization": f"Bearer {self.access_token()}", "accept": "application/json"}
        data = None
        if body is not None:
            headers["content-type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        if scenario:
            headers[_SCENARIO_HEADER] = scenario
        scale = time_scale if time_scale is not None else self.time_scale
        if scale is not None:
            headers[_TIME_SCALE_HEADER] = format(scale, "g")
        if fault:
            headers[_FAULT_HEADER] = fault
        status, raw, got = self._send(method, f"{self.base_url}{path}", headers, data, timeout)
        parsed = _parse(status, raw, got)
        if status == 401:
            self._token = None
        if status >= 300:
            raise SandboxApiError(status, parsed if isinstance(parsed, dict) else {"error": f"HTTP_{status}"}, got)
        return ApiResponse(parsed, status, got)


def verify_callback(raw_body: Union[bytes, str], headers: Mapping[str, str], secret: str, tolerance_seconds: int = 300) -> bool:
    """Checks a callback's Standard Webhooks headers (webhook-id, webhook-timestamp,
    webhook-signature) with the app's signing secret (whsec_..., as the console shows it).
    raw_body: the body exactly as received. During a secret rotation either secret verifies."""
    h = {k.lower(): v for k, v in headers.items()}
    msg_id, ts, signatures = h.get("webhook-id"), h.get("webhook-timestamp"), h.get("webhook-signature")
    if not msg_id or not ts or not signatures or not ts.isdigit() or abs(time.time() - int(ts)) > tolerance_seconds:
        return False
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    expected = base64.b64encode(hmac.new(key, msg_id.encode() + b"." + ts.encode() + b"." + body, hashlib.sha256).digest()).decode()
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False
