#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when missing (no browser is ever downloaded by npm).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
