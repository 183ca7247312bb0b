#!/bin/sh
# A non-JavaScript harness driving `strata --memory`: start it as a subprocess, wait for the URL
# file, query it with curl, reset it, stop it with SIGTERM, and check it exits 0.
# Usage: cli-harness.sh <path to dist/bin/strata.js> <fixtures dir> <work dir>
set -eu
STRATA="$1"; FIXTURES="$2"; WORK="$3"
node "$STRATA" --memory --port 0 --fixtures "$FIXTURES" --print-url --url-file "$WORK/url" \
  -E strata.reset.enabled=true -E logger.level=fatal >"$WORK/stdout" 2>"$WORK/stderr" &
PID=$!
i=0
while [ ! -s "$WORK/url" ]; do
  i=$((i + 1))
  if [ "$i" -gt 600 ] || ! kill -0 "$PID" 2>/dev/null; then echo "strata did not start" >&2; cat "$WORK/stderr" >&2; kill -9 "$PID" 2>/dev/null || true; exit 1; fi
  sleep 0.05
done
URL=$(cat "$WORK/url")
echo "url=$URL"
echo "count=$(curl -sf "$URL/books/_count")"
curl -sf -XDELETE "$URL/books/book/1?refresh=true" >/dev/null
echo "after_delete=$(curl -sf "$URL/books/_count")"
echo "reset=$(curl -sf -XPOST "$URL/_strata/reset")"
echo "after_reset=$(curl -sf "$URL/books/_count")"
kill -TERM "$PID"
set +e
wait "$PID"
echo "exit=$?"
echo "printed=$(cat "$WORK/stdout")"
