#!/usr/bin/env bash
# Browser tests drive the system's Chromium; Playwright's own browser download is not used.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing at $CHROMIUM. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-liberation > /dev/null
"$CHROMIUM" --version
