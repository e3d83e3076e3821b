#!/usr/bin/env bash
# Install everything sedac needs on a Debian machine, then run sedac on the bundled example.
set -euo pipefail
cd "$(dirname "$0")"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! command -v swipl >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq swi-prolog-nox >/dev/null
fi
python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
echo "\$ sedac check examples/wren.pl --nl examples/wren.txt"
sedac check examples/wren.pl --nl examples/wren.txt || true
