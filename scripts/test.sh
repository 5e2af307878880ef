#!/usr/bin/env bash
# npm test: typecheck, lint, format, unit + API tests (SQLite and PostgreSQL), reliability, then the browser suite.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser suites need Debian's Chromium and Firefox ESR, and the colour emoji font so screenshots show emoji as
# phones do.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages the browser tests need: ${missing[*]}"
  sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})" "$PG_URL"; then
  echo "PostgreSQL does not answer at $PG_URL: the PostgreSQL half of the suite cannot run. Set TEST_DATABASE_URL or start PostgreSQL." >&2
  exit 1
fi

REDIS_URL_FOR_TESTS="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
if ! node -e "const r=new (require('ioredis').Redis)(process.argv[1],{lazyConnect:true,maxRetriesPerRequest:0,retryStrategy:()=>null});r.connect().then(()=>r.ping()).then(()=>r.quit()).catch(e=>{console.error(e.message);process.exit(1)})" "$REDIS_URL_FOR_TESTS"; then
  echo "Redis does not answer at $REDIS_URL_FOR_TESTS: the test of rate limits shared through Redis cannot run. Set TEST_REDIS_URL or start Redis." >&2
  exit 1
fi

# The static checks are single-threaded: ESLint (the longest) runs beside the three others, one per core.
checks_dir="$(mktemp -d)"
npx eslint . --max-warnings=0 >"$checks_dir/lint" 2>&1 &
lint_pid=$!
static_status=0
{
  echo "== typecheck"; npx tsc --noEmit || static_status=1
  echo "== unused files, exports and dependencies"; npx knip --no-config-hints || static_status=1
  echo "== format"; npx prettier --check . --log-level=warn || static_status=1
} 2>&1
echo "== lint"
if ! wait "$lint_pid"; then static_status=1; fi
cat "$checks_dir/lint"; rm -rf "$checks_dir"
[ "$static_status" = 0 ] || { echo "Static checks failed (see above)." >&2; exit 1; }
echo "== unit, API and reliability tests (SQLite and PostgreSQL)"; npx vitest run
echo "== build"; npm run build --silent
echo "== browser tests (Chromium)"; E2E_SKIP_BUILD=1 npx playwright test
echo "== browser tests (Firefox ESR)"; npm run test:firefox --silent
# The admin screen once more over PostgreSQL: a fresh database per server, dropped afterwards.
PG_SERVER_URL="$(node -e "const u=new URL(process.argv[1]);u.pathname='/postgres';console.log(u.toString())" "$PG_URL")"
echo "== admin screen on PostgreSQL (Chromium, phone size)"
E2E_SKIP_BUILD=1 E2E_DATABASE_URL="$PG_SERVER_URL" npx playwright test tests/e2e/admin.spec.ts --project=mobile
