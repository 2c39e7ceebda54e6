// The fixed part of every generated Java client (lib/client-gen/java.ts): the
// error type, response metadata, call options, the token cache, calls with
// timeouts and their retries (what is safe to send again, Retry-After, one
// token renewal, the recovered 409), the callback verifier and a small JSON
// reader and writer. Each
// API's client is this file from its imports on (the client has its own
// heading and package line) with the class renamed from SandboxClient to the
// API's client class (CollectClient) and the API's models and one method per
// operation added at its end. Where a line ends in `generator: NAME`, the
// generator writes NAME's value into its string
// (lib/client-gen/core-source.ts). Java 17+, JDK only. Checked by
// javac -Xlint:all -Werror in tests/unit/client-cores.test.ts.
package svc.sandbox;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The client of the Svc Sandbox: the error type, the callback verifier and calls; each API's client adds its models and one method per operation. */
public class SandboxClient {
  /** The sandbox this client was generated from. */
  public static final String DEFAULT_BASE_URL = "http://localhost:3000/sandbox"; // generator: BASE_URL
  /** The request header that forces a scenario; answers name theirs in it too. */
  private static final String SCENARIO_HEADER = "x-svc-scenario"; // generator: SCENARIO_HEADER
  /** The request header that multiplies scripted delays (0 to 1). */
  private static final String TIME_SCALE_HEADER = "x-svc-time-scale"; // generator: TIME_SCALE_HEADER
  /** The request header that asks the sandbox for one of production's failures on purpose (docs: Rehearse failures). */
  private static final String FAULT_HEADER = "x-svc-fault"; // generator: FAULT_HEADER
  /** The body field that makes a call safe to send again: the same value means the same request (the catalog's referenceField). */
  private static final String REFERENCE_FIELD = "reference"; // generator: REFERENCE_FIELD
  /** The longest Retry-After a call waits out; a longer one ends it with the 503 or 429. */
  private static final double MAX_RETRY_AFTER_SECONDS = 60;

  /** Every model has a JSON form. */
  public interface Model {
    Map<String, Object> toJson();
  }

  /**
   * Every failure of a call: an error answer of the sandbox (error, message, requestId),
   * a non-JSON answer such as a proxy's 502 (error "HTTP_502"), a timeout (status 0,
   * error "TIMEOUT") or a network failure (status 0, error "NETWORK_ERROR").
   */
  public static class SandboxApiError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final Map<String, Object> body;
    private final Map<String, List<String>> headers;

    public SandboxApiError(int status, Map<String, Object> body, Map<String, List<String>> headers) {
      super(status + " " + body.get("error") + ": " + body.get("message"));
      this.status = status;
      this.body = body;
      this.headers = headers;
    }

    public int status() { return status; }
    public String error() { return String.valueOf(body.getOrDefault("error", "")); }
    /** The error code (error()'s other name). */
    public String code() { return error(); }
    /** The sandbox's message, without the status and code getMessage() adds. */
    public String errorMessage() { return String.valueOf(body.getOrDefault("message", "")); }
    public String requestId() { return String.valueOf(body.getOrDefault("requestId", "")); }
    /** The invalid fields of a VALIDATION_ERROR (field, message); empty otherwise. */
    public List<Map<String, String>> details() {
      var out = new ArrayList<Map<String, String>>();
      if (body.get("details") instanceof List<?> list) {
        for (Object d : list) {
          if (d instanceof Map<?, ?> m) out.add(Map.of("field", String.valueOf(m.get("field")), "message", String.valueOf(m.get("message"))));
        }
      }
      return out;
    }
    public Map<String, Object> body() { return body; }
    public Map<String, List<String>> headers() { return headers; }
    public RateLimit rateLimit() { return RateLimit.of(headers); }
  }

  /**
   * Not a failure: an attempt whose answer was lost (no answer, a timeout, a 5xx other than 503)
   * went through, and its retry with the same reference was answered 409 DUPLICATE_REFERENCE.
   * The payment or payout exists: wait for its callback (it carries reference), never send it
   * again with another reference. Its error is ALREADY_ACCEPTED, so it is never taken for a real
   * duplicate; duplicate() is the 409 itself.
   */
  public static final class AlreadyAccepted extends SandboxApiError {
    private static final long serialVersionUID = 1L;
    private final String reference;
    private final SandboxApiError duplicate;

    public AlreadyAccepted(String reference, SandboxApiError duplicate) {
      super(409, Map.of("error", "ALREADY_ACCEPTED", "requestId", duplicate.requestId(), "message",
          "the call with reference " + reference + " went through before its answer was lost (the retry was answered 409 DUPLICATE_REFERENCE): wait for its callback"), duplicate.headers());
      this.reference = reference;
      this.duplicate = duplicate;
    }

    public String reference() { return reference; }
    public SandboxApiError duplicate() { return duplicate; }
  }

  /** The app's per-minute limit as the answer reported it (null before the rate check). */
  public record RateLimit(long limit, long remaining, long resetSeconds) {
    static RateLimit of(Map<String, List<String>> h) {
      String limit = header(h, "x-ratelimit-limit");
      if (limit == null) return null;
      return new RateLimit(Long.parseLong(limit), Long.parseLong(header(h, "x-ratelimit-remaining")), Long.parseLong(header(h, "x-ratelimit-reset")));
    }
  }

  /** A success answer with what came with it. */
  public record ApiResponse<T>(T data, int status, Map<String, List<String>> headers) {
    public String requestId() { return header(headers, "x-request-id"); }
    public String scenario() { return header(headers, SCENARIO_HEADER); }
    public RateLimit rateLimit() { return RateLimit.of(headers); }
    <R> ApiResponse<R> map(Function<T, R> f) { return new ApiResponse<>(f.apply(data), status, headers); }
  }

  /**
   * Per call: a scenario to force (X-Svc-Scenario), a time scale 0 to 1 (X-Svc-Time-Scale), a timeout, and
   * one of production's failures on the call's first attempt (X-Svc-Fault: lost_response, unavailable,
   * token_expired, ...) to rehearse the retries.
   */
  public record CallOptions(String scenario, Double timeScale, Duration timeout, String fault) {
    public static CallOptions none() { return new CallOptions(null, null, null, null); }
    public CallOptions scenario(String key) { return new CallOptions(key, timeScale, timeout, fault); }
    public CallOptions timeScale(double scale) { return new CallOptions(scenario, scale, timeout, fault); }
    public CallOptions timeout(Duration limit) { return new CallOptions(scenario, timeScale, limit, fault); }
    public CallOptions fault(String name) { return new CallOptions(scenario, timeScale, timeout, name); }
  }

  private static String header(Map<String, List<String>> headers, String name) {
    for (var e : headers.entrySet()) {
      if (e.getKey() != null && e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) return e.getValue().get(0);
    }
    return null;
  }

  private final String consumerKey;
  private final String consumerSecret;
  private final String baseUrl;
  private final Duration timeout;
  private final Double timeScale;
  private final int maxAttempts;
  private final HttpClient http;
  private String token;
  private long tokenExpiresAt;

  /**
   * How a client is made: Options.of(consumerKey, consumerSecret), then what differs from the defaults
   * (.baseUrl(url), .timeout(limit): before a call is abandoned with TIMEOUT, .timeScale(0 to 1): scripted
   * delays times this on every call, .maxAttempts(n): attempts per call, the first included, default 3,
   * 1 turns retries off). Sent again: after a 503 or 429, any call, once its Retry-After has passed; after
   * no answer, a timeout or another 5xx, a GET or a call with a reference (the same request: same
   * reference, same body). A 401 INVALID_TOKEN renews the token and sends the call once more.
   */
  public record Options(String consumerKey, String consumerSecret, String baseUrl, Duration timeout, Double timeScale, int maxAttempts) {
    public static Options of(String consumerKey, String consumerSecret) { return new Options(consumerKey, consumerSecret, DEFAULT_BASE_URL, Duration.ofSeconds(30), null, 3); }
    public Options baseUrl(String url) { return new Options(consumerKey, consumerSecret, url, timeout, timeScale, maxAttempts); }
    public Options timeout(Duration limit) { return new Options(consumerKey, consumerSecret, baseUrl, limit, timeScale, maxAttempts); }
    public Options timeScale(double scale) { return new Options(consumerKey, consumerSecret, baseUrl, timeout, scale, maxAttempts); }
    public Options maxAttempts(int attempts) { return new Options(consumerKey, consumerSecret, baseUrl, timeout, timeScale, Math.max(1, attempts)); }
  }

  public SandboxClient(String consumerKey, String consumerSecret) {
    this(Options.of(consumerKey, consumerSecret));
  }

  public SandboxClient(Options options) {
    this.consumerKey = options.consumerKey();
    this.consumerSecret = options.consumerSecret();
    this.baseUrl = options.baseUrl().replaceAll("/+$", "");
    this.timeout = options.timeout();
    this.timeScale = options.timeScale();
    this.maxAttempts = Math.max(1, options.maxAttempts());
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
  }

  private HttpResponse<String> send(HttpRequest.Builder request, Duration limit) {
    try {
      return http.send(request.timeout(limit).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpTimeoutException e) {
      throw new SandboxApiError(0, Map.of("error", "TIMEOUT", "message", "no answer in " + limit.toMillis() + " ms", "requestId", ""), Map.of());
    } catch (IOException e) {
      throw new SandboxApiError(0, Map.of("error", "NETWORK_ERROR", "message", String.valueOf(e.getMessage()), "requestId", ""), Map.of());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxApiError(0, Map.of("error", "NETWORK_ERROR", "message", "interrupted", "requestId", ""), Map.of());
    }
  }

  private static Map<String, Object> parse(HttpResponse<String> r) {
    Object json;
    try {
      json = Json.parse(r.body());
    } catch (RuntimeException e) {
      json = null;
    }
    if (json instanceof Map) return Json.object(json);
    String text = r.body() == null ? "" : r.body();
    String requestId = header(r.headers().map(), "x-request-id");
    throw new SandboxApiError(r.statusCode(), Map.of("error", "HTTP_" + r.statusCode(), "message", text.isEmpty() ? "no body" : text.substring(0, Math.min(200, text.length())), "requestId", requestId == null ? "" : requestId), r.headers().map());
  }

  /** An access token, cached until a minute before it expires (no refresh token: a new one is requested). */
  public synchronized String accessToken() {
    if (token != null && System.currentTimeMillis() < tokenExpiresAt) return token;
    // RFC 6749 2.3.1: id and secret are form-urlencoded before Basic encoding.
    String pair = URLEncoder.encode(consumerKey, StandardCharsets.UTF_8) + ":" + URLEncoder.encode(consumerSecret, StandardCharsets.UTF_8);
    var request = HttpRequest.newBuilder(URI.create(baseUrl + "/oauth/v1/token"))
        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials"));
    var r = send(request, timeout);
    var body = parse(r);
    if (r.statusCode() != 200 || !(body.get("access_token") instanceof String)) throw new SandboxApiError(r.statusCode(), body, r.headers().map());
    token = (String) body.get("access_token");
    long expiresIn = body.get("expires_in") instanceof Long l ? l : 3600L;
    tokenExpiresAt = System.currentTimeMillis() + (expiresIn - 60) * 1000;
    return token;
  }

  /** What one failed attempt leads to: wait this long, then send again; why: "renew", "wait" or "unsure". */
  private record Step(double seconds, String why) {}

  /** After attempt `attempt` failed with e: null (no retry) or the step. safe: a GET or a body with a reference. The same rule in every language's client. */
  private static Step nextAfter(SandboxApiError e, int attempt, int maxAttempts, boolean safe, boolean renewed) {
    if (e.status() == 401 && e.error().equals("INVALID_TOKEN")) return renewed ? null : new Step(0, "renew");
    if (attempt >= maxAttempts) return null;
    if (e.status() == 503 || e.status() == 429) {
      double seconds;
      try {
        String header = header(e.headers(), "retry-after");
        seconds = header == null ? 1 : Double.parseDouble(header);
      } catch (NumberFormatException x) {
        seconds = 1;
      }
      if (!(seconds >= 0)) seconds = 1;
      return seconds > MAX_RETRY_AFTER_SECONDS ? null : new Step(seconds, "wait");
    }
    if (safe && (e.status() == 0 || e.status() >= 500)) return new Step(0.5 * Math.pow(2, attempt - 1), "unsure");
    return null;
  }

  /**
   * One call with its retries (Options.maxAttempts): the same request each time. A retry answered 409
   * DUPLICATE_REFERENCE after an attempt whose outcome is unknown throws AlreadyAccepted.
   */
  protected ApiResponse<Object> call(String method, String path, Map<String, Object> body, CallOptions options) {
    String reference = body != null && body.get(REFERENCE_FIELD) instanceof String r ? r : null;
    boolean safe = method.equals("GET") || reference != null;
    boolean unsure = false, renewed = false;
    for (int attempt = 1; ; ) {
      try {
        return attempt(method, path, body, options, attempt == 1 && !renewed ? options.fault() : null);
      } catch (AlreadyAccepted e) {
        throw e;
      } catch (SandboxApiError e) {
        if (unsure && reference != null && e.status() == 409 && e.error().equals("DUPLICATE_REFERENCE")) throw new AlreadyAccepted(reference, e);
        Step step = nextAfter(e, attempt, maxAttempts, safe, renewed);
        if (step == null) throw e;
        if (step.why().equals("renew")) renewed = true;
        else attempt++;
        unsure = unsure || step.why().equals("unsure");
        try {
          Thread.sleep(Math.round(step.seconds() * 1000));
        } catch (InterruptedException x) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** One attempt: the token, the options' headers, the answer or a SandboxApiError. */
  private ApiResponse<Object> attempt(String method, String path, Map<String, Object> body, CallOptions options, String fault) {
    var request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .header("Authorization", "Bearer " + accessToken())
        .header("Accept", "application/json");
    if (body != null) request.header("Content-Type", "application/json");
    request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(Json.write(body)));
    if (options.scenario() != null) request.header(SCENARIO_HEADER, options.scenario());
    Double scale = options.timeScale() != null ? options.timeScale() : timeScale;
    if (scale != null) request.header(TIME_SCALE_HEADER, BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString());
    if (fault != null) request.header(FAULT_HEADER, fault);
    var r = send(request, options.timeout() != null ? options.timeout() : timeout);
    var parsed = parse(r);
    if (r.statusCode() == 401) {
      synchronized (this) { token = null; }
    }
    if (r.statusCode() >= 300) throw new SandboxApiError(r.statusCode(), parsed, r.headers().map());
    return new ApiResponse<>(parsed, r.statusCode(), r.headers().map());
  }

  /**
   * Checks a callback's Standard Webhooks headers (webhook-id, webhook-timestamp,
   * webhook-signature) with the app's signing secret (whsec_..., as the console shows it).
   * rawBody: the body exactly as received; headers: each value a String or a List of them, as servers
   * give them (HttpExchange.getRequestHeaders(), a servlet's headers as a Map of Lists).
   * During a secret rotation either secret verifies.
   */
  public static boolean verifyCallback(String rawBody, Map<String, ?> headers, String secret) {
    return verifyCallback(rawBody, headers, secret, 300);
  }

  public static boolean verifyCallback(String rawBody, Map<String, ?> headers, String secret, long toleranceSeconds) {
    Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (var e : headers.entrySet()) {
      Object v = e.getValue();
      if (e.getKey() == null || v == null) continue;
      if (v instanceof Collection<?> values) {
        var parts = new ArrayList<String>();
        for (Object x : values) parts.add(String.valueOf(x));
        h.merge(e.getKey(), String.join(" ", parts), (a, b) -> a + " " + b);
      } else {
        h.merge(e.getKey(), String.valueOf(v), (a, b) -> a + " " + b);
      }
    }
    String id = h.get("webhook-id"), t = h.get("webhook-timestamp"), signatures = h.get("webhook-signature");
    if (id == null || t == null || signatures == null || !t.matches("\\d{1,18}")) return false;
    if (Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(t)) > toleranceSeconds) return false;
    try {
      byte[] key = Base64.getDecoder().decode(secret.startsWith("whsec_") ? secret.substring(6) : secret);
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      byte[] expected = Base64.getEncoder().encode(mac.doFinal((id + "." + t + "." + rawBody).getBytes(StandardCharsets.UTF_8)));
      for (String entry : signatures.split(" ")) {
        String[] parts = entry.split(",", 2);
        if (parts.length == 2 && parts[0].equals("v1") && MessageDigest.isEqual(expected, parts[1].getBytes(StandardCharsets.UTF_8))) return true;
      }
      return false;
    } catch (IllegalArgumentException | GeneralSecurityException e) {
      return false;
    }
  }

  /**
   * A small JSON reader and writer (objects as LinkedHashMap, arrays as ArrayList, integers as Long). The
   * reader is strict (RFC 8259): no leading zeros or plus signs, no raw control characters in strings,
   * only JSON's escapes and whitespace.
   */
  public static final class Json {
    private final String s;
    private int i;

    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private Json(String s) { this.s = s; }

    public static Object parse(String text) {
      Json p = new Json(text);
      Object v = p.value();
      p.ws();
      if (p.i != text.length()) throw new IllegalArgumentException("trailing characters at " + p.i);
      return v;
    }

    private void ws() { while (i < s.length() && " \t\n\r".indexOf(s.charAt(i)) >= 0) i++; }

    private char peek() {
      if (i >= s.length()) throw new IllegalArgumentException("unexpected end");
      return s.charAt(i);
    }

    private Object value() {
      ws();
      if (i >= s.length()) throw new IllegalArgumentException("unexpected end");
      char c = s.charAt(i);
      if (c == '{') {
        i++;
        var m = new LinkedHashMap<String, Object>();
        ws();
        if (peek() == '}') { i++; return m; }
        for (;;) {
          ws();
          String k = string();
          ws();
          expect(':');
          m.put(k, value());
          ws();
          if (peek() == ',') { i++; continue; }
          expect('}');
          return m;
        }
      }
      if (c == '[') {
        i++;
        var l = new ArrayList<Object>();
        ws();
        if (peek() == ']') { i++; return l; }
        for (;;) {
          l.add(value());
          ws();
          if (peek() == ',') { i++; continue; }
          expect(']');
          return l;
        }
      }
      if (c == '"') return string();
      if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
      if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
      if (s.startsWith("null", i)) { i += 4; return null; }
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
      String n = s.substring(start, i);
      if (!NUMBER.matcher(n).matches()) throw new IllegalArgumentException("not a JSON value at " + start);
      if (n.matches("-?\\d{1,18}")) return Long.parseLong(n);
      return Double.parseDouble(n);
    }

    private void expect(char c) {
      if (i >= s.length() || s.charAt(i) != c) throw new IllegalArgumentException("expected " + c + " at " + i);
      i++;
    }

    private String string() {
      expect('"');
      var b = new StringBuilder();
      for (;;) {
        char c = peek();
        i++;
        if (c == '"') return b.toString();
        if (c < 0x20) throw new IllegalArgumentException("raw control character in a string at " + (i - 1));
        if (c != '\\') { b.append(c); continue; }
        char e = peek();
        i++;
        switch (e) {
          case 'n' -> b.append('\n');
          case 't' -> b.append('\t');
          case 'r' -> b.append('\r');
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'u' -> {
            if (i + 4 > s.length() || !s.substring(i, i + 4).matches("[0-9a-fA-F]{4}")) throw new IllegalArgumentException("bad \\u escape at " + i);
            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
          }
          case '"', '\\', '/' -> b.append(e);
          default -> throw new IllegalArgumentException("bad escape \\" + e + " at " + (i - 1));
        }
      }
    }

    public static String write(Object v) {
      if (v == null) return "null";
      if (v instanceof String str) {
        var b = new StringBuilder("\"");
        for (char c : str.toCharArray()) {
          if (c == '"' || c == '\\') b.append('\\').append(c);
          else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
          else b.append(c);
        }
        return b.append('"').toString();
      }
      if (v instanceof Map<?, ?> m) {
        var parts = new ArrayList<String>();
        for (var e : m.entrySet()) parts.add(write(String.valueOf(e.getKey())) + ":" + write(e.getValue()));
        return "{" + String.join(",", parts) + "}";
      }
      if (v instanceof Collection<?> c) {
        var parts = new ArrayList<String>();
        for (Object x : c) parts.add(write(x));
        return "[" + String.join(",", parts) + "]";
      }
      if (v instanceof Model model) return write(model.toJson());
      return String.valueOf(v);
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(Object v) {
      if (v instanceof Map) return (Map<String, Object>) v;
      throw new IllegalArgumentException("expected a JSON object");
    }

    static String str(Object v) { return v == null ? null : String.valueOf(v); }
    static Long lng(Object v) { return v == null ? null : v instanceof Number n ? Long.valueOf(n.longValue()) : Long.valueOf(String.valueOf(v)); }
    static Double dbl(Object v) { return v == null ? null : v instanceof Number n ? Double.valueOf(n.doubleValue()) : Double.valueOf(String.valueOf(v)); }
    static Boolean bool(Object v) { return v == null ? null : (Boolean) v; }
    static Object any(Object v) { return v; }
    static <T> List<T> list(Object v, Function<Object, T> f) {
      if (v == null) return null;
      var out = new ArrayList<T>();
      for (Object x : (List<?>) v) out.add(f.apply(x));
      return out;
    }
    static <T> List<Object> mapList(List<T> v, Function<T, Object> f) {
      var out = new ArrayList<Object>();
      for (T x : v) out.add(f.apply(x));
      return out;
    }
    static String path(String segment) { return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"); }
  }
}
