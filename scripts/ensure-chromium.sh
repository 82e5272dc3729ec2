#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; Playwright's own browser download is not used. Two of
# Debian's packages: chromium (/usr/bin/chromium, the browser users have) and
# chromium-headless-shell, the same Chromium built for headless use only, which the suite runs on
# (a third less CPU for the same tests; see e2e/playwright.config.ts).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing at $CHROMIUM or $HEADLESS_SHELL. Install it (Debian: sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-headless-shell fonts-liberation > /dev/null
"$CHROMIUM" --version
