#!/usr/bin/env bash
# npm test: every test, on a fresh machine after `npm install`.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is needed for the browser tests: sudo apt-get install chromium (or set CHROMIUM_PATH)" >&2
    exit 1
  fi
fi

# The generated clients are tested with each language's own toolchain: PHP comes from Debian.
if ! command -v php >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's php-cli for the PHP client's tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli >/dev/null
  else
    echo "PHP is needed for the PHP client's tests: sudo apt-get install php-cli" >&2
    exit 1
  fi
fi
for tool in python3 javac java; do
  command -v "$tool" >/dev/null || { echo "$tool is needed for the generated clients' tests (Python 3.8+, JDK 17+)" >&2; exit 1; }
done

echo "== types";        npx tsc --noEmit
echo "== unit";         npx vitest run
echo "== build";        npx next build
echo "== integration";  npx vitest run --config vitest.integration.config.ts
echo "== browser";      npx playwright test
