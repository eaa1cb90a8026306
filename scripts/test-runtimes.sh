#!/usr/bin/env bash
# The end-to-end scenario (test/runtimes/scenario.ts) on every runtime users deploy to, each against the
# fake's listen() on 127.0.0.1, plus the whole e2e suite under Node 20.19 and 22.12 (the lowest of each range
# `engines` admits: `^20.19.0 || >=22.12.0`), 22 and 24, and the CommonJS build required on 20.19 and 22.12. Every runtime comes from a registry: Node 20.19/22.12/22/24 (npm package `node`), Bun and Deno (npm packages `bun`, `deno`), workerd (through
# `miniflare`), Chromium and Firefox (Debian's `chromium`, `firefox-esr`). Needs `npm run build` first.
# Usage: npm run test:runtimes [-- RUNTIME...]   RUNTIME: node bun deno workerd chromium firefox (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
runtimes=("$@")
[ ${#runtimes[@]} -eq 0 ] && runtimes=(node bun deno workerd chromium firefox)
bin=node_modules/.bin
# Bun and Deno as their platform packages ship them (the `bun` package's own entry needs its postinstall).
bun=$(ls node_modules/@oven/bun-*/bin/bun 2>/dev/null | head -1 || true); bun=${bun:-$bin/bun}
deno=$(ls node_modules/@deno/*/deno 2>/dev/null | head -1 || true); deno=${deno:-$bin/deno}
[ -f dist/index.js ] || { echo "dist/ is missing: run npm run build first" >&2; exit 1; }

# The test names of vitest.runtimes.config.ts that select each runtime's scenario.
patterns=()
for runtime in "${runtimes[@]}"; do
  case "$runtime" in
    node)
      echo "== Node $(node --version) (this machine's), $(npx -y -p node@20.19 node --version), $(npx -y -p node@22.12 node --version), $(npx -y -p node@22 node --version) and $(npx -y -p node@24 node --version) (npm package node)"
      patterns+=('on Node' 'on the lowest Node') ;;
    bun) echo "== Bun $("$bun" --version) (npm package bun)"; patterns+=('on Bun') ;;
    deno) echo "== $("$deno" --version | head -1) (npm package deno)"; patterns+=('on Deno') ;;
    workerd) echo "== workerd $("$bin/workerd" --version | awk '{print $2}') (npm package miniflare $(node -p "require('miniflare/package.json').version"))"; patterns+=('in Cloudflare Workers') ;;
    chromium) echo "== $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium missing')"; patterns+=('in Chromium') ;;
    firefox) echo "== $(/usr/bin/firefox-esr --version 2>/dev/null || echo 'firefox-esr missing')"; patterns+=('in Firefox') ;;
    *) echo "unknown runtime '$runtime' (node bun deno workerd chromium firefox)" >&2; exit 2 ;;
  esac
done

pattern="the scenario ($(IFS='|'; echo "${patterns[*]}"))"
npx vitest run --config vitest.runtimes.config.ts --testNamePattern "$pattern"

# The whole end-to-end suite on the lowest Node of each range admitted and the other majors too (the scenario above is one
# path through it).
if [[ " ${runtimes[*]} " == *" node "* ]]; then
  for version in 20.19 22.12 22 24; do
    echo "== e2e suite on Node ${version}"
    EXPECT_NODE_VERSION="${version}" npx -y -p "node@${version}" node node_modules/vitest/vitest.mjs run test/e2e test/testing/listen.test.ts test/package/build.test.ts
  done
fi
