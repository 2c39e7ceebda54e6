<?php
// The fixed part of every generated PHP client (lib/client-gen/php.ts): the
// error type, response metadata, the token cache, calls with timeouts and
// their retries (what is safe to send again, Retry-After, one token renewal,
// the recovered 409), the callback verifier. Each API's client is this file from the line after its
// namespace on (the client has its own heading and namespace,
// SvcSandbox\<Api>, so several clients can be loaded together), followed by
// the API's client class, which extends BaseClient. Where a line ends in
// `generator: NAME`, the generator writes NAME's value into its string
// (lib/client-gen/core-source.ts). PHP 8.1+, no extensions beyond json.
// Checked by php -l and by loading it in tests/unit/client-cores.test.ts.
declare(strict_types=1);

namespace SvcSandbox;

/**
 * Every failure of a call: an error answer of the sandbox (error, message, requestId),
 * a non-JSON answer such as a proxy's 502 (error "HTTP_502"), a timeout (status 0,
 * error "TIMEOUT") or a network failure (status 0, error "NETWORK_ERROR").
 */
class SandboxApiError extends \RuntimeException
{
    /** @param array<string, mixed> $body @param array<string, string> $headers */
    public function __construct(public readonly int $status, public readonly array $body, public readonly array $headers = [])
    {
        parent::__construct(sprintf('%d %s: %s', $status, $this->error(), (string) ($body['message'] ?? '')));
    }

    public function error(): string
    {
        return (string) ($this->body['error'] ?? '');
    }

    /** The error code (error()'s other name: Exception::getCode() is PHP's integer). */
    public function errorCode(): string
    {
        return $this->error();
    }

    public function requestId(): string
    {
        return (string) ($this->body['requestId'] ?? '');
    }

    /** @return list<array{field: string, message: string}> The invalid fields of a VALIDATION_ERROR. */
    public function details(): array
    {
        $out = [];
        foreach (is_array($this->body['details'] ?? null) ? $this->body['details'] : [] as $d) {
            if (is_array($d)) {
                $out[] = ['field' => (string) ($d['field'] ?? ''), 'message' => (string) ($d['message'] ?? '')];
            }
        }
        return $out;
    }

    /** @return array{limit: int, remaining: int, resetSeconds: int}|null */
    public function rateLimit(): ?array
    {
        return rate_limit($this->headers);
    }
}

/**
 * Not a failure: an attempt whose answer was lost (no answer, a timeout, a 5xx other than 503)
 * went through, and its retry with the same reference was answered 409 DUPLICATE_REFERENCE.
 * The payment or payout exists: wait for its callback (it carries reference), never send it
 * again with another reference. Its error is ALREADY_ACCEPTED, so it is never taken for a
 * real duplicate; $duplicate is the 409 itself.
 */
final class AlreadyAccepted extends SandboxApiError
{
    public function __construct(public readonly string $reference, public readonly SandboxApiError $duplicate)
    {
        $message = "the call with reference {$reference} went through before its answer was lost (the retry was answered 409 DUPLICATE_REFERENCE): wait for its callback";
        parent::__construct(409, ['error' => 'ALREADY_ACCEPTED', 'message' => $message, 'requestId' => $duplicate->requestId()], $duplicate->headers);
    }
}

/** A success answer with what came with it. */
final class ApiResponse
{
    /** @param array<string, mixed> $data @param array<string, string> $headers */
    public function __construct(public readonly array $data, public readonly int $status, public readonly array $headers)
    {
    }

    public function requestId(): string
    {
        return $this->headers['x-request-id'] ?? '';
    }

    public function scenario(): ?string
    {
        return $this->headers[BaseClient::SCENARIO_HEADER] ?? null;
    }

    /** @return array{limit: int, remaining: int, resetSeconds: int}|null */
    public function rateLimit(): ?array
    {
        return rate_limit($this->headers);
    }
}

/** @param array<string, string> $headers @return array{limit: int, remaining: int, resetSeconds: int}|null */
function rate_limit(array $headers): ?array
{
    if (!isset($headers['x-ratelimit-limit'])) {
        return null;
    }
    return ['limit' => (int) $headers['x-ratelimit-limit'], 'remaining' => (int) ($headers['x-ratelimit-remaining'] ?? 0), 'resetSeconds' => (int) ($headers['x-ratelimit-reset'] ?? 0)];
}

/** What every API's client has: it adds one method per operation over call(). */
abstract class BaseClient
{
    /** The request header that forces a scenario; answers name theirs in it too. */
    public const SCENARIO_HEADER = 'x-svc-scenario'; // generator: SCENARIO_HEADER
    /** The request header that multiplies scripted delays (0 to 1). */
    public const TIME_SCALE_HEADER = 'x-svc-time-scale'; // generator: TIME_SCALE_HEADER
    /** The request header that asks the sandbox for one of production's failures on purpose (docs: Rehearse failures). */
    public const FAULT_HEADER = 'x-svc-fault'; // generator: FAULT_HEADER
    /** The body field that makes a call safe to send again: the same value means the same request (the catalog's referenceField). */
    public const REFERENCE_FIELD = 'reference'; // generator: REFERENCE_FIELD
    /** The longest Retry-After a call waits out; a longer one ends it with the 503 or 429. */
    public const MAX_RETRY_AFTER_SECONDS = 60.0;

    private int $maxAttempts = 3;
    private ?string $fault = null;

    private ?string $token = null;
    private float $tokenExpires = 0.0;
    private string $baseUrl;

    /**
     * $httpClient: a PSR-18 client (any object with sendRequest), with the PSR-17 factories it needs to be
     * handed requests ($requestFactory: createRequest, $streamFactory: createStream); its own settings then
     * govern timeouts. Without one, PHP's HTTP streams are used.
     */
    public function __construct(
        private string $consumerKey,
        private string $consumerSecret,
        string $baseUrl,
        private float $timeout = 30.0,
        private ?float $timeScale = null,
        private ?object $httpClient = null,
        private ?object $requestFactory = null,
        private ?object $streamFactory = null,
    ) {
        $this->baseUrl = rtrim($baseUrl, '/');
        if ($httpClient !== null && (!method_exists($httpClient, 'sendRequest') || $requestFactory === null || !method_exists($requestFactory, 'createRequest') || $streamFactory === null || !method_exists($streamFactory, 'createStream'))) {
            throw new \InvalidArgumentException('httpClient needs sendRequest, and requestFactory (createRequest) and streamFactory (createStream) with it');
        }
    }

    /** Through the PSR-18 client. @param list<string> $headers @return array{0: int, 1: string, 2: array<string, string>} */
    private function psrTransport(object $client, string $method, string $url, array $headers, ?string $data): array
    {
        $request = $this->requestFactory?->createRequest($method, $url);
        foreach ($headers as $line) {
            [$name, $value] = explode(':', $line, 2);
            $request = $request->withHeader(trim($name), trim($value));
        }
        if ($data !== null) {
            $request = $request->withBody($this->streamFactory?->createStream($data));
        }
        try {
            $response = $client->sendRequest($request);
        } catch (\Throwable $e) {
            throw new SandboxApiError(0, ['error' => 'NETWORK_ERROR', 'message' => $e->getMessage(), 'requestId' => '']);
        }
        $got = [];
        foreach ($response->getHeaders() as $name => $values) {
            $got[strtolower((string) $name)] = implode(', ', (array) $values);
        }
        return [(int) $response->getStatusCode(), (string) $response->getBody(), $got];
    }

    /** @param list<string> $headers @return array{0: int, 1: string, 2: array<string, string>} */
    private function transport(string $method, string $url, array $headers, ?string $data, ?float $timeout): array
    {
        if ($this->httpClient !== null) {
            return $this->psrTransport($this->httpClient, $method, $url, $headers, $data);
        }
        $limit = $timeout ?? $this->timeout;
        $context = stream_context_create(['http' => [
            'method' => $method, 'header' => implode("\r\n", $headers), 'content' => $data ?? '',
            'timeout' => $limit, 'ignore_errors' => true, 'follow_location' => 0, 'protocol_version' => 1.1,
        ]]);
        error_clear_last();
        $started = microtime(true);
        $raw = @file_get_contents($url, false, $context);
        $lines = function_exists('http_get_last_response_headers') ? (http_get_last_response_headers() ?? []) : ($http_response_header ?? []);
        if ($raw === false || $lines === []) {
            $why = error_get_last()['message'] ?? 'no answer';
            $timedOut = stripos($why, 'timed out') !== false || microtime(true) - $started >= $limit * 0.95;
            throw new SandboxApiError(0, ['error' => $timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', 'message' => $timedOut ? "no answer in {$limit} s" : $why, 'requestId' => '']);
        }
        $status = 0;
        $got = [];
        foreach ($lines as $line) {
            if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $m)) {
                $status = (int) $m[1];
                $got = [];
            } elseif (str_contains($line, ':')) {
                [$name, $value] = explode(':', $line, 2);
                $got[strtolower(trim($name))] = trim($value);
            }
        }
        return [$status, $raw, $got];
    }

    /** @param array<string, string> $headers @return array<string, mixed> */
    private static function parse(int $status, string $raw, array $headers): array
    {
        $json = json_decode($raw, true);
        if (!is_array($json)) {
            throw new SandboxApiError($status, ['error' => "HTTP_{$status}", 'message' => substr($raw, 0, 200) ?: 'no body', 'requestId' => $headers['x-request-id'] ?? ''], $headers);
        }
        return $json;
    }

    /** An access token, cached until a minute before it expires (no refresh token: a new one is requested). */
    public function accessToken(): string
    {
        if ($this->token !== null && microtime(true) < $this->tokenExpires) {
            return $this->token;
        }
        // RFC 6749 2.3.1: id and secret are form-urlencoded before Basic encoding.
        $basic = base64_encode(urlencode($this->consumerKey) . ':' . urlencode($this->consumerSecret));
        [$status, $raw, $got] = $this->transport('POST', "{$this->baseUrl}/oauth/v1/token", [
            "Authorization: Basic {$basic}", 'Content-Type: application/x-www-form-urlencoded', 'Accept: application/json',
        ], 'grant_type=client_credentials', null);
        $body = self::parse($status, $raw, $got);
        if ($status !== 200 || !isset($body['access_token'])) {
            throw new SandboxApiError($status, $body, $got);
        }
        $this->token = (string) $body['access_token'];
        $this->tokenExpires = microtime(true) + (int) ($body['expires_in'] ?? 3600) - 60;
        return $this->token;
    }

    /**
     * Attempts per call, the first included (default 3; 1 turns retries off). Sent again: after a 503
     * or 429, any call, once its Retry-After has passed; after no answer, a timeout or another 5xx, a
     * GET or a call with a reference (the same request: same reference, same body). A 401
     * INVALID_TOKEN renews the token and sends the call once more, whatever this is.
     */
    public function withMaxAttempts(int $maxAttempts): static
    {
        $this->maxAttempts = max(1, $maxAttempts);
        return $this;
    }

    /** Asks for one of production's failures (the X-Svc-Fault header: lost_response, unavailable, token_expired, ...) on the first attempt of the next call, to rehearse the retries. */
    public function rehearse(string $fault): static
    {
        $this->fault = $fault;
        return $this;
    }

    /** After attempt $attempt failed with $e: null (no retry), or [seconds to wait, 'renew'|'wait'|'unsure']. $safe: a GET or a body with a reference. The same rule in every language's client. @return array{0: float, 1: string}|null */
    private static function nextAfter(SandboxApiError $e, int $attempt, int $maxAttempts, bool $safe, bool $renewed): ?array
    {
        if ($e->status === 401 && $e->error() === 'INVALID_TOKEN') {
            return $renewed ? null : [0.0, 'renew'];
        }
        if ($attempt >= $maxAttempts) {
            return null;
        }
        if ($e->status === 503 || $e->status === 429) {
            $header = $e->headers['retry-after'] ?? '1';
            $seconds = is_numeric($header) && (float) $header >= 0 ? (float) $header : 1.0;
            return $seconds > self::MAX_RETRY_AFTER_SECONDS ? null : [$seconds, 'wait'];
        }
        if ($safe && ($e->status === 0 || $e->status >= 500)) {
            return [0.5 * 2 ** ($attempt - 1), 'unsure'];
        }
        return null;
    }

    /**
     * One call with its retries (withMaxAttempts): the same request each time. A retry answered 409
     * DUPLICATE_REFERENCE after an attempt whose outcome is unknown throws AlreadyAccepted.
     *
     * @param array<string, mixed>|null $body
     */
    protected function call(string $method, string $path, ?array $body, ?string $scenario, ?float $timeScale, ?float $timeout): ApiResponse
    {
        $fault = $this->fault;
        $this->fault = null;
        $reference = is_string($body[self::REFERENCE_FIELD] ?? null) ? $body[self::REFERENCE_FIELD] : null;
        $safe = $method === 'GET' || $reference !== null;
        $unsure = false;
        $renewed = false;
        $attempt = 1;
        while (true) {
            try {
                return $this->attempt($method, $path, $body, $scenario, $timeScale, $timeout, $attempt === 1 && !$renewed ? $fault : null);
            } catch (AlreadyAccepted $e) {
                throw $e;
            } catch (SandboxApiError $e) {
                if ($unsure && $reference !== null && $e->status === 409 && $e->error() === 'DUPLICATE_REFERENCE') {
                    throw new AlreadyAccepted($reference, $e);
                }
                $step = self::nextAfter($e, $attempt, $this->maxAttempts, $safe, $renewed);
                if ($step === null) {
                    throw $e;
                }
                [$wait, $why] = $step;
                if ($why === 'renew') {
                    $renewed = true;
                } else {
                    $attempt++;
                }
                $unsure = $unsure || $why === 'unsure';
                usleep((int) round($wait * 1_000_000));
            }
        }
    }

    /** @param array<string, mixed>|null $body */
    private function attempt(string $method, string $path, ?array $body, ?string $scenario, ?float $timeScale, ?float $timeout, ?string $fault): ApiResponse
    {
        $headers = ['Authorization: Bearer ' . $this->accessToken(), 'Accept: application/json'];
        $data = null;
        if ($body !== null) {
            $headers[] = 'Content-Type: application/json';
            // A body is a JSON object: PHP's empty array would be written as [].
            $data = $body === [] ? '{}' : json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES);
        }
        if ($scenario !== null) {
            $headers[] = self::SCENARIO_HEADER . ': ' . $scenario;
        }
        $scale = $timeScale ?? $this->timeScale;
        if ($scale !== null) {
            $headers[] = self::TIME_SCALE_HEADER . ': ' . rtrim(rtrim(sprintf('%.6F', $scale), '0'), '.');
        }
        if ($fault !== null) {
            $headers[] = self::FAULT_HEADER . ': ' . $fault;
        }
        [$status, $raw, $got] = $this->transport($method, $this->baseUrl . $path, $headers, $data, $timeout);
        $parsed = self::parse($status, $raw, $got);
        if ($status === 401) {
            $this->token = null;
        }
        if ($status >= 300) {
            throw new SandboxApiError($status, $parsed, $got);
        }
        return new ApiResponse($parsed, $status, $got);
    }
}

/**
 * Checks a callback's Standard Webhooks headers (webhook-id, webhook-timestamp,
 * webhook-signature) with the app's signing secret (whsec_..., as the console shows it).
 * $rawBody: the body exactly as received (file_get_contents('php://input')); $headers:
 * name => value (any case). During a secret rotation either secret verifies.
 *
 * @param array<string, string|list<string>> $headers
 */
function verify_callback(string $rawBody, array $headers, string $secret, int $toleranceSeconds = 300): bool
{
    $h = [];
    foreach ($headers as $name => $value) {
        $h[strtolower((string) $name)] = is_array($value) ? (string) reset($value) : (string) $value;
    }
    $id = $h['webhook-id'] ?? '';
    $t = $h['webhook-timestamp'] ?? '';
    $signatures = $h['webhook-signature'] ?? '';
    if ($id === '' || $signatures === '' || !ctype_digit($t) || abs(time() - (int) $t) > $toleranceSeconds) {
        return false;
    }
    $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
    if ($key === false) {
        return false;
    }
    $expected = base64_encode(hash_hmac('sha256', "{$id}.{$t}.{$rawBody}", $key, true));
    foreach (explode(' ', $signatures) as $entry) {
        [$version, $signature] = array_pad(explode(',', $entry, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $signature)) {
            return true;
        }
    }
    return false;
}
