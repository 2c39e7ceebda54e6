// Drives the generated Payouts client's float methods (developer endpoints) against the sandbox, typed; prints a JSON report.
// CONFIG names a JSON file written by tests/integration/clients-float.test.ts.
package svc.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

public class PayoutsFloatDriver {
  public static void main(String[] args) throws Exception {
    var cfg = PayoutsClient.Json.object(PayoutsClient.Json.parse(Files.readString(Path.of(System.getenv("CONFIG")))));
    var c = new PayoutsClient(PayoutsClient.Options.of((String) cfg.get("key"), (String) cfg.get("secret")).baseUrl((String) cfg.get("base")));
    var out = new LinkedHashMap<String, Object>();
    long available = ((Number) cfg.get("available")).longValue();
    PayoutsClient.DevFloatSetResponse set = c.setFloat((String) cfg.get("currency"), PayoutsClient.DevFloatSetRequest.builder().available(available).build());
    out.put("set", set.toJson());
    PayoutsClient.DevFloatGetResponse got = c.getFloat();
    out.put("got", got.toJson());
    try {
      c.setFloat("USD", PayoutsClient.DevFloatSetRequest.builder().available(1).build());
      out.put("bad", null);
    } catch (PayoutsClient.SandboxApiError e) {
      out.put("bad", Map.of("status", (long) e.status(), "error", e.error()));
    }
    System.out.println(PayoutsClient.Json.write(out));
  }
}
