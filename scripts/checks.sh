#!/usr/bin/env bash
# The static checks of `npm test`: types, lint rules, formatting and module boundaries. Each tool
# uses one core, so they run two at a time (longest first) rather than one after another; each
# one's output is shown when it fails. The same commands run alone as `npm run typecheck` and
# `npm run lint`.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

export logs
check() {
  local name=$1
  shift
  if "$@" >"$logs/$name.log" 2>&1; then
    echo "✓ $name"
  else
    echo "✗ $name"
    cat "$logs/$name.log"
    touch "$logs/$name.failed"
  fi
}
export -f check

printf '%s\n' \
  "eslint npx eslint . --cache --cache-location node_modules/.cache/eslint/" \
  "prettier npx prettier --check . --log-level warn --cache --cache-location node_modules/.cache/prettier/.prettier-cache" \
  "typecheck npm run --silent typecheck" \
  "depcruise npx depcruise src web/src seeds scripts bench migrations --config .dependency-cruiser.cjs" |
  xargs -P 2 -L 1 bash -c 'check "$@"' _

if compgen -G "$logs/*.failed" >/dev/null; then exit 1; fi
