#!/usr/bin/env bash
# Builds tools/peers/openspiel_bench.cc against OpenSpiel's C++ core and a
# handful of games, by hand with g++ (no CMake, no Python).
#
# Usage: tools/peers/build-openspiel.sh [BUILD_DIR]   (default /tmp/openspiel-bench)
# Env:   JOBS (parallel compiles, default 2), CXX (default g++),
#        CXXFLAGS (default: OpenSpiel's own Release flags, -O3 -DNDEBUG, C++20).
# Result: BUILD_DIR/openspiel_bench
#
# Sources are cloned into BUILD_DIR/src at pinned commits; an existing
# checkout there is reused as is.
set -euo pipefail

BUILD=${1:-/tmp/openspiel-bench}
JOBS=${JOBS:-2}
CXX=${CXX:-g++}
CXXFLAGS=${CXXFLAGS:-"-O3 -DNDEBUG -std=c++20 -w"}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# open_spiel master as of 2026-07-17.
OPEN_SPIEL_COMMIT=112b77704631fc2ce7ad8e4581f6ca09798ce15a
# abseil-cpp tag 20250814.1, the version open_spiel/scripts/install.sh pins.
ABSL_COMMIT=d38452e1ee03523a208362186fd42248ff2609f6
# nlohmann/json master (install.sh clones master; header-only).
JSON_COMMIT=199dea11b17c533721b26249e2dcaee6ca1d51d3

SRC=$BUILD/src
OS=$SRC/open_spiel               # repository root; include path
mkdir -p "$SRC" "$BUILD/obj"

clone() {  # url dir commit
  if [ ! -e "$2" ]; then
    git clone --quiet "$1" "$2"
    git -C "$2" checkout --quiet "$3"
  fi
}
clone https://github.com/google-deepmind/open_spiel.git "$OS" "$OPEN_SPIEL_COMMIT"
# OpenSpiel includes these as "open_spiel/abseil-cpp/absl/..." and
# "open_spiel/json/include/nlohmann/json.hpp".
clone https://github.com/abseil/abseil-cpp.git "$OS/open_spiel/abseil-cpp" "$ABSL_COMMIT"
clone https://github.com/nlohmann/json.git "$OS/open_spiel/json" "$JSON_COMMIT"

ABSL=$OS/open_spiel/abseil-cpp
INCLUDES="-I$OS -I$ABSL -I$OS/open_spiel/json/include"

# OpenSpiel core and the games. Games register themselves through static
# registerers, so their objects are linked directly, not through an archive.
OS_SOURCES="
open_spiel/spiel.cc
open_spiel/spiel_utils.cc
open_spiel/game_parameters.cc
open_spiel/observer.cc
open_spiel/policy.cc
open_spiel/utils/usage_logging.cc
open_spiel/utils/status.cc
open_spiel/games/havannah/havannah.cc
open_spiel/games/y/y.cc
open_spiel/games/pentago/pentago.cc
open_spiel/games/oware/oware.cc
open_spiel/games/oware/oware_board.cc
open_spiel/games/mancala/mancala.cc
open_spiel/games/tic_tac_toe/tic_tac_toe.cc
open_spiel/games/connect_four/connect_four.cc
open_spiel/games/hex/hex.cc
open_spiel/games/chess/chess.cc
open_spiel/games/chess/chess_board.cc
open_spiel/games/chess/chess_common.cc
open_spiel/games/chess/chess960_starting_positions.cc
"

# The abseil libraries these need; linked through an archive, so only
# the objects actually referenced end up in the binary.
ABSL_SOURCES=$(cd "$ABSL" && find absl/base absl/numeric absl/strings \
    absl/hash absl/container absl/random absl/synchronization absl/time \
    absl/debugging absl/profiling absl/crc -name '*.cc' \
    ! -name '*_test.cc' ! -name '*test_*' ! -name '*_testing.cc' \
    ! -name '*benchmark*' ! -name '*mock*' ! -name '*gentables*' \
    ! -name 'chi_square.cc' ! -name 'print_hash_of.cc' \
    ! -name 'win32_waiter.cc' ! -name 'failure_signal_handler.cc' \
    ! -path '*testdata*' | sort)

compile() {  # root relative-source
  local obj="$BUILD/obj/${2//\//_}"; obj=${obj%.cc}.o
  if [ ! -e "$obj" ] || [ "$1/$2" -nt "$obj" ]; then
    echo "  CXX $2"
    $CXX $CXXFLAGS $INCLUDES -c "$1/$2" -o "$obj"
  fi
}
export -f compile
export BUILD CXX CXXFLAGS INCLUDES

echo "compiling abseil ($(echo "$ABSL_SOURCES" | wc -l) files)"
echo "$ABSL_SOURCES" | xargs -P "$JOBS" -I{} bash -c 'compile "$0" "$1"' "$ABSL" {}
rm -f "$BUILD/libabsl_subset.a"
ar rcs "$BUILD/libabsl_subset.a" $(for s in $ABSL_SOURCES; do o=${s//\//_}; echo "$BUILD/obj/${o%.cc}.o"; done)

echo "compiling open_spiel"
echo "$OS_SOURCES" | grep . | xargs -P "$JOBS" -I{} bash -c 'compile "$0" "$1"' "$OS" {}
cp "$HERE/openspiel_bench.cc" "$BUILD/openspiel_bench.cc"
compile "$BUILD" openspiel_bench.cc

OS_OBJS=$(for s in $OS_SOURCES; do o=${s//\//_}; echo "$BUILD/obj/${o%.cc}.o"; done)
$CXX $CXXFLAGS -o "$BUILD/openspiel_bench" "$BUILD/obj/openspiel_bench.o" $OS_OBJS \
    -Wl,--start-group "$BUILD/libabsl_subset.a" -Wl,--end-group -pthread
echo "built $BUILD/openspiel_bench"
