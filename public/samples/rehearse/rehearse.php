<?php
// Rehearse production's failures with the generated PHP client of the
// Payouts API, and handle each as production needs (docs: /docs/rehearse).
//
//   curl -O <portal>/clients/payouts.php            (next to this file)
//   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... php rehearse.php
//
// then GET {base_url}/dev/v1/client-checks: every check PASSED. With
// SANDBOX_RETRIES=off the client does not retry and this script sends a refused
// payout again at once, as code without retries does: honours_retry_after FAILS.
// Optional: SANDBOX_CALLBACK_URL (your receiver), SANDBOX_TIME_SCALE (0.1),
// SANDBOX_TIMEOUT_SECONDS (2), SANDBOX_CALLBACK_WAIT_SECONDS (2).
declare(strict_types=1);

require __DIR__ . '/payouts.php';

use SvcSandbox\Payouts\AlreadyAccepted;
use SvcSandbox\Payouts\PayoutsClient;
use SvcSandbox\Payouts\SandboxApiError;

$env = fn (string $name, ?string $fallback = null): string => getenv($name) !== false ? (string) getenv($name) : ($fallback ?? throw new RuntimeException("set {$name}"));
$retriesOff = $env('SANDBOX_RETRIES', 'on') === 'off';
$client = (new PayoutsClient(
    $env('SANDBOX_KEY'),
    $env('SANDBOX_SECRET'),
    rtrim($env('SANDBOX_URL'), '/') . '/sandbox',
    timeout: (float) $env('SANDBOX_TIMEOUT_SECONDS', '2'),
    timeScale: (float) $env('SANDBOX_TIME_SCALE', '0.1'),
))->withMaxAttempts($retriesOff ? 1 : 3); // 3 is the default: the same request again after no answer, a timeout, a 5xx, a 503 or 429
$callbackUrl = $env('SANDBOX_CALLBACK_URL', 'https://example.com/callbacks');

/** One reference per payout, kept for each of its retries. @return array<string, mixed> */
$payout = fn (): array => [
    'amount' => 500, 'currency' => 'KES', 'destination' => ['type' => 'mobile', 'phoneNumber' => '254712345678'],
    'reference' => 'PAY-' . bin2hex(random_bytes(12)), 'callbackUrl' => $callbackUrl,
];

/** Sends a payout. The client retries the same request; AlreadyAccepted means an attempt whose answer was lost went through. */
$sendPayout = function (array $body, ?string $fault = null) use ($client): array {
    try {
        if ($fault !== null) {
            $client->rehearse($fault);
        }
        return ['accepted' => true, 'payoutId' => $client->send($body)['payoutId']];
    } catch (AlreadyAccepted $e) {
        // Not a duplicate: the first attempt was committed. Never send it again with another reference; wait for its callback.
        return ['accepted' => true, 'recovered' => true, 'reference' => $e->reference];
    }
};

/** Waits for the payout's callback; when it has not come in time, asks for its status (GET is for that). */
$outcomeOf = fn (string $payoutId, callable $callbackCame): string => $callbackCame() ? 'callback' : (string) $client->status($payoutId)['status'];

/** Your receiver's store stands here: this script receives no callback, so it waits and then polls. */
$waitForCallback = function () use ($env): bool {
    usleep((int) ((float) $env('SANDBOX_CALLBACK_WAIT_SECONDS', '2') * 1_000_000));
    return false;
};

$report = [];
if ($retriesOff) {
    $body = $payout();
    try {
        $first = $sendPayout($body, 'unavailable');
    } catch (SandboxApiError $e) {
        $first = ['error' => $e->error()];
    }
    $report['unavailable'] = ['first' => $first, 'again' => $sendPayout($body)]; // at once: what a client without retries does
} else {
    foreach (['lost_response', 'slow_response', 'error_after_commit', 'unavailable', 'rate_limited', 'token_expired', 'lost_callback', 'early_callback'] as $fault) {
        $sent = $sendPayout($payout(), $fault);
        if ($fault === 'lost_callback' && isset($sent['payoutId'])) {
            $sent['outcome'] = $outcomeOf($sent['payoutId'], $waitForCallback);
        }
        $report[$fault] = $sent;
    }
}
echo json_encode($report), "\n";
