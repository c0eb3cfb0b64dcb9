#!/usr/bin/env bash
# cluster.sh: a one-node Slurm cluster on this machine, to try the job scripts of this folder
# (docs/SCALING.md) on a workstation and to test them in CI.
#
#   sudo docs/slurm/cluster.sh up       install Slurm and MUNGE if missing (Debian/Ubuntu), write
#                                       the configuration for this machine's cores and memory,
#                                       start munged, slurmctld and slurmd, wait until the node is idle
#   eval "$(docs/slurm/cluster.sh env)" point sinfo, sbatch, squeue... at this cluster (SLURM_CONF)
#   sudo docs/slurm/cluster.sh down     cancel its jobs and stop the daemons that "up" started
#   docs/slurm/cluster.sh status        the node and the queue
#
# Everything lives in $FANORONA_SLURM_STATE (default /tmp/fanorona-slurm): slurm.conf, the
# daemons' logs, spool and pid files. Nothing is written to /etc/slurm, and the daemons listen
# on ports $FANORONA_SLURM_PORT and the next one (default 16817, 16818), so a real Slurm
# installation on the same machine is left alone. A munged that was already running is used
# and left running.
set -euo pipefail

state=${FANORONA_SLURM_STATE:-/tmp/fanorona-slurm}
port=${FANORONA_SLURM_PORT:-16817}
conf=$state/slurm.conf
started=$state/started.pids # "name pid" of each daemon this script started
export SLURM_CONF=$conf

die() { echo "cluster.sh: $*" >&2; exit 1; }
alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
need_root() { [ "$(id -u)" -eq 0 ] || die "$1 needs root (sudo $0 $1): slurmd runs as root"; }

install_if_missing() {
  local missing=()
  for cmd in munged slurmctld slurmd sbatch; do
    command -v "$cmd" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
  done
  [ ${#missing[@]} -eq 0 ] && return
  command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get: install Slurm and MUNGE by hand"
  echo "installing slurmctld slurmd slurm-client munge (missing: ${missing[*]})"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
}

start_munge() {
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    echo "munged: already running, used as it is"
    return
  fi
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null ||
      dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
  fi
  mkdir -p /run/munge /var/lib/munge /var/log/munge
  chown munge:munge /etc/munge/munge.key /run/munge /var/lib/munge /var/log/munge
  chmod 0400 /etc/munge/munge.key
  chmod 0755 /run/munge
  runuser -u munge -- munged
  echo "munged $(cat /run/munge/munged.pid)" >>"$started"
}

write_conf() {
  local host node
  host=$(hostname -s)
  # slurmd -C prints this machine's CPUs, sockets, cores, threads and memory as slurmd sees
  # them; a node declared with more than that would be drained.
  node=$(slurmd -C | head -1)
  mkdir -p "$state/ctld" "$state/spool"
  cat >"$conf" <<EOF
# One-node cluster written by docs/slurm/cluster.sh for $(hostname -s) ($(nproc) cores).
ClusterName=fanorona
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
# No cgroups: processes are tracked through /proc and tasks are not bound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# No accounting database: finished jobs are read with scontrol while MinJobAge keeps them.
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=3600
# A job whose dependency can no longer be met is cancelled instead of waiting forever
# (in Slurm 22.05 only the DependencyParameters spelling of this works).
DependencyParameters=kill_invalid_depend
ReturnToService=2
KillWait=5
MailProg=/bin/true
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

wait_idle() {
  local host s
  host=$(hostname -s)
  for _ in $(seq 60); do
    s=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    case $s in
    idle) echo "node $host idle: $(sinfo -h -n "$host" -o '%c CPUs, %m MB')"; return ;;
    down* | drain*) scontrol update nodename="$host" state=resume 2>/dev/null || true ;;
    esac
    sleep 0.5
  done
  die "node $host not idle after 30 s (state '${s:-none}'); see $state/slurmctld.log and $state/slurmd.log"
}

running() { # name: whether the daemon this script started is still alive
  [ -f "$started" ] && alive "$(awk -v n="$1" '$1 == n { p = $2 } END { print p }' "$started")"
}

# record name: notes the pid of a daemon just started (from its pid file, written once it runs).
record() {
  local pidfile=$state/$1.pid
  for _ in $(seq 40); do [ -s "$pidfile" ] && break; sleep 0.25; done
  [ -s "$pidfile" ] || die "$1 did not start; see $state/$1.log"
  echo "$1 $(cat "$pidfile")" >>"$started"
}

up() {
  need_root up
  PATH=$PATH:/usr/sbin
  if running slurmctld; then
    echo "already up ($conf)"
    wait_idle
    return
  fi
  install_if_missing
  mkdir -p "$state"
  : >"$started"
  start_munge
  write_conf
  # -c: start with no jobs from an earlier cluster in the same state folder.
  slurmctld -c -f "$conf"
  record slurmctld
  slurmd -f "$conf"
  record slurmd
  wait_idle
  echo "cluster up; configuration $conf (export SLURM_CONF=$conf)"
}

down() {
  need_root down
  [ -f "$started" ] || { echo "nothing to stop: $started does not exist"; return; }
  if running slurmctld; then
    scancel --quiet --full --user="$(id -un)" 2>/dev/null || true
    squeue -h -o %i 2>/dev/null | xargs -r scancel --quiet 2>/dev/null || true
    for _ in $(seq 30); do [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break; sleep 0.5; done
  fi
  # The daemons in the reverse order of their start; only the pids recorded by "up".
  tac "$started" | while read -r name pid; do
    # A pid whose process is gone may have been given to another program: check the name.
    alive "$pid" && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ] || continue
    kill "$pid"
    for _ in $(seq 40); do alive "$pid" || break; sleep 0.25; done
    alive "$pid" && kill -9 "$pid"
    echo "stopped $name ($pid)"
  done
  rm -f "$started"
}

case ${1:-} in
up) up ;;
down) down ;;
env) echo "export SLURM_CONF=$conf" ;;
status) sinfo; squeue ;;
*) echo "usage: $0 up|down|env|status" >&2; exit 2 ;;
esac
