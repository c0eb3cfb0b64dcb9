#!/usr/bin/env bash
# tablebase.sh: submits a tablebase build to Slurm as dependent job arrays, one per layer of
# "fanorona tablebase plan" (docs/SCALING.md): the array of layer L+1 starts when every
# material of layer L is built (afterok), and is cancelled if one failed; a last job checks
# and verifies the set.
#
#   docs/slurm/tablebase.sh DIR MAX-PIECES [-- BUILD-FLAGS...]
#
#   DIR          the tablebase folder, which every node mounts; logs go to DIR/logs
#   MAX-PIECES   every material of at most this many pieces (2 to 8)
#   BUILD-FLAGS  more flags of "fanorona tablebase build" (e.g. --paika-limit 0)
#
# Materials already in DIR are skipped by their task, so submitting again after a failure
# builds only what is missing. Environment: FANORONA (the binary), CPUS (CPUs a task,
# default 1, passed on as --workers), SBATCH_* (sbatch's own). Each array asks for the
# memory of its largest material (the plan's memory column, plus a quarter and 256 MiB).
# Prints one line "layer L JOBID MATERIALS" a layer, then "check JOBID".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 DIR MAX-PIECES [-- BUILD-FLAGS...]" >&2; exit 2; }
dir=$1 pieces=$2
shift 2
if [ "${1:-}" = -- ]; then shift; fi
fanorona=${FANORONA:-fanorona}
plan=$("$fanorona" tablebase plan --max-pieces "$pieces")

mkdir -p "$dir/logs"
dir=$(cd "$dir" && pwd)
export FANORONA_SLURM=$here
if [ -n "${FANORONA:-}" ]; then FANORONA=$(command -v "$FANORONA"); export FANORONA; fi

# The plan's rows: layer, material, pieces, memory (MiB), "MiB", needs.
layers=$(awk 'NR > 1 { print $1 }' <<<"$plan" | sort -n | uniq)
arrays=() dependency=()
for layer in $layers; do
  materials=$(awk -v l="$layer" 'NR > 1 && $1 == l { printf "%s%s", sep, $2; sep = "," }' <<<"$plan")
  count=$(awk -v l="$layer" 'NR > 1 && $1 == l { n++ } END { print n }' <<<"$plan")
  mem=$(awk -v l="$layer" 'NR > 1 && $1 == l && $4 > m { m = $4 } END { printf "%d", m * 1.25 + 256 }' <<<"$plan")
  job=$(sbatch --parsable "${dependency[@]}" --array="0-$((count - 1))" --cpus-per-task="${CPUS:-1}" \
    --mem="${mem}M" --job-name="tablebase-layer-$layer" --output="$dir/logs/%A_%a.log" \
    "$here/tablebase.sbatch" "$dir" "$materials" "$@")
  echo "layer $layer $job $materials"
  arrays+=("$job")
  dependency=(--dependency="afterok:$job")
done
check=$(sbatch --parsable --dependency="afterany:${arrays[-1]}" --cpus-per-task="${CPUS:-1}" \
  --output="$dir/logs/check-%j.log" "$here/tablebase-check.sbatch" "$dir" "${arrays[@]}")
echo "check $check"
