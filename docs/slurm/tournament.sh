#!/usr/bin/env bash
# tournament.sh: submits a tournament to Slurm as a job array of shards, a merge job that
# waits for the array, and a report job that waits for the merge (docs/SCALING.md).
#
#   docs/slurm/tournament.sh RUN SHARDS [--tasks LIST] -- TOURNAMENT-FLAGS...
#
#   RUN            a folder every node sees; gets run-id (made once, 128 random bits, unless
#                  there), logs/JOBID_TASK.log, shard-K/ per shard, all/ (merged), report.html
#   SHARDS         the number of shards (tasks of the array)
#   --tasks LIST   submit only these shards (e.g. 1,3): to start again the failed or
#                  cancelled shards of an earlier submission; they resume where they stopped
#   FLAGS          the flags of "fanorona tournament", the same for every submission of RUN
#                  (not --run-id, --shard, --output, --resume, --workers: set here)
#
# Environment: FANORONA (the binary, default fanorona on PATH), CPUS (CPUs a task, default
# 1, passed on as --workers), SBATCH_* (sbatch's own, e.g. SBATCH_PARTITION). Prints the
# job ids: "shards JOBID merge JOBID report JOBID".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { echo "usage: $0 RUN SHARDS [--tasks LIST] -- TOURNAMENT-FLAGS..." >&2; exit 2; }
[ $# -ge 2 ] || usage
run=$1 shards=$2 tasks="0-$(($2 - 1))"
shift 2
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "$0: SHARDS '$shards': a positive number" >&2; exit 2; }
if [ "${1:-}" = --tasks ]; then
  [ $# -ge 2 ] || usage
  tasks=$2
  shift 2
fi
[ "${1:-}" = -- ] || usage
shift

mkdir -p "$run/logs"
run=$(cd "$run" && pwd)
[ -s "$run/run-id" ] || od -An -tx1 -N16 /dev/urandom | tr -d ' \n' >"$run/run-id"
export FANORONA_SLURM=$here
if [ -n "${FANORONA:-}" ]; then FANORONA=$(command -v "$FANORONA"); export FANORONA; fi

array=$(sbatch --parsable --array="$tasks" --cpus-per-task="${CPUS:-1}" \
  --output="$run/logs/%A_%a.log" "$here/shard.sbatch" "$run" "$shards" "$@")
# Every array that played shards of RUN, oldest first: the merge takes each shard's latest.
echo "$array" >>"$run/arrays"
merge=$(sbatch --parsable --dependency="afterany:$array" --output="$run/logs/merge-%j.log" \
  "$here/merge.sbatch" "$run" "$shards" $(cat "$run/arrays"))
report=$(sbatch --parsable --dependency="afterok:$merge" --output="$run/logs/report-%j.log" \
  "$here/report.sbatch" "$run")
echo "shards $array merge $merge report $report"
