#!/usr/bin/env bash
# Install everything sedac needs on a Debian machine, then run sedac on the bundled example.
set -euo pipefail
cd "$(dirname "$0")"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
need=()
command -v swipl >/dev/null 2>&1 || need+=(swi-prolog-nox)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
if [ ${#need[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
pip_install() { python3 -m pip install --quiet --disable-pip-version-check "$@"; }
# Debian's own Python refuses pip installs outside a virtual environment (PEP 668);
# on a machine set up for this project, installing into it is what we want.
pip_install -e '.[test]' 2>/dev/null || pip_install --break-system-packages -e '.[test]'
# An editable install compiles no bytecode, and with PYTHONDONTWRITEBYTECODE set none is ever
# written: every `sedac` command would compile all of sedac again (about 40% of a small check).
python3 -m compileall -q sedac >/dev/null || true
echo "\$ sedac check examples/wren.pl --nl examples/wren.txt"
python3 -m sedac check examples/wren.pl --nl examples/wren.txt || true
