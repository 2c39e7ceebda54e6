// Drives the svc-sandbox jar (fetched from the portal's Maven repository)
// against the sandbox; prints a JSON report. CONFIG names a JSON file written
// by tests/integration/client-packages.test.ts. Compiled and run with the jar
// on the class path, outside the package: only its public API is used.
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import svc.sandbox.CollectClient;
import svc.sandbox.PayoutsClient;
import svc.sandbox.SandboxClient;
import svc.sandbox.SandboxClient.SandboxApiError;

public class PackageDriver {
  public static void main(String[] args) throws Exception {
    Map<String, Object> cfg = SandboxClient.Json.object(SandboxClient.Json.parse(Files.readString(Path.of(System.getenv("CONFIG")))));
    String key = (String) cfg.get("key"), secret = (String) cfg.get("secret"), base = (String) cfg.get("base");
    Map<String, Object> c = SandboxClient.Json.object(cfg.get("collect"));
    Map<String, Object> p = SandboxClient.Json.object(cfg.get("payouts"));
    var collect = new CollectClient(SandboxClient.Options.of(key, secret).baseUrl(base));
    var payouts = new PayoutsClient(SandboxClient.Options.of(key, secret).baseUrl(base).timeout(Duration.ofSeconds(10)));

    var out = new LinkedHashMap<String, Object>();
    out.put("token", !collect.accessToken().isEmpty());
    var body = CollectClient.CollectPushRequest.fromJson(c.get("body"));
    // A builder makes the same request field by field (the enum for the currency).
    var built = CollectClient.CollectPushRequest.builder().shortCode(body.shortCode()).amount(body.amount()).currency(body.currency())
        .phoneNumber(body.phoneNumber()).reference(body.reference()).callbackUrl(body.callbackUrl()).build();
    var pushed = collect.pushWithResponse(built, SandboxClient.CallOptions.none());
    out.put("created", pushed.data().toJson());
    out.put("read", collect.status(pushed.data().checkoutId()).toJson());
    var errors = new ArrayList<Object>();
    Map<String, Supplier<Object>> calls = new LinkedHashMap<>();
    calls.put("collect", () -> collect.push(CollectClient.CollectPushRequest.fromJson(c.get("body2")), SandboxClient.CallOptions.none().scenario((String) c.get("errorScenario"))));
    calls.put("payouts", () -> payouts.send(PayoutsClient.PayoutsSendRequest.fromJson(p.get("invalidBody"))));
    for (var call : calls.entrySet()) {
      try {
        call.getValue().get();
        errors.add(null);
      } catch (SandboxApiError e) { // one catch for every API's errors
        var m = new LinkedHashMap<String, Object>();
        m.put("api", call.getKey());
        m.put("status", (long) e.status());
        m.put("code", e.code());
        m.put("message", e.errorMessage());
        m.put("requestId", e.requestId());
        m.put("details", e.details());
        errors.add(m);
      }
    }
    out.put("errors", errors);
    var cb = SandboxClient.Json.object(cfg.get("callback"));
    // Multi-valued headers, as a server hands them over.
    Map<String, List<String>> headers = new LinkedHashMap<>();
    SandboxClient.Json.object(cb.get("headers")).forEach((k, v) -> headers.put(k, List.of(String.valueOf(v))));
    String raw = (String) cb.get("body"), signingSecret = (String) cb.get("secret");
    out.put("verify", List.of(SandboxClient.verifyCallback(raw, headers, signingSecret), SandboxClient.verifyCallback(raw + " ", headers, signingSecret)));
    out.put("strictJson", List.of(rejects("01"), rejects("+1"), rejects("\"a\tb\""), rejects("[1,]"), !rejects("{\"a\":[-0.5e3,true,null,\"\\u00e9\"]}")));
    System.out.println(SandboxClient.Json.write(out));
  }

  static boolean rejects(String json) {
    try {
      SandboxClient.Json.parse(json);
      return false;
    } catch (IllegalArgumentException e) {
      return true;
    }
  }
}
