<?php
// Drives the svc/sandbox package (unzipped from the Composer repository's dist)
// against the sandbox; prints a JSON report. CONFIG names a JSON file written
// by tests/integration/client-packages.test.ts. Composer is not installed: the
// package's composer.json is read here and its autoload rules (PSR-4 and
// files) applied as Composer's autoloader would. The Payouts client goes
// through a PSR-18 client (duck-typed objects: no psr packages installed).
declare(strict_types=1);

$cfg = json_decode(file_get_contents(getenv('CONFIG')), true, 512, JSON_THROW_ON_ERROR);
$dir = $cfg['dir'];
$composer = json_decode(file_get_contents("$dir/composer.json"), true, 512, JSON_THROW_ON_ERROR);
foreach ($composer['autoload']['psr-4'] as $prefix => $path) {
    spl_autoload_register(function (string $class) use ($prefix, $path, $dir): void {
        if (str_starts_with($class, $prefix)) {
            $file = "$dir/$path" . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
        }
    });
}
foreach ($composer['autoload']['files'] ?? [] as $file) {
    require "$dir/$file";
}

/** A minimal PSR-7 request / response and PSR-17 / PSR-18 implementations, by their method names only. */
final class Msg
{
    /** @param array<string, list<string>> $headers */
    public function __construct(public string $method = '', public string $uri = '', public array $headers = [], public string $body = '', public int $status = 0)
    {
    }
    public function withHeader(string $n, string $v): self { $c = clone $this; $c->headers[$n] = [$v]; return $c; }
    public function withBody(object $s): self { $c = clone $this; $c->body = (string) $s; return $c; }
    public function getHeaders(): array { return $this->headers; }
    public function getStatusCode(): int { return $this->status; }
    public function getBody(): string { return $this->body; }
    public function __toString(): string { return $this->body; }
}
final class Factory
{
    public function createRequest(string $method, string $uri): Msg { return new Msg($method, $uri); }
    public function createStream(string $content): Msg { return new Msg('', '', [], $content); }
}
final class CountingClient
{
    public int $sent = 0;
    public function sendRequest(Msg $r): Msg
    {
        $this->sent++;
        $lines = [];
        foreach ($r->headers as $n => $vs) {
            $lines[] = "$n: " . implode(', ', $vs);
        }
        $ctx = stream_context_create(['http' => ['method' => $r->method, 'header' => implode("\r\n", $lines), 'content' => $r->body, 'ignore_errors' => true]]);
        $body = (string) file_get_contents($r->uri, false, $ctx);
        $status = 0;
        $headers = [];
        foreach ((function_exists('http_get_last_response_headers') ? http_get_last_response_headers() : $http_response_header) ?? [] as $line) {
            if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $m)) {
                $status = (int) $m[1];
            } elseif (str_contains($line, ':')) {
                [$n, $v] = explode(':', $line, 2);
                $headers[trim($n)][] = trim($v);
            }
        }
        return new Msg('', '', $headers, $body, $status);
    }
}

use Svc\Sandbox\CollectClient;
use Svc\Sandbox\PayoutsClient;
use Svc\Sandbox\SandboxApiError;
use function Svc\Sandbox\verify_callback;

$collect = new CollectClient($cfg['key'], $cfg['secret'], $cfg['base']);
$psr = new CountingClient();
$payouts = new PayoutsClient($cfg['key'], $cfg['secret'], $cfg['base'], httpClient: $psr, requestFactory: new Factory(), streamFactory: new Factory());

$out = ['token' => $collect->accessToken() !== ''];
$pushed = $collect->pushWithResponse($cfg['collect']['body']);
$out['created'] = $pushed->data;
$out['read'] = $collect->status((string) $pushed->data[$cfg['collect']['idField']]);
$out['errors'] = [];
$calls = [
    'collect' => fn () => $collect->push($cfg['collect']['body2'], $cfg['collect']['errorScenario']),
    'payouts' => fn () => $payouts->send($cfg['payouts']['invalidBody']),
];
foreach ($calls as $name => $call) {
    try {
        $call();
        $out['errors'][] = null;
    } catch (SandboxApiError $e) { // one catch for every API's errors
        $out['errors'][] = ['api' => $name, 'status' => $e->status, 'code' => $e->errorCode(), 'message' => (string) ($e->body['message'] ?? ''), 'requestId' => $e->requestId(), 'details' => $e->details()];
    }
}
$out['psr18Requests'] = $psr->sent;
$cb = $cfg['callback'];
$out['verify'] = [verify_callback($cb['body'], $cb['headers'], $cb['secret']), verify_callback($cb['body'] . ' ', $cb['headers'], $cb['secret'])];
echo json_encode($out), "\n";
