#!/usr/bin/env bash
# Runs fuzz targets for a bounded time each:
# `bash crates/sudoku-core/fuzz/run.sh [SECONDS [TARGET...]]` (default 60 s, every target).
# Needs the nightly toolchain and cargo-fuzz, which it installs if missing. New inputs go to
# fuzz/corpus/<target> (not committed); the committed seeds are in fuzz/seeds/<target>. Exits
# non-zero, leaving the crashing input in fuzz/artifacts, if a target finds a panic, an
# overflow, a hang (over 10 s per input) or memory blow-up (2 GiB).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=($(cargo +nightly fuzz list))
fi
for target in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$target"
  echo "fuzzing $target for ${seconds}s"
  if ! cargo +nightly fuzz run "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz target $target failed; see crates/sudoku-core/fuzz/artifacts/$target" >&2
    exit 1
  fi
  grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true
done
echo "fuzz targets ${targets[*]} ran ${seconds}s each without a finding"
