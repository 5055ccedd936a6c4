#!/usr/bin/env bash
# Start-up benchmark: wall time of cold `ascan` processes (docs/performance.md, "Start-up").
#   benchmarks/startup.sh [-n RUNS] [-d SSB_CATALOG] [-q QUERY] [LAUNCHER ...]
# Runs, RUNS times each and interleaved (so that the load of a shared machine hits every launcher
# alike), `sql -e "SELECT 1"` (on an empty catalog) and, with -d, one SSB query (default q1.1) on that catalog, then prints
# the median, min and max wall time per launcher and statement. A LAUNCHER is a command prefix,
# e.g. ./ascan or "env ASCAN_AOT=off ./ascan"; the default is this checkout's ./ascan.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=5 CATALOG="" QUERY=q1.1
while getopts "n:d:q:" opt; do
  case $opt in
    n) RUNS=$OPTARG ;; d) CATALOG=$OPTARG ;; q) QUERY=$OPTARG ;;
    *) sed -n '2,8p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
LAUNCHERS=("$@")
[[ ${#LAUNCHERS[@]} -gt 0 ]] || LAUNCHERS=("$ROOT/ascan")

SQL_FILE="$ROOT/benchmarks/workloads/src/main/resources/queries/ssb/$QUERY.sql"
CASES=("select1")
if [[ -n "$CATALOG" ]]; then
  [[ -f "$SQL_FILE" ]] || { echo "no SSB query $QUERY ($SQL_FILE)" >&2; exit 2; }
  CASES+=("ssb-$QUERY")
fi

run_case() {  # launcher, case: runs one cold process, prints its wall time in ms
  local launcher=$1 kase=$2 t0 t1
  local -a cmd
  read -r -a cmd <<<"$launcher"
  t0=$(date +%s%N)
  if [[ $kase == select1 ]]; then
    "${cmd[@]}" sql --dir "$EMPTY" -e "SELECT 1" >/dev/null
  else
    "${cmd[@]}" sql --dir "$CATALOG" -f "$SQL_FILE" >/dev/null
  fi
  t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}

EMPTY="$(mktemp -d)"  # `sql` needs a catalog; SELECT 1 gets an empty one
trap 'rm -rf "$EMPTY"' EXIT

declare -A TIMES
for l in "${LAUNCHERS[@]}"; do  # one unmeasured run each: builds and makes the AOT cache if needed
  read -r -a warm <<<"$l"; "${warm[@]}" sql --dir "$EMPTY" -e "SELECT 1" >/dev/null
done
for ((i = 0; i < RUNS; i++)); do
  for kase in "${CASES[@]}"; do
    for l in "${LAUNCHERS[@]}"; do
      TIMES["$l|$kase"]+="$(run_case "$l" "$kase") "
    done
  done
done

printf '%-44s %-10s %8s %8s %8s  (ms, %d runs)\n' launcher case median min max "$RUNS"
for kase in "${CASES[@]}"; do
  for l in "${LAUNCHERS[@]}"; do
    read -r -a t <<<"$(tr ' ' '\n' <<<"${TIMES["$l|$kase"]}" | sed '/^$/d' | sort -n | tr '\n' ' ')"
    printf '%-44s %-10s %8d %8d %8d\n' "${l/#$ROOT\//}" "$kase" "${t[$(( ${#t[@]} / 2 ))]}" "${t[0]}" "${t[-1]}"
  done
done
