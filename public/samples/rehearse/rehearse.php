<?php
// Rehearse production's failures with the generated PHP client of the
// Payouts API, and handle each as production needs (docs: /docs/rehearse).
//
//   curl -O <portal>/clients/payouts.php            (next to this file)
//   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... php rehearse.php
//
// then GET {base_url}/dev/v1/client-checks: every check PASSED. With
// SANDBOX_PAYOUTS=4 it asks for no fault: it sends 4 payouts as your own code
// would, and the app's fault plan gives them the faults:
//   node sandbox.mjs rehearse -- env SANDBOX_PAYOUTS=4 php rehearse.php
// With SANDBOX_RETRIES=off the client does not retry and this script goes on
// with its next payout at once, as code without retries does: honours_retry_after FAILS.
// Optional: SANDBOX_CALLBACK_URL (your receiver), SANDBOX_TIME_SCALE (0.1),
// SANDBOX_TIMEOUT_SECONDS (2), SANDBOX_CALLBACK_WAIT_SECONDS (2),
// SANDBOX_SCENARIO (a scenario every attempt forces, e.g. sent: a retry's reference is still checked first).
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
$scenario = getenv('SANDBOX_SCENARIO') ?: null;

/** One reference per payout, kept for each of its retries. @return array<string, mixed> */
$payout = fn (): array => [
    'amount' => 500, 'currency' => 'KES', 'destination' => ['type' => 'mobile', 'phoneNumber' => '254712345678'],
    'reference' => 'PAY-' . bin2hex(random_bytes(12)), 'callbackUrl' => $callbackUrl,
];

/** Sends a payout. The client retries the same request; AlreadyAccepted means an attempt whose answer was lost went through. */
$sendPayout = function (array $body, ?string $fault = null) use ($client, $scenario): array {
    try {
        if ($fault !== null) {
            $client->rehearse($fault);
        }
        return ['accepted' => true, 'payoutId' => $client->send($body, $scenario)['payoutId']];
    } catch (AlreadyAccepted $e) {
        // Not a duplicate: the first attempt was committed. Never send it again with another reference; wait for its callback.
        return ['accepted' => true, 'recovered' => true, 'reference' => $e->reference];
    } catch (SandboxApiError $e) {
        // Retries spent, outcome unknown (no answer, a timeout, a 5xx but 503): it may have gone through.
        // Wait for its callback (it carries the reference); send it again only with the same reference.
        if ($e->status === 0 || ($e->status >= 500 && $e->status !== 503)) {
            return ['accepted' => 'unknown', 'reference' => $body['reference'], 'error' => $e->error()];
        }
        return ['accepted' => false, 'error' => $e->error()]; // refused: nothing was committed
    }
};

/** Waits for the payout's callback; when it has not come in time, asks for its status (GET is for that). */
$outcomeOf = fn (string $payoutId, callable $callbackCame): string => $callbackCame() ? 'callback' : (string) $client->status($payoutId)['status'];

/** Your receiver's store stands here: this script receives no callback, so it waits and then polls. */
$waitForCallback = function () use ($env): bool {
    usleep((int) ((float) $env('SANDBOX_CALLBACK_WAIT_SECONDS', '2') * 1_000_000));
    return false;
};

/** After the payout is accepted, its outcome: the callback, or its status when the callback did not come. */
$settle = fn (array $sent): array => isset($sent['payoutId']) ? [...$sent, 'outcome' => $outcomeOf($sent['payoutId'], $waitForCallback)] : $sent;

$report = [];
$plain = (int) $env('SANDBOX_PAYOUTS', '0');
if ($plain > 0) {
    // Your code as it is: no fault asked for; under `sandbox.mjs rehearse` the app's fault plan decides.
    for ($i = 1; $i <= $plain; $i++) {
        $report[(string) $i] = $settle($sendPayout($payout()));
    }
} else {
    foreach (['lost_response', 'slow_response', 'error_after_commit', 'unavailable', 'rate_limited', 'token_expired', 'lost_callback', 'early_callback'] as $fault) {
        $sent = $sendPayout($payout(), $fault);
        $report[$fault] = $fault === 'lost_callback' ? $settle($sent) : $sent;
    }
}
echo json_encode($report), "\n";
