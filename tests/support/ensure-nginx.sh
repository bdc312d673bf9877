#!/usr/bin/env bash
# The two-machine test puts Debian's nginx in front of two API processes; install it when this
# machine has none. The test runs it itself (tests/support/nginx.ts): not as a service, as the
# test's user, on a free port, so the package's own service is not needed and left stopped.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "Installing nginx (Debian package)…"
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# policy-rc.d-less containers would start the package's service at install: it is not wanted.
$SUDO apt-get install -y -qq --no-install-recommends nginx-light >/dev/null 2>&1 || $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then $SUDO systemctl stop nginx || true; fi
/usr/sbin/nginx -v
