#!/usr/bin/env bash
# Gets the lakelint binary for the GitHub Action (see action.yml).
#
#   action-install.sh download   picks the release for INPUT_VERSION, downloads
#                                its archive for this runner, checks it against
#                                the release's checksums.txt and unpacks it;
#                                or, when asked to build or when no release
#                                matches, says what to build (outputs build=true)
#   action-install.sh build      builds what download said (BUILD_SOURCE)
#
# Outputs go to $GITHUB_OUTPUT: bin (the binary), build (true or false),
# source (checkout, or a module version for go install) and go-sum-hash (a
# hash of the action's go.mod and go.sum, the Go cache's key).
# LAKELINT_RELEASES_URL (default GitHub's releases of lakelint) and
# LAKELINT_GO (default go) let tests run this without the network.
set -uo pipefail

die() { echo "::error title=lakelint action::$*"; exit 2; }
notice() { echo "::notice title=lakelint action::$*"; }
output() { if [[ -n ${GITHUB_OUTPUT:-} ]]; then echo "$1" >> "$GITHUB_OUTPUT"; else echo "$1"; fi; }

sha256() {
  if command -v sha256sum > /dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

releases=${LAKELINT_RELEASES_URL:-https://github.com/lakelint/lakelint/releases}
releases=${releases%/}
bin_dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/lakelint-bin"
go=${LAKELINT_GO:-go}

# platform prints this runner's OS and architecture as Go names them.
platform() {
  local os arch
  case "${RUNNER_OS:-$(uname -s)}" in
    Linux) os=linux ;;
    macOS | Darwin) os=darwin ;;
    Windows | MINGW* | MSYS* | CYGWIN*) os=windows ;;
    *) return 1 ;;
  esac
  case "${RUNNER_ARCH:-$(uname -m)}" in
    X64 | x86_64 | amd64) arch=amd64 ;;
    ARM64 | aarch64 | arm64) arch=arm64 ;;
    *) return 1 ;;
  esac
  echo "$os $arch"
}

# build_instead says the binary is to be built from source.
build_instead() {
  output "build=true"
  output "source=$1"
  output "go-sum-hash=$(cat "$GITHUB_ACTION_PATH/go.mod" "$GITHUB_ACTION_PATH/go.sum" | sha256 | cut -d' ' -f1)"
  exit 0
}

download() {
  [[ -n ${GITHUB_ACTION_PATH:-} ]] || die "GITHUB_ACTION_PATH is not set"
  local build_from_source
  case "${INPUT_BUILD_FROM_SOURCE:-false}" in
    true | yes | 1) build_from_source=true ;;
    false | no | 0 | "") build_from_source=false ;;
    *) die "input build-from-source: expected true or false, got '${INPUT_BUILD_FROM_SOURCE}'" ;;
  esac
  local version=${INPUT_VERSION:-}
  if [[ -z $version ]]; then
    # the action's own ref: a release tag when used as lakelint/lakelint@v1.2.3
    [[ $build_from_source == true ]] && build_instead checkout
    local ref=${ACTION_REF:-$(basename "$GITHUB_ACTION_PATH")}
    if [[ ! $ref =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
      notice "the action's ref ${ref} is not a release tag: building lakelint from the action's checkout (set the version input, or use the action at a release tag, to download a binary)"
      build_instead checkout
    fi
    version=$ref
  fi
  [[ $version == latest || $version =~ ^v?[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] ||
    die "input version: expected a release such as v1.2.3, or latest; got '${version}'"
  [[ $version == latest || $version == v* ]] || version=v$version
  [[ $build_from_source == true ]] && build_instead "$version"

  if [[ $version == latest ]]; then
    local url
    url=$(curl -sSL --retry 3 -o /dev/null -w '%{url_effective}' "$releases/latest") ||
      die "cannot ask ${releases} for the latest release"
    if [[ $url != */tag/v* ]]; then
      notice "no lakelint release found at ${releases}: building the latest version from source"
      build_instead latest
    fi
    version=${url##*/tag/}
  fi

  local os arch
  read -r os arch <<< "$(platform)" || true
  if [[ -z ${arch:-} ]]; then
    notice "no lakelint release is built for this runner (${RUNNER_OS:-$(uname -s)} ${RUNNER_ARCH:-$(uname -m)}): building ${version} from source"
    build_instead "$version"
  fi
  local ext=tar.gz exe=lakelint
  [[ $os == windows ]] && ext=zip exe=lakelint.exe
  local name="lakelint_${version#v}_${os}_${arch}.${ext}"
  local work
  work=$(mktemp -d) || die "cannot create a temporary directory"
  local status
  status=$(curl -sSL --retry 3 -o "$work/checksums.txt" -w '%{http_code}' "$releases/download/$version/checksums.txt") ||
    die "cannot download ${releases}/download/${version}/checksums.txt"
  if [[ $status == 404 ]]; then
    notice "lakelint ${version} has no release at ${releases}: building it from source"
    build_instead "$version"
  fi
  [[ $status == 200 ]] || die "downloading ${version}/checksums.txt: HTTP status ${status}"
  local want
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1; exit }' "$work/checksums.txt")
  if [[ -z $want ]]; then
    notice "lakelint ${version} has no ${name}: building it from source"
    build_instead "$version"
  fi
  status=$(curl -sSL --retry 3 -o "$work/$name" -w '%{http_code}' "$releases/download/$version/$name") ||
    die "cannot download ${name}"
  [[ $status == 200 ]] || die "downloading ${name}: HTTP status ${status}"
  local got
  got=$(sha256 "$work/$name" | cut -d' ' -f1)
  [[ $got == "$want" ]] ||
    die "${name} does not match its checksum in checksums.txt (sha256 ${got}, want ${want}); not using it"

  rm -rf "$bin_dir" && mkdir -p "$bin_dir" || die "cannot create $bin_dir"
  if [[ $ext == zip ]]; then
    if command -v unzip > /dev/null; then
      unzip -q -o "$work/$name" "$exe" -d "$bin_dir" || die "cannot unpack ${name}"
    else
      powershell -NoProfile -Command "Expand-Archive -Force -LiteralPath '$work/$name' -DestinationPath '$bin_dir'" ||
        die "cannot unpack ${name}"
    fi
  else
    tar -xzf "$work/$name" -C "$bin_dir" "$exe" || die "cannot unpack ${name}"
  fi
  chmod +x "$bin_dir/$exe"
  rm -rf "$work"
  echo "lakelint ${version} for ${os}/${arch}, sha256 ${got}"
  output "build=false"
  output "bin=$bin_dir/$exe"
}

build() {
  [[ -n ${GITHUB_ACTION_PATH:-} ]] || die "GITHUB_ACTION_PATH is not set"
  local source=${BUILD_SOURCE:-checkout}
  mkdir -p "$bin_dir" || die "cannot create $bin_dir"
  if [[ $source == checkout ]]; then
    (cd "$GITHUB_ACTION_PATH" && "$go" build -o "$bin_dir/lakelint" ./cmd/lakelint) ||
      die "building lakelint failed"
  else
    GOBIN="$bin_dir" "$go" install "github.com/lakelint/lakelint/cmd/lakelint@${source}" ||
      die "installing lakelint ${source} failed"
  fi
  local exe=lakelint
  [[ -e $bin_dir/lakelint.exe ]] && exe=lakelint.exe
  output "bin=$bin_dir/$exe"
}

case ${1:-} in
  download) download ;;
  build) build ;;
  *) die "usage: action-install.sh download|build" ;;
esac
