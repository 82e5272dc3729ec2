#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; Playwright's own browser download is not used. Two of
# Debian's packages: chromium (/usr/bin/chromium, the browser users have) and
# chromium-headless-shell, the same Chromium built for headless use only, which the suite runs on
# (a third less CPU for the same tests; see e2e/playwright.config.ts).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; then exit 0; fi
bash "$(dirname "$0")/apt-install.sh" \
  "Chromium (at $CHROMIUM and $HEADLESS_SHELL; CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH name others)" \
  chromium chromium-headless-shell fonts-liberation
"$CHROMIUM" --version
