<?php
// Drives one API's generated PHP client against the sandbox; prints a JSON report.
// CONFIG names a JSON file written by tests/integration/clients-languages.test.ts.
declare(strict_types=1);

$cfg = json_decode(file_get_contents(getenv('CONFIG')), true);
require $cfg['dir'] . '/' . $cfg['api'] . '.php';
$ns = $cfg['namespace'];
$cls = $ns . '\\' . $cfg['className'];
$errorClass = $ns . '\\SandboxApiError';
$send = $cfg['send'];
$get = $cfg['get'];
$c = new $cls($cfg['key'], $cfg['secret'], $cfg['base']);

$err = function (callable $fn) use ($errorClass) {
    try {
        $fn();
        return null;
    } catch (Throwable $e) {
        if (!($e instanceof $errorClass)) {
            throw $e;
        }
        return ['status' => $e->status, 'error' => $e->error(), 'requestId' => $e->requestId()];
    }
};

$out = [];
$r = $c->{$send . 'WithResponse'}($cfg['body']);
$out['created'] = $r->data;
$out['requestId'] = $r->requestId();
$out['scenario'] = $r->scenario();
$out['rateLimit'] = $r->rateLimit()['limit'] ?? null;
$out['read'] = $c->{$get}($r->data[$cfg['idField']]);
$out['invalid'] = $err(fn () => $c->{$get}(str_repeat('x', 65)));
$out['forced'] = $err(fn () => $c->{$send}($cfg['body2'], $cfg['errorScenario']));
$out['timeout'] = $err(fn () => (new $cls($cfg['key'], $cfg['secret'], $cfg['slowBase'], 0.3))->{$get}('x'));
$out['badGateway'] = $err(fn () => (new $cls($cfg['key'], $cfg['secret'], $cfg['badGatewayBase']))->{$get}('x'));
$resend = fn () => $c->{$send}($cfg['body3'], $cfg['acceptedScenario'], 0.0);
$resend();
$out['resent'] = $err($resend);
$verify = $ns . '\\verify_callback';
$cb = $cfg['callback'];
$out['verify'] = [$verify($cb['body'], $cb['headers'], $cb['secret']), $verify($cb['body'] . ' ', $cb['headers'], $cb['secret'])];
echo json_encode($out, JSON_UNESCAPED_SLASHES);
