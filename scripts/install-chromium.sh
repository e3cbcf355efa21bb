#!/usr/bin/env bash
# Installs Debian's Chromium for the Playwright journeys. Idempotent and quiet when it is already there:
# Playwright never downloads a browser here (no network but the npm registry and Debian's packages).
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "install-chromium: $CHROMIUM is missing, installing Debian's chromium package"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-chromium: not root and no sudo; install the 'chromium' package by hand" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
# apt-get can briefly fail when another apt process holds the lock: retry a few times.
for attempt in 1 2 3; do
  if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-noto-core >/dev/null; then
    break
  fi
  if [ "$attempt" -eq 3 ]; then
    echo "install-chromium: apt-get failed 3 times" >&2
    exit 1
  fi
  echo "install-chromium: apt-get failed (attempt $attempt), retrying in 10 s" >&2
  sleep 10
done

if [ ! -x "$CHROMIUM" ]; then
  echo "install-chromium: chromium installed but $CHROMIUM is not executable" >&2
  exit 1
fi
echo "install-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) ready"
