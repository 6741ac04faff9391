#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan + UBSan, in build-fuzz) and runs one or
# all of them for N minutes each:
#
#   scripts/fuzz.sh [vehicle|maneuver|terrain|pgm|patch|set|usd|unityyaml|unityjson|physx5|tir|runfile|
#                    telemetrycsv|sweep|chunkresult|mathexpr|all] [minutes]   (default: all 1)
#
# New inputs go to a scratch corpus outside the repository ($FUZZ_WORK, default
# ${TMPDIR:-/tmp}/jounce-fuzz/<target>/corpus); crashes, timeouts (> 10 s) and out-of-memory inputs
# (> 2048 MB) to $FUZZ_WORK/<target>/findings/, printed at the end. The seed corpus
# tests/fuzz/corpus/<target> is only read. Reproduce a finding with
#   build-fuzz/tests/fuzz/fuzz_<target> FILE
# and add it to the seed corpus once fixed (the CTest fuzz_replay_<target> then keeps it fixed).
#
# Environment: FUZZ_WORK (scratch folder), FUZZ_JOBS (build parallelism, default all cores),
# FUZZ_KEEP_GOING=1 (fork mode: go on after a finding and collect them all), FUZZ_MAX_LEN (override
# every target's input size limit).
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(vehicle maneuver terrain pgm patch set)
all_targets+=(usd unityyaml unityjson physx5 tir)
all_targets+=(runfile telemetrycsv)
all_targets+=(sweep chunkresult)
all_targets+=(mathexpr)
what=${1:-all}
minutes=${2:-1}
if [[ ! "$minutes" =~ ^[0-9]+$ ]] || [ "$minutes" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [${all_targets[*]// /|}|all] [minutes]" >&2
  exit 2
fi
if [ "$what" = all ]; then
  targets=("${all_targets[@]}")
elif [[ " ${all_targets[*]} " == *" $what "* ]]; then
  targets=("$what")
else
  echo "scripts/fuzz.sh: unknown target '$what' (choose ${all_targets[*]} or all)" >&2
  exit 2
fi

# The largest input each format needs to reach its interesting cases: a preset vehicle is 8-17 kB,
# a maneuver or terrain a few kB, a PGM header plus some samples, a patch of a few dozen operations,
# a handful of --set lines. Larger limits only slow the fuzzer down.
max_len() {
  case "$1" in
    vehicle) echo 24000 ;;
    maneuver | terrain) echo 8192 ;;
    pgm) echo 4096 ;;
    patch) echo 16384 ;;
    set) echo 2048 ;;
    # A vehicle layer or prefab is 10-20 kB, PhysX 5's two files 15 kB, a Unity JSON file 4 kB.
    usd | unityyaml | physx5) echo 32768 ;;
    unityjson) echo 8192 ;;
    tir) echo 32768 ;;  # a .tir file is 10-20 kB
    runfile) echo 65536 ;;       # a short recorded run: the vehicle header and some frames
    telemetrycsv) echo 32768 ;;  # a header of up to 341 columns and some rows
    # A sweep file names its vehicle, maneuver and terrain (presets or small inline objects): a few kB.
    sweep) echo 8192 ;;
    # Chunk results: a marker, a header and a few dozen rows per chunk, a few chunks in one input.
    chunkresult) echo 16384 ;;
    mathexpr) echo 4200 ;;  # an expression: at most 4096 characters are read
  esac
}

# clang and its fuzzer runtime, installed the way scripts/install-deps.sh installs the rest.
missing=()
for p in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
scripts/install-deps.sh

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  # -O1 with line tables: the usual fuzzing trade-off (fast enough to run, quick to build, asserts
  # kept, stacks with file and line).
  cmake -S . -B build-fuzz "${generator[@]}" "${launcher[@]}" -DCMAKE_CXX_COMPILER=clang++ \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
        -DJOUNCE_FUZZ=ON -DJOUNCE_BUILD_TESTS=ON
fi
cmake --build build-fuzz -j"${FUZZ_JOBS:-$(nproc)}" --target "${targets[@]/#/fuzz_}"

work=${FUZZ_WORK:-${TMPDIR:-/tmp}/jounce-fuzz}
keep_going=()
[ "${FUZZ_KEEP_GOING:-0}" = 1 ] && keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
status=0
summary=()
for t in "${targets[@]}"; do
  corpus="$work/$t/corpus"
  findings="$work/$t/findings"
  mkdir -p "$corpus" "$findings"
  log="$work/$t/fuzz.log"
  echo "== fuzz_$t for $minutes min (log: $log)"
  # The scratch corpus comes first: libFuzzer writes new inputs to the first folder only.
  set +e
  "build-fuzz/tests/fuzz/fuzz_$t" "$corpus" "tests/fuzz/corpus/$t" \
    -max_total_time=$((minutes * 60)) -max_len="${FUZZ_MAX_LEN:-$(max_len "$t")}" \
    -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$findings/" -print_final_stats=1 \
    "${keep_going[@]}" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  if [ -z "$execs" ]; then
    # Fork mode prints no final stats: its last status line has the executions and the time.
    last=$(grep -E '^#[0-9]+: cov' "$log" | tail -1)
    execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
    seconds=$(sed -nE 's/.* time: ([0-9]+)s.*/\1/p' <<<"$last")
    [ -n "$execs" ] && [ "${seconds:-0}" -gt 0 ] && rate=$((execs / seconds))
  fi
  found=$(find "$findings" -type f | wc -l)
  summary+=("$(printf '%-9s %10s execs %7s exec/s  %3s findings  exit %d' "$t" "${execs:-?}" "${rate:-?}" "$found" "$rc")")
  if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
    status=1
    grep -E '^==[0-9]+==ERROR|SUMMARY|invariant failed|Test unit written|ALARM|deadly signal' "$log" | head -20 || true
  fi
done

echo
printf '%s\n' "${summary[@]}"
echo "findings: $work/<target>/findings/   new inputs: $work/<target>/corpus/"
exit $status
