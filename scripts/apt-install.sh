#!/usr/bin/env bash
# Installs Debian packages a script needs (Chromium for the browser tests; PostgreSQL, PgBouncer
# and HAProxy for the cluster) with apt-get when run as root; otherwise names the command that
# would, and fails. Usage: apt-install.sh "<what is missing>" <package>...
set -euo pipefail
what="$1"
shift
if [ "$(id -u)" -ne 0 ]; then
  echo "$what is missing. Install it (Debian: sudo apt-get install -y $*)." >&2
  exit 1
fi
echo "Installing $* from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "$@" > /dev/null
