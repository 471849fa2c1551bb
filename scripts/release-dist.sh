#!/usr/bin/env bash
# Packs lakelint release archives and their checksums, the same way in the
# release workflow (.github/workflows/release.yml) and in CI's snapshot run.
#
#   release-dist.sh build VERSION OS ARCH OUT      go build for the host with the release's flags
#   release-dist.sh archive VERSION OS ARCH BINARY DIST
#   release-dist.sh checksums DIST                 DIST/checksums.txt (sha256) of DIST's archives
#
# VERSION has no leading v (0.2.0 for the tag v0.2.0). Archives are named
# lakelint_VERSION_OS_ARCH.tar.gz (.zip for windows), with OS and ARCH as Go
# spells them, and hold the binary and README.md at their top level.
set -euo pipefail

# The release's linker flags; .goreleaser.yaml has the same (a test compares them).
ldflags() { printf '%s' "-s -w -X main.version=$1"; }

archive_name() { # VERSION OS ARCH
  local ext=tar.gz
  [[ $2 == windows ]] && ext=zip
  printf 'lakelint_%s_%s_%s.%s' "$1" "$2" "$3" "$ext"
}

sha256() {
  if command -v sha256sum > /dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

root=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-}
shift || true
case $cmd in
  build)
    [[ $# -eq 4 ]] || { echo "usage: $0 build VERSION OS ARCH OUT" >&2; exit 2; }
    (cd "$root" && CGO_ENABLED=1 GOOS=$2 GOARCH=$3 go build -trimpath -ldflags "$(ldflags "$1")" -o "$4" ./cmd/lakelint)
    ;;
  archive)
    [[ $# -eq 5 ]] || { echo "usage: $0 archive VERSION OS ARCH BINARY DIST" >&2; exit 2; }
    version=$1 os=$2 arch=$3 binary=$4 dist=$5
    name=$(archive_name "$version" "$os" "$arch")
    exe=lakelint
    [[ $os == windows ]] && exe=lakelint.exe
    mkdir -p "$dist"
    dist=$(cd "$dist" && pwd)
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    cp "$binary" "$stage/$exe"
    chmod 755 "$stage/$exe"
    cp "$root/README.md" "$stage/README.md"
    rm -f "$dist/$name"
    if [[ $os == windows ]]; then
      # Git for Windows has no zip; the Windows runners have 7-Zip
      if command -v zip > /dev/null; then
        (cd "$stage" && zip -q -X "$dist/$name" "$exe" README.md)
      else
        (cd "$stage" && 7z a -tzip -bd "$dist/$name" "$exe" README.md > /dev/null)
      fi
    else
      tar -C "$stage" -czf "$dist/$name" "$exe" README.md
    fi
    echo "$dist/$name"
    ;;
  checksums)
    [[ $# -eq 1 ]] || { echo "usage: $0 checksums DIST" >&2; exit 2; }
    cd "$1"
    shopt -s nullglob
    archives=(lakelint_*.tar.gz lakelint_*.zip)
    ((${#archives[@]} > 0)) || { echo "no archives in $1" >&2; exit 1; }
    sha256 "${archives[@]}" | LC_ALL=C sort -k2 > checksums.txt
    cat checksums.txt
    ;;
  *)
    sed -n '2,11p' "$0" >&2
    exit 2
    ;;
esac
