#!/usr/bin/env bash
# Runs a sweep plan through a real Slurm: a one-node cluster on localhost (Debian's slurm-wlm and
# munge, installed if missing), its own configuration, state and logs in a temporary folder.
#
#   JOUNCE_CLI=build/app/cli/jounce-cli scripts/slurm-check.sh
#
# Plans the sweep in 4 chunks, submits sweep.slurm as written by `jounce-cli sweep --plan`
# (jounce-cli found on PATH), collects the results and compares them byte for byte with the same
# sweep run locally; then deletes one chunk's results, checks that --collect refuses them naming the
# missing points, submits that chunk again (sbatch --array=K) and compares again. Stops the daemons
# it started and removes its folders; prints PASS or FAIL and the time taken, exit status 0 on pass.
#
# Environment: JOUNCE_CLI (the CLI, default build/app/cli/jounce-cli; nothing is built here),
# JOUNCE_SWEEP (the sweep file, default presets/sweeps/skidpad-200.json), SLURM_CHECK_TIMEOUT
# (seconds a job array may take, default 900). Needs root: re-runs itself with sudo otherwise.
set -euo pipefail

me=slurm-check
repo=$(cd "$(dirname "$0")/.." && pwd)
chunks=4
missing_chunk=2

# Paths from the environment are relative to where the script was started; defaults to the repo.
abspath() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
if [ -n "${JOUNCE_CLI:-}" ]; then cli=$(abspath "$JOUNCE_CLI"); else cli=$repo/build/app/cli/jounce-cli; fi
if [ -n "${JOUNCE_SWEEP:-}" ]; then sweep=$(abspath "$JOUNCE_SWEEP"); else sweep=$repo/presets/sweeps/skidpad-200.json; fi
timeout=${SLURM_CHECK_TIMEOUT:-900}

if [ ! -x "$cli" ]; then
  echo "$me: no jounce-cli at $cli (build it, or set JOUNCE_CLI)" >&2
  exit 2
fi
if [ ! -f "$sweep" ]; then
  echo "$me: no sweep file $sweep" >&2
  exit 2
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "$me: slurmd needs root; running again with sudo"
  exec sudo JOUNCE_CLI="$cli" JOUNCE_SWEEP="$sweep" SLURM_CHECK_TIMEOUT="$timeout" "$repo/scripts/slurm-check.sh"
fi

# 1. Packages.
missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "$me: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for tool in munged slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
  command -v "$tool" >/dev/null || { echo "$me: $tool not found after installing slurm-wlm and munge" >&2; exit 1; }
done
slurm_version="$(slurmctld -V), munge $(dpkg-query -W -f='${Version}' munge)"

start=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jounce-slurm-check.XXXXXX")
cluster=$tmp/cluster
work=$tmp/work
mkdir -p "$cluster"/{munge,state,spool,log} "$work" "$tmp/bin"
munged_pid="" slurmctld_pid="" slurmd_pid=""
jobs=()

say() { echo "$me: $*"; }
fail() { echo "$me: $*" >&2; exit 1; }

# Stops a daemon we started (by its process id) and waits for it: TERM, then KILL after 20 s.
stop() {
  local pid=$1 i
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 200; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true
}

finish() {
  local rc=$? i f
  set +e
  trap - EXIT INT TERM
  if [ "$rc" -ne 0 ]; then
    for f in "$cluster"/log/*.log; do
      [ -s "$f" ] && { echo "--- ${f#"$tmp"/} (last 15 lines)" >&2; tail -n 15 "$f" >&2; }
    done
    for f in "$work"/jobs/*.log; do
      [ -s "$f" ] && { echo "--- ${f#"$tmp"/} (last 3 lines)" >&2; tail -n 3 "$f" >&2; }
    done
  fi
  if [ -n "$slurmctld_pid" ] && [ ${#jobs[@]} -gt 0 ]; then
    scancel "${jobs[@]}" 2>/dev/null
    for ((i = 0; i < 30; i++)); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 1
    done
  fi
  # A job step's slurmstepd outlives the job by a moment; its socket in the spool goes with it.
  for ((i = 0; i < 100; i++)); do
    [ -z "$(find "$cluster/spool" -type s 2>/dev/null)" ] && break
    sleep 0.1
  done
  stop "$slurmd_pid"
  stop "$slurmctld_pid"
  stop "$munged_pid"
  rm -rf "$tmp"
  if [ "$rc" -eq 0 ]; then
    say "PASS in $((SECONDS - start)) s ($slurm_version)"
  else
    echo "$me: FAIL after $((SECONDS - start)) s ($slurm_version)" >&2
  fi
  exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# 2. A one-node cluster on localhost. Our own munged (own key and socket), whether or not the
# system's runs; ports that nothing listens on.
dd if=/dev/urandom of="$cluster/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$cluster/munge/munge.key"
socket=$cluster/munge/munge.socket
munged --foreground --force --socket="$socket" --key-file="$cluster/munge/munge.key" \
  --pid-file="$cluster/munge/munged.pid" --seed-file="$cluster/munge/munged.seed" \
  --log-file="$cluster/log/munged.log" >"$cluster/log/munged.out" 2>&1 &
munged_pid=$!
for ((i = 0; i < 100; i++)); do
  [ -S "$socket" ] && break
  kill -0 "$munged_pid" 2>/dev/null || fail "munged did not start"
  sleep 0.1
done
[ -S "$socket" ] || fail "munged did not open $socket in 10 s"
munge --socket="$socket" -n | unmunge --socket="$socket" >/dev/null || fail "munge cannot decode its own credential"

in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=16817
while in_use "$port" || in_use $((port + 1)); do port=$((port + 2)); done
cpus=$(nproc)
memory=$(awk '/^MemTotal:/ { m = int($2 / 1024 / 2); print (m < 1024 ? m : 1024) }' /proc/meminfo)
export SLURM_CONF=$cluster/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=jounce-check
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/log/slurmctld.log
SlurmdLogFile=$cluster/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
MinJobAge=600
NodeName=localhost CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

say "starting slurmctld and slurmd (ports $port, $((port + 1)); $cpus CPUs) in $cluster"
slurmctld -D -i -f "$SLURM_CONF" >"$cluster/log/slurmctld.out" 2>&1 &
slurmctld_pid=$!
slurmd -D -N localhost -f "$SLURM_CONF" >"$cluster/log/slurmd.out" 2>&1 &
slurmd_pid=$!
state=""
for ((i = 0; i < 60; i++)); do
  kill -0 "$slurmctld_pid" 2>/dev/null || fail "slurmctld stopped"
  kill -0 "$slurmd_pid" 2>/dev/null || fail "slurmd stopped"
  state=$(sinfo -h -N -n localhost -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 1
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (sinfo: ${state:-no answer})"
say "node localhost idle"

# Submits sweep.slurm from the plan folder (extra sbatch options in $@) with jounce-cli found on
# PATH, not through JOUNCE_CLI (a path relative to where this script started means nothing there);
# waits for every task and checks each completed with exit code 0.
bin=$tmp/bin
ln -s "$cli" "$bin/jounce-cli"
submit() {
  local id out states t0=$SECONDS
  out=$(cd "$work/jobs" && env -u JOUNCE_CLI PATH="$bin:$PATH" sbatch --parsable "$@" sweep.slurm) \
    || fail "sbatch $* sweep.slurm refused the job"
  id=${out%%;*}
  jobs+=("$id")
  say "submitted job array $id (sbatch${*:+ $*} sweep.slurm)"
  while :; do
    states=$(scontrol -o show job "$id" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u || true)
    grep -qvE 'JobState=(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)$' <<<"$states" || break
    [ $((SECONDS - t0)) -lt "$timeout" ] || fail "job array $id not done after $timeout s: $(squeue -h -j "$id" -o '%i %T' | tr '\n' ' ')"
    sleep 1
  done
  scontrol -o show job "$id" | grep -v 'JobState=COMPLETED .*ExitCode=0:0' | grep -q . \
    && fail "job array $id: not every task completed:$(scontrol -o show job "$id" \
      | sed -n 's/.* ArrayTaskId=\([0-9]*\) .* JobState=\([A-Z_]*\) .* ExitCode=\([0-9:]*\) .*/ task \1 \2 (exit code \3)/p' | sort -n -k2 | tr -d '\n')"
  say "job array $id done in $((SECONDS - t0)) s"
}

# 3. Plan, submit, collect.
cd "$work"
"$cli" sweep "$sweep" --plan jobs --chunks "$chunks" >/dev/null
submit
"$cli" sweep --collect jobs/results --out slurm.csv
say "collected $(($(wc -l <slurm.csv) - 1)) points from Slurm"

# 4. The same sweep on this machine, byte for byte.
t0=$SECONDS
"$cli" sweep "$sweep" --out local.csv >local.log 2>&1 || { cat local.log >&2; fail "the local run failed"; }
say "local run in $((SECONDS - t0)) s: $(tail -n 1 local.log)"
cmp slurm.csv local.csv || fail "the Slurm results differ from the local run"
say "slurm.csv and local.csv are identical"

# 5. A lost chunk: --collect names its points; sbatch --array=K runs it again.
result=jobs/results/chunk-$missing_chunk.csv
marker=$(head -n 1 "$result")
field() { sed -n "s/.*\"$1\": *\([0-9]*\).*/\1/p" <<<"$marker"; }
first=$(field first) end=$(field end) points=$(field points)
if [ -z "$first" ] || [ -z "$end" ] || [ -z "$points" ]; then
  fail "$result: no chunk marker in its first line: $marker"
fi
if [ $((end - first)) -gt 1 ]; then range="$first-$((end - 1))"; else range=$first; fi
rm "$result"
if out=$("$cli" sweep --collect jobs/results --out missing.csv 2>&1); then
  fail "--collect accepted the results without chunk $missing_chunk"
fi
grep -qF "missing points: $range of $points" <<<"$out" \
  || fail "--collect without chunk $missing_chunk did not say 'missing points: $range of $points': $out"
[ ! -e missing.csv ] || fail "--collect failed but still wrote missing.csv"
say "without chunk $missing_chunk, --collect says: $out"
submit --array="$missing_chunk"
"$cli" sweep --collect jobs/results --out slurm.csv
cmp slurm.csv local.csv || fail "the results after submitting chunk $missing_chunk again differ from the local run"
say "after sbatch --array=$missing_chunk, slurm.csv and local.csv are identical again"
