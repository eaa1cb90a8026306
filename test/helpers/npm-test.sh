#!/bin/sh
# `npm test`: the type check (`npm run typecheck`: two tsc and the declarations' emit) beside vitest rather
# than before it. The two tsc run at a lower priority (`nice` in the script): they take the cores vitest leaves
# idle (tests waiting on sockets, timers and child processes, the last files of the run) instead of adding
# their own minute. The emit of the SDK's declarations is shared (test/helpers/declarations.ts) with the tests
# that read them, which wait for it: it keeps the normal priority. The type check's output is printed at the
# end; either failing fails the run.
mkdir -p .tmp
npm run --silent typecheck > .tmp/typecheck.log 2>&1 &
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
