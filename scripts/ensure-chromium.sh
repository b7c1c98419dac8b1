#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (never a downloaded browser): install it when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
