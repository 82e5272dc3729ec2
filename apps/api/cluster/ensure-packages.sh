#!/usr/bin/env bash
# The cluster (npm run cluster) runs Debian's PostgreSQL, PgBouncer and HAProxy. Each missing one
# is installed from Debian's packages, as the browser tests install Chromium.
set -euo pipefail
missing=()
ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "The cluster needs ${missing[*]}. Install them (Debian: sudo apt-get install -y ${missing[*]})." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Debian starts the services it installs; the cluster starts its own, so the packages' are
# stopped again (the machine's own PostgreSQL, if it had one before, is left as it was).
apt-get install -y -qq "${missing[@]}" > /dev/null
for service in pgbouncer haproxy; do
  if [[ " ${missing[*]} " == *" $service "* ]]; then
    (service "$service" stop || true) > /dev/null 2>&1
  fi
done
