#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when this machine has none.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Chromium (Debian package)…"
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version 2>/dev/null | grep -v 'unexpected operator' || true
