#!/usr/bin/env bash
# proof.sh: submits a durable proof (fanorona prove --folder, docs/CLI.md) to Slurm as a job
# array of workers on one proof folder, then a job that writes and checks its certificate
# (docs/SCALING.md). Every task opens the same folder (made once: its manifest is linked
# into place) and takes the frontier's jobs one at a time under their locks, so no job runs
# twice at once and a task killed at any moment loses at most its job's last snapshot.
#
#   docs/slurm/proof.sh DIR TABLES TASKS -- PROVE-FLAGS...
#
#   DIR          the proof folder, which every node mounts; logs go to DIR.logs
#   TABLES       the tablebase folder of the proof (its leaves), which every node mounts
#   TASKS        workers (array tasks)
#   PROVE-FLAGS  the proof: --fen F --claim C [--paika-limit L] [--split-depth D] and each
#                job's budget (--time, --nodes); the same flags as on one machine
#
# Submitting again with the same arguments goes on: jobs with a result are skipped (unless
# a larger budget is given). Environment: FANORONA (the binary), CPUS (CPUs a task, default
# 1: jobs a task runs at once), SBATCH_* (sbatch's own). Prints "workers JOBID" and
# "certificate JOBID".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { echo "usage: $0 DIR TABLES TASKS -- PROVE-FLAGS..." >&2; exit 2; }
dir=$1 tables=$2 tasks=$3
shift 3
if [ "${1:-}" = -- ]; then shift; fi
mkdir -p "$dir.logs"
dir=$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")
tables=$(cd "$tables" && pwd)
export FANORONA_SLURM=$here
if [ -n "${FANORONA:-}" ]; then FANORONA=$(command -v "$FANORONA"); export FANORONA; fi
workers=$(sbatch --parsable --array="0-$((tasks - 1))" --cpus-per-task="${CPUS:-1}" \
  --job-name=proof-workers --output="$dir.logs/%A_%a.log" \
  "$here/proof.sbatch" "$dir" "$tables" "$@")
echo "workers $workers"
certificate=$(sbatch --parsable --dependency="afterany:$workers" --cpus-per-task=1 \
  --job-name=proof-certificate --output="$dir.logs/certificate-%j.log" \
  "$here/proof-certificate.sbatch" "$dir" "$tables" "$workers" "$@")
echo "certificate $certificate"
