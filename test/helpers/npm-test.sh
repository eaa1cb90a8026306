#!/bin/sh
# `npm test`: the type check (`npm run typecheck`, three tsc) beside vitest rather than before it, at a lower
# priority: it takes the cores vitest leaves idle (tests waiting on sockets, timers and child processes, the last
# files of the run) instead of adding its own minute. Its output is printed at the end; either failing fails the
# run. The SDK's declarations are emitted once for both (test/helpers/declarations.ts): tests needing them wait
# for the type check's emit, or make it first and the type check reuses it.
mkdir -p .tmp
nice -n 10 npm run --silent typecheck > .tmp/typecheck.log 2>&1 &
typecheck=$!
vitest run "$@"
tests=$?
wait "$typecheck"
types=$?
cat .tmp/typecheck.log
if [ "$types" -ne 0 ]; then
  echo "npm run typecheck failed (exit $types)" >&2
  exit 1
fi
exit "$tests"
