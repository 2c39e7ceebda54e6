// The fixed part of every generated Java client (lib/client-gen/java.ts): the
// error type, response metadata, call options, the token cache, calls with
// timeouts, the callback verifier and a small JSON reader and writer. Each
// API's client is this file from its imports on (the client has its own
// heading and package line) with the class renamed from SandboxClient to the
// API's client class (CollectClient) and the API's models and one method per
// operation added at its end. Where a line ends in `generator: NAME`, the
// generator writes NAME's value into its string
// (lib/client-gen/runtime-source.ts). Java 17+, JDK only. Checked by
// javac -Xlint:all -Werror in tests/unit/client-runtimes.test.ts.
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

/** The client of one API of the Svc Sandbox: its models, one method per operation, the error type and the callback verifier. */
public final class SandboxClient {
  /** The sandbox this client was generated from. */
  public static final String DEFAULT_BASE_URL = "http://localhost:3000/sandbox"; // generator: BASE_URL
  /** The request header that forces a scenario; answers name theirs in it too. */
  private static final String SCENARIO_HEADER = "x-svc-scenario"; // generator: SCENARIO_HEADER
  /** The request header that multiplies scripted delays (0 to 1). */
  private static final String TIME_SCALE_HEADER = "x-svc-time-scale"; // generator: TIME_SCALE_HEADER

  /** Every model has a JSON form. */
  public interface Model {
    Map<String, Object> toJson();
  }

  /**
   * Every failure of a call: an error answer of the sandbox (error, message, requestId),
   * a non-JSON answer such as a proxy's 502 (error "HTTP_502"), a timeout (status 0,
   * error "TIMEOUT") or a network failure (status 0, error "NETWORK_ERROR").
   */
  public static final class SandboxApiError extends RuntimeException {
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
    public String requestId() { return String.valueOf(body.getOrDefault("requestId", "")); }
    public Map<String, Object> body() { return body; }
    public Map<String, List<String>> headers() { return headers; }
    public RateLimit rateLimit() { return RateLimit.of(headers); }
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

  /** Per call: a scenario to force (X-Svc-Scenario), a time scale 0 to 1 (X-Svc-Time-Scale), a timeout. */
  public record CallOptions(String scenario, Double timeScale, Duration timeout) {
    public static CallOptions none() { return new CallOptions(null, null, null); }
    public CallOptions scenario(String key) { return new CallOptions(key, timeScale, timeout); }
    public CallOptions timeScale(double scale) { return new CallOptions(scenario, scale, timeout); }
    public CallOptions timeout(Duration limit) { return new CallOptions(scenario, timeScale, limit); }
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
  private final HttpClient http;
  private String token;
  private long tokenExpiresAt;

  public SandboxClient(String consumerKey, String consumerSecret) {
    this(consumerKey, consumerSecret, DEFAULT_BASE_URL, Duration.ofSeconds(30), null);
  }

  /** timeout: before a call is abandoned (TIMEOUT); timeScale: scripted delays times this on every call (null: not sent). */
  public SandboxClient(String consumerKey, String consumerSecret, String baseUrl, Duration timeout, Double timeScale) {
    this.consumerKey = consumerKey;
    this.consumerSecret = consumerSecret;
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.timeout = timeout;
    this.timeScale = timeScale;
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

  private ApiResponse<Object> call(String method, String path, Map<String, Object> body, CallOptions options) {
    var request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .header("Authorization", "Bearer " + accessToken())
        .header("Accept", "application/json");
    if (body != null) request.header("Content-Type", "application/json");
    request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(Json.write(body)));
    if (options.scenario() != null) request.header(SCENARIO_HEADER, options.scenario());
    Double scale = options.timeScale() != null ? options.timeScale() : timeScale;
    if (scale != null) request.header(TIME_SCALE_HEADER, BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString());
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
   * rawBody: the body exactly as received. During a secret rotation either secret verifies.
   */
  public static boolean verifyCallback(String rawBody, Map<String, String> headers, String secret) {
    return verifyCallback(rawBody, headers, secret, 300);
  }

  public static boolean verifyCallback(String rawBody, Map<String, String> headers, String secret, long toleranceSeconds) {
    Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    h.putAll(headers);
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

  /** A small JSON reader and writer (objects as LinkedHashMap, arrays as ArrayList, integers as Long). */
  public static final class Json {
    private final String s;
    private int i;

    private Json(String s) { this.s = s; }

    public static Object parse(String text) {
      Json p = new Json(text);
      Object v = p.value();
      p.ws();
      if (p.i != text.length()) throw new IllegalArgumentException("trailing characters at " + p.i);
      return v;
    }

    private void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

    private Object value() {
      ws();
      if (i >= s.length()) throw new IllegalArgumentException("unexpected end");
      char c = s.charAt(i);
      if (c == '{') {
        i++;
        var m = new LinkedHashMap<String, Object>();
        ws();
        if (s.charAt(i) == '}') { i++; return m; }
        for (;;) {
          ws();
          String k = string();
          ws();
          expect(':');
          m.put(k, value());
          ws();
          if (s.charAt(i) == ',') { i++; continue; }
          expect('}');
          return m;
        }
      }
      if (c == '[') {
        i++;
        var l = new ArrayList<Object>();
        ws();
        if (s.charAt(i) == ']') { i++; return l; }
        for (;;) {
          l.add(value());
          ws();
          if (s.charAt(i) == ',') { i++; continue; }
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
      if (n.isEmpty()) throw new IllegalArgumentException("unexpected character at " + start);
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
        char c = s.charAt(i++);
        if (c == '"') return b.toString();
        if (c != '\\') { b.append(c); continue; }
        char e = s.charAt(i++);
        switch (e) {
          case 'n' -> b.append('\n');
          case 't' -> b.append('\t');
          case 'r' -> b.append('\r');
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'u' -> { b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
          default -> b.append(e);
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
