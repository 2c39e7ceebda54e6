<?php
// Drives the generated Payouts client's float methods (developer endpoints) against the sandbox; prints a JSON report.
// CONFIG names a JSON file written by tests/integration/clients-float.test.ts.
declare(strict_types=1);

$cfg = json_decode(file_get_contents(getenv('CONFIG')), true);
require $cfg['dir'] . '/' . $cfg['api'] . '.php';
$cls = $cfg['namespace'] . '\\' . $cfg['className'];
$errorClass = $cfg['namespace'] . '\\SandboxApiError';
$c = new $cls($cfg['key'], $cfg['secret'], $cfg['base']);
$out = ['set' => $c->setFloat($cfg['currency'], ['available' => $cfg['available']]), 'got' => $c->getFloat()];
try {
    $c->setFloat('USD', ['available' => 1]);
    $out['bad'] = null;
} catch (Throwable $e) {
    if (!($e instanceof $errorClass)) {
        throw $e;
    }
    $out['bad'] = ['status' => $e->status, 'error' => $e->error()];
}
echo json_encode($out), "\n";
