#!/usr/bin/env bash
# Runs the end-to-end suite (real sockets against the fake's listen()) under Node 22 and 24, taken from
# the npm registry, besides the machine's own Node. Usage: npm run test:runtimes [-- 22 24]
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
for major in "${versions[@]}"; do
  echo "== Node ${major}: $(npx -y -p "node@${major}" node --version)"
  EXPECT_NODE_MAJOR="${major}" npx -y -p "node@${major}" node node_modules/vitest/vitest.mjs run test/e2e test/testing/listen.test.ts test/build.test.ts
done
