#!/usr/bin/env bash
# The lakelint GitHub Action's step (see action.yml). It reads its inputs
# from INPUT_* and the runner's GITHUB_* variables, so it runs outside
# GitHub too (cmd/lakelint/action_test.go does). LAKELINT_BIN is the
# lakelint binary, from scripts/action-install.sh.
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

# lakelint itself: downloaded or built by scripts/action-install.sh
lakelint=${LAKELINT_BIN:-}
[[ -n $lakelint ]] || die "LAKELINT_BIN is not set: no lakelint binary to run"

# fetch_base fetches the pull request's base branch; with a shallow
# checkout, only as deep as the merge base with HEAD needs, deepening in
# steps up to about 3,200 commits. Past that lakelint itself reports the
# changed files in full, with a notice.
fetch_base() {
  local branch=$1 remote_ref="refs/remotes/origin/$1"
  local refspec="+refs/heads/${branch}:${remote_ref}"
  if [[ $(git rev-parse --is-shallow-repository 2> /dev/null) != true ]]; then
    git rev-parse --verify --quiet "$remote_ref" > /dev/null ||
      git fetch --no-tags --quiet origin "$refspec" || die "cannot fetch the base branch ${branch}"
    return
  fi
  if ! git rev-parse --verify --quiet "$remote_ref" > /dev/null; then
    git fetch --no-tags --quiet --depth=50 origin "$refspec" || die "cannot fetch the base branch ${branch}"
  fi
  local deepen
  for deepen in 50 100 200 400 800 1600; do
    git merge-base "$remote_ref" HEAD > /dev/null 2>&1 && return
    git fetch --no-tags --quiet --deepen="$deepen" origin "$refspec" || break
  done
  git merge-base "$remote_ref" HEAD > /dev/null 2>&1 ||
    echo "::notice title=lakelint action::no merge base with ${branch} within the fetched history; the changed files are linted in full (actions/checkout with fetch-depth: 0 avoids this)"
}

read -r -a args <<< "${INPUT_ARGS:-.}"
extra=()
if [[ $changed_only == true ]]; then
  diff_from=${INPUT_DIFF_FROM:-}
  if [[ -z $diff_from && ${GITHUB_EVENT_NAME:-} == pull_request* && -n ${GITHUB_BASE_REF:-} ]]; then
    fetch_base "$GITHUB_BASE_REF"
    diff_from="origin/${GITHUB_BASE_REF}...HEAD"
  fi
  if [[ -n $diff_from ]]; then
    extra+=(--diff-from "$diff_from")
  else
    echo "::warning title=lakelint action::changed-lines-only needs a pull_request event or diff-from; reporting every line"
  fi
fi

# one run: annotations on stdout (and the summary to $GITHUB_STEP_SUMMARY),
# SARIF to its file, which lakelint writes whole or not at all
outputs=()
if [[ $annotations == true ]]; then
  outputs+=(--output-format github)
  [[ $sarif == true ]] && outputs+=(--output "sarif=$sarif_file")
else
  outputs+=(--output-format sarif --output-file "$sarif_file")
fi
if [[ $sarif == true ]]; then
  rm -f -- "$sarif_file" # a stale file must not be uploaded for a run that failed
fi
"$lakelint" check "${outputs[@]}" "${extra[@]}" "${args[@]}"
status=$?
if [[ $sarif == true && ! -s $sarif_file ]]; then
  echo "::error title=lakelint action::lakelint wrote no SARIF file (exit status $status)"
fi

if [[ -n ${GITHUB_OUTPUT:-} ]]; then
  {
    if [[ $sarif == true && -s $sarif_file ]]; then echo "sarif-file=$sarif_file"; else echo "sarif-file="; fi
    echo "exit-code=$status"
  } >> "$GITHUB_OUTPUT"
fi
if ((status == 1)) && [[ $fail_on_findings == false ]]; then
  exit 0
fi
exit "$status"
