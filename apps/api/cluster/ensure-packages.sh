#!/usr/bin/env bash
# The cluster (npm run cluster) runs Debian's PostgreSQL, PgBouncer and HAProxy. Each missing one
# is installed from Debian's packages, as the browser tests install Chromium.
set -euo pipefail
missing=()
ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
bash "$(dirname "$0")/../../../scripts/apt-install.sh" "What the cluster runs (${missing[*]})" "${missing[@]}"
# Debian starts the services it installs; the cluster starts its own, so the packages' are
# stopped again (the machine's own PostgreSQL, if it had one before, is left as it was).
for service in pgbouncer haproxy; do
  if [[ " ${missing[*]} " == *" $service "* ]]; then
    (service "$service" stop || true) > /dev/null 2>&1
  fi
done
