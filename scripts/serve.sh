#!/usr/bin/env bash
# Serves the built page, dist/ (www/ with minified modules), on
# http://127.0.0.1:$PORT (default 8000).
set -euo pipefail
cd "$(dirname "$0")/../dist"
port="${PORT:-8000}"
echo "Thistle is at http://127.0.0.1:$port/  (Ctrl-C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1
