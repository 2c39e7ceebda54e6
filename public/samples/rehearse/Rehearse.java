// Rehearse production's failures with the generated Java client of the
// Payouts API, and handle each as production needs (docs: /docs/rehearse).
//
//   curl -O <portal>/clients/payouts.java    (saved as PayoutsClient.java, next to this file)
//   javac -d out PayoutsClient.java Rehearse.java
//   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... java -cp out svc.sandbox.Rehearse
//
// then GET {base_url}/dev/v1/client-checks: every check PASSED. With
// SANDBOX_PAYOUTS=4 it asks for no fault: it sends 4 payouts as your own code
// would, and the app's fault plan gives them the faults:
//   node sandbox.mjs rehearse -- env SANDBOX_PAYOUTS=4 java -cp out svc.sandbox.Rehearse
// With SANDBOX_RETRIES=off the client does not retry and this program goes on
// with its next payout at once, as code without retries does: honours_retry_after FAILS.
// Optional: SANDBOX_CALLBACK_URL (your receiver), SANDBOX_TIME_SCALE (0.1),
// SANDBOX_TIMEOUT_SECONDS (2), SANDBOX_CALLBACK_WAIT_SECONDS (2),
// SANDBOX_SCENARIO (a scenario every attempt forces, e.g. sent: a retry's reference is still checked first).
package svc.sandbox;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

public class Rehearse {
  static String env(String name, String fallback) {
    String v = System.getenv(name);
    if (v != null) return v;
    if (fallback == null) throw new IllegalStateException("set " + name);
    return fallback;
  }

  static final boolean RETRIES_OFF = env("SANDBOX_RETRIES", "on").equals("off");
  /** SANDBOX_SCENARIO: a scenario every attempt forces (e.g. sent); a retry's reference is still checked first. */
  static final String SCENARIO = System.getenv("SANDBOX_SCENARIO");
  static final PayoutsClient CLIENT = new PayoutsClient(PayoutsClient.Options.of(env("SANDBOX_KEY", null), env("SANDBOX_SECRET", null))
      .baseUrl(env("SANDBOX_URL", null).replaceAll("/+$", "") + "/sandbox")
      .timeScale(Double.parseDouble(env("SANDBOX_TIME_SCALE", "0.1")))
      .timeout(Duration.ofMillis((long) (Double.parseDouble(env("SANDBOX_TIMEOUT_SECONDS", "2")) * 1000)))
      .maxAttempts(RETRIES_OFF ? 1 : 3)); // 3 is the default: the same request again after no answer, a timeout, a 5xx, a 503 or 429

  /** One reference per payout, kept for each of its retries. */
  static PayoutsClient.PayoutsSendRequest payout() {
    return PayoutsClient.PayoutsSendRequest.fromJson(Map.of(
        "amount", 500L, "currency", "KES", "destination", Map.of("type", "mobile", "phoneNumber", "254712345678"),
        "reference", "PAY-" + UUID.randomUUID().toString().substring(0, 18), "callbackUrl", env("SANDBOX_CALLBACK_URL", "https://example.com/callbacks")));
  }

  /** Sends a payout. The client retries the same request; AlreadyAccepted means an attempt whose answer was lost went through. */
  static Map<String, Object> sendPayout(PayoutsClient.PayoutsSendRequest body, String fault) {
    var out = new LinkedHashMap<String, Object>();
    out.put("accepted", true);
    try {
      out.put("payoutId", CLIENT.send(body, PayoutsClient.CallOptions.none().fault(fault).scenario(SCENARIO)).payoutId());
    } catch (PayoutsClient.AlreadyAccepted e) {
      // Not a duplicate: the first attempt was committed. Never send it again with another reference; wait for its callback.
      out.put("recovered", true);
      out.put("reference", e.reference());
    } catch (PayoutsClient.SandboxApiError e) {
      // Retries spent, outcome unknown (no answer, a timeout, a 5xx but 503): it may have gone through.
      // Wait for its callback (it carries the reference); send it again only with the same reference.
      boolean unknown = e.status() == 0 || (e.status() >= 500 && e.status() != 503);
      out.put("accepted", unknown ? "unknown" : false); // refused: nothing was committed
      if (unknown) out.put("reference", body.reference());
      out.put("error", e.error());
    }
    return out;
  }

  /** Waits for the payout's callback; when it has not come in time, asks for its status (GET is for that). */
  static String outcomeOf(String payoutId, BooleanSupplier callbackCame) {
    return callbackCame.getAsBoolean() ? "callback" : String.valueOf(CLIENT.status(payoutId).status());
  }

  /** Your receiver's store stands here: this program receives no callback, so it waits and then polls. */
  static boolean waitForCallback() {
    try {
      Thread.sleep((long) (Double.parseDouble(env("SANDBOX_CALLBACK_WAIT_SECONDS", "2")) * 1000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** After the payout is accepted, its outcome: the callback, or its status when the callback did not come. */
  static Map<String, Object> settle(Map<String, Object> sent) {
    if (sent.get("payoutId") instanceof String id) sent.put("outcome", outcomeOf(id, Rehearse::waitForCallback));
    return sent;
  }

  public static void main(String[] args) {
    var report = new LinkedHashMap<String, Object>();
    int plain = Integer.parseInt(env("SANDBOX_PAYOUTS", "0"));
    if (plain > 0) {
      // Your code as it is: no fault asked for; under `sandbox.mjs rehearse` the app's fault plan decides.
      for (int i = 1; i <= plain; i++) report.put(String.valueOf(i), settle(sendPayout(payout(), null)));
    } else {
      for (String fault : List.of("lost_response", "slow_response", "error_after_commit", "unavailable", "rate_limited", "token_expired", "lost_callback", "early_callback")) {
        var sent = sendPayout(payout(), fault);
        report.put(fault, fault.equals("lost_callback") ? settle(sent) : sent);
      }
    }
    System.out.println(PayoutsClient.Json.write(report));
  }
}
