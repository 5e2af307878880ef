#!/usr/bin/env bash
# npm test: typecheck, lint, format, unit + API tests (SQLite and PostgreSQL), reliability, then the browser suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium missing: installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi
fi

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})" "$PG_URL"; then
  echo "PostgreSQL does not answer at $PG_URL: the PostgreSQL half of the suite cannot run. Set TEST_DATABASE_URL or start PostgreSQL." >&2
  exit 1
fi

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx eslint . --max-warnings=0
echo "== format"; npx prettier --check . --log-level=warn
echo "== unit, API and reliability tests (SQLite and PostgreSQL)"; npx vitest run
echo "== build"; npm run build --silent
echo "== browser tests (Chromium)"; E2E_SKIP_BUILD=1 npx playwright test
