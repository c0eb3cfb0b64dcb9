# tasks.sh: sourced by merge.sbatch and tablebase-check.sbatch. Reads the tasks of job arrays
# from slurmctld (scontrol show job: there is no accounting database to ask, and a finished
# job stays listed for MinJobAge seconds, an hour on the cluster of cluster.sh) and prints
# one line per task that did not complete, naming its exit status and log file.

# task_states JOBID...: one line "JOBID TASK STATE EXIT REASON LOG" per task of the arrays,
# taken as attempts at the same tasks: a task listed again by a later array (resubmitted)
# replaces the earlier line.
task_states() {
  local job
  for job in "$@"; do
    scontrol show job -o "$job" 2>/dev/null | awk -v job="$job" '{
      task = "-"; state = "?"; code = "?"; reason = "-"; out = "?"
      for (i = 1; i <= NF; i++) {
        split($i, kv, "=")
        if (kv[1] == "ArrayTaskId") task = substr($i, 13)
        else if (kv[1] == "JobState") state = kv[2]
        else if (kv[1] == "ExitCode") code = kv[2]
        else if (kv[1] == "Reason") reason = kv[2]
        else if (kv[1] == "StdOut") out = substr($i, 8)
      }
      print job, task, state, code, reason, out
    }'
  done | awk '{ last[$2] = $0; if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } }
              END { for (i = 1; i <= n; i++) print last[order[i]] }'
}

# report_failed WHAT JOBID...: prints "WHAT JOBID_TASK STATE, exit status S[, signal G];
# log: FILE" for every task of task_states that did not complete ("cancelled before it
# started" for one whose dependency failed), and returns 1 if there was one.
report_failed() {
  local what=$1 job task state code reason log bad=0
  shift
  while read -r job task state code reason log; do
    [ "$state" = COMPLETED ] && [ "$code" = 0:0 ] && continue
    bad=1
    if [ "$reason" = DependencyNeverSatisfied ]; then
      echo "$what ${job}_$task $state before it started: a job it waits for failed" >&2
      continue
    fi
    local how="exit status ${code%%:*}"
    [ "${code#*:}" != 0 ] && how="$how, signal ${code#*:}"
    echo "$what ${job}_$task $state, $how; log: $log" >&2
  done < <(task_states "$@")
  return $bad
}
