#!/usr/bin/env bash
# The lakelint GitHub Action's step (see action.yml). It reads its inputs
# from INPUT_* and the runner's GITHUB_* variables, so it runs outside
# GitHub too (cmd/lakelint/action_test.go does). LAKELINT_BIN names a
# lakelint binary to use instead of building one.
set -uo pipefail

die() { echo "::error title=lakelint action::$*"; exit 2; }

# bool VAR INPUT VALUE sets VAR to true or false.
bool() {
  case "${3,,}" in
    true | yes | 1) printf -v "$1" true ;;
    false | no | 0) printf -v "$1" false ;;
    *) die "input $2: expected true or false, got '$3'" ;;
  esac
}

sarif="" annotations="" changed_only="" fail_on_findings=""
bool sarif sarif "${INPUT_SARIF:-true}"
bool annotations annotations "${INPUT_ANNOTATIONS:-true}"
bool changed_only changed-lines-only "${INPUT_CHANGED_LINES_ONLY:-false}"
bool fail_on_findings fail-on-findings "${INPUT_FAIL_ON_FINDINGS:-true}"
sarif_file=${INPUT_SARIF_FILE:-lakelint.sarif}
if [[ $sarif == false && $annotations == false ]]; then
  die "sarif and annotations are both false: nothing to do"
fi

# lakelint itself: given, built from the action's checkout, or installed
lakelint=${LAKELINT_BIN:-}
if [[ -z $lakelint ]]; then
  bin_dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/lakelint-bin"
  mkdir -p "$bin_dir" || die "cannot create $bin_dir"
  if [[ -z ${INPUT_VERSION:-} ]]; then
    [[ -n ${GITHUB_ACTION_PATH:-} ]] || die "GITHUB_ACTION_PATH is not set"
    (cd "$GITHUB_ACTION_PATH" && go build -o "$bin_dir/lakelint" ./cmd/lakelint) ||
      die "building lakelint failed"
  else
    GOBIN="$bin_dir" go install "github.com/lakelint/lakelint/cmd/lakelint@${INPUT_VERSION}" ||
      die "installing lakelint ${INPUT_VERSION} failed"
  fi
  lakelint="$bin_dir/lakelint"
fi

read -r -a args <<< "${INPUT_ARGS:-.}"
extra=()
if [[ $changed_only == true ]]; then
  diff_from=${INPUT_DIFF_FROM:-}
  if [[ -z $diff_from && ${GITHUB_EVENT_NAME:-} == pull_request* && -n ${GITHUB_BASE_REF:-} ]]; then
    base="origin/${GITHUB_BASE_REF}"
    if ! git rev-parse --verify --quiet "$base" > /dev/null; then
      git fetch --no-tags --quiet origin "+refs/heads/${GITHUB_BASE_REF}:refs/remotes/${base}" ||
        die "cannot fetch the base branch ${GITHUB_BASE_REF}"
    fi
    diff_from="${base}...HEAD"
  fi
  if [[ -n $diff_from ]]; then
    extra+=(--diff-from "$diff_from")
  else
    echo "::warning title=lakelint action::changed-lines-only needs a pull_request event or diff-from; reporting every line"
  fi
fi

status=0
if [[ $annotations == true ]]; then
  # annotations on stdout, the summary to $GITHUB_STEP_SUMMARY
  "$lakelint" check --output-format github "${extra[@]}" "${args[@]}"
  status=$?
fi
if [[ $sarif == true ]]; then
  # SARIF is written whatever was found, so the upload step has a file
  if [[ $annotations == true ]]; then
    "$lakelint" check --output-format sarif --exit-zero "${extra[@]}" "${args[@]}" > "$sarif_file"
    sarif_status=$?
    ((sarif_status == 0)) || status=$sarif_status
  else
    "$lakelint" check --output-format sarif "${extra[@]}" "${args[@]}" > "$sarif_file"
    status=$?
  fi
fi

if [[ -n ${GITHUB_OUTPUT:-} ]]; then
  {
    if [[ $sarif == true ]]; then echo "sarif-file=$sarif_file"; else echo "sarif-file="; fi
    echo "exit-code=$status"
  } >> "$GITHUB_OUTPUT"
fi
if ((status == 1)) && [[ $fail_on_findings == false ]]; then
  exit 0
fi
exit "$status"
