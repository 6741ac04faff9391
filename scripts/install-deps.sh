#!/usr/bin/env bash
# Installs the Debian 12 packages Jounce builds, runs and tests with, if any are missing.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libxkbcommon-dev libgl-dev   # Qt 6 Widgets, Charts, Test
  libbullet-dev                                                                # Bullet (bullet-float64)
  nlohmann-json3-dev                                                           # JSON
  libyaml-cpp-dev                                                              # Unity prefabs and scenes (YAML)
  libnlopt-cxx-dev                                                             # the sweep optimiser (Nelder-Mead)
  libcli11-dev                                                                 # jounce-cli's command line (CLI11)
  parallel                                                                     # GNU parallel: sweep plans, their test
  mono-mcs                                                                     # type-checks resources/unity's C# loader
  python3                                                                      # the independent .ld reader's test (tests/exchange/motec)
  xvfb xauth                                                                   # headless GUI runs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
