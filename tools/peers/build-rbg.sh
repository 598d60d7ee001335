#!/usr/bin/env bash
# Builds Regular Boardgames' compiler rbg2cpp and, for each game named, two programs from the
# reasoner it generates: GAME-perft (RBG's test/perft.cpp: `GAME-perft DEPTH`) and GAME-bench
# (RBG's test/benchmark.cpp, flat Monte Carlo: `GAME-bench MILLISECONDS`). See tools/peers/RBG.md.
#
#   tools/peers/build-rbg.sh                    # into /tmp/rbg/build, the default game list
#   tools/peers/build-rbg.sh DIR                # into DIR
#   GAMES="breakthrough reversi_4x4" tools/peers/build-rbg.sh
#   JOBS=2 (default) games compiled in parallel; NICE=10 (default) the niceness of every compile.
#
# Sources, cloned at pinned commits into DIR/src (override any with a local clone or mirror):
#   RBG2CPP_GIT   (default https://github.com/uicus/rbg2cpp)     the compiler; its README names it
#                 the RBG system's compiler (github.com/marekesz/rbg2cpp is a 2018 fork of it)
#   RBGPARSER_GIT (default https://github.com/uicus/rbgParser)   rbg2cpp's submodule, at its pin
#   RBGGAMES_GIT  (default https://github.com/marekesz/rbgGames) the game files (newer than
#                 rbg2cpp's submodule pin: the board-size variants and small chess games came later)
# Needs git, g++ with C++17 and Boost's headers (Debian: apt-get install libboost-dev), which
# the generated reasoners include (boost/container/static_vector.hpp).
set -euo pipefail

RBG2CPP_COMMIT=fd93c438ca6a4f6de88e041c78b4053af0bf3236   # 2021-12-17, master
RBGPARSER_COMMIT=d2ba9e8dc0790cac4605ec739327a94874e6d8ce # 2021-11-15, rbg2cpp's submodule pin
RBGGAMES_COMMIT=3ae4fb75c2cc94085f742587815d345405da9d7a  # 2024-12-20, master

RBG2CPP_GIT=${RBG2CPP_GIT:-https://github.com/uicus/rbg2cpp}
RBGPARSER_GIT=${RBGPARSER_GIT:-https://github.com/uicus/rbgParser}
RBGGAMES_GIT=${RBGGAMES_GIT:-https://github.com/marekesz/rbgGames}

OUT=$(mkdir -p "${1:-/tmp/rbg/build}" && cd "${1:-/tmp/rbg/build}" && pwd)
JOBS=${JOBS:-2}
NICE=${NICE:-10}
CXX=${CXX:-g++}
# RBG's own release flags (rbg2cpp's Makefile, RELEASE_FLAGS), random generator 0 (mt19937 with
# Lemire's method).
CXXFLAGS=${CXXFLAGS:--std=c++17 -Ofast -march=native -flto -s -DNDEBUG -DRBG_RANDOM_GENERATOR=0}
GAMES=${GAMES:-"breakthrough breakthrough_5x5 breakthrough_6x6 breakthrough_7x7 breakthrough_9x9
breakthrough_10x10 breakthrough_11x11 breakthrough_12x12 knightthrough
reversi reversi_4x4 reversi_6x6 reversi_10x10
foxAndHounds foxAndHounds-10x10 foxAndHounds-12x12
chessGardner5x5_kingCapture chessLosAlamos6x6_kingCapture chessQuick5x6_kingCapture
chessSilverman4x5_kingCapture chess
yavalath connect4 ticTacToe hex hex_5x5 hex_6x6 hex_7x7 hex_8x8 hex_9x9 hex_10x10
gomoku_standard gomoku_standard_11x11 gomoku_standard_13x13 gomoku_freeStyle
amazons englishDraughts internationalDraughts theMillGame theMillGame_split pentago go"}

checkout() { # URL-or-path commit dir
    if [ ! -d "$3/.git" ]; then
        rm -rf "$3"
        git clone -q --no-checkout "$1" "$3"
    fi
    git -C "$3" checkout -q --force "$2"
}

mkdir -p "$OUT/src" "$OUT/bin" "$OUT/games" "$OUT/logs"
checkout "$RBG2CPP_GIT" "$RBG2CPP_COMMIT" "$OUT/src/rbg2cpp"
rm -rf "$OUT/src/rbg2cpp/rbgParser"
checkout "$RBGPARSER_GIT" "$RBGPARSER_COMMIT" "$OUT/src/rbg2cpp/rbgParser"
checkout "$RBGGAMES_GIT" "$RBGGAMES_COMMIT" "$OUT/src/rbgGames"

RBG2CPP=$OUT/src/rbg2cpp/bin/rbg2cpp
if [ ! -x "$RBG2CPP" ]; then
    echo "building rbg2cpp (log: $OUT/logs/rbg2cpp.txt)"
    (cd "$OUT/src/rbg2cpp/rbgParser" && nice -n "$NICE" make -j"$JOBS" librbgParser.a \
        && cd .. && nice -n "$NICE" make -j"$JOBS" rbg2cpp) > "$OUT/logs/rbg2cpp.txt" 2>&1 \
        || { tail -20 "$OUT/logs/rbg2cpp.txt"; exit 1; }
fi

TEST=$OUT/src/rbg2cpp/test
build_game() { # name
    local g=$1 dir=$OUT/games/$1 rbg=$OUT/src/rbgGames/games/$1.rbg
    [ -f "$rbg" ] || { echo "$g: no $rbg" >&2; return 1; }
    if [ -x "$OUT/bin/$g-perft" ] && [ -x "$OUT/bin/$g-bench" ] \
        && [ "$OUT/bin/$g-perft" -nt "$rbg" ]; then
        echo "$g: up to date"; return 0
    fi
    mkdir -p "$dir"
    (
        cd "$dir"
        "$RBG2CPP" -Whide -o reasoner "$rbg"
        nice -n "$NICE" $CXX $CXXFLAGS -I. -I"$TEST" -c -o reasoner.o reasoner.cpp
        nice -n "$NICE" $CXX $CXXFLAGS -I. -I"$TEST" -o "$OUT/bin/$g-perft" reasoner.o "$TEST/perft.cpp"
        nice -n "$NICE" $CXX $CXXFLAGS -I. -I"$TEST" -o "$OUT/bin/$g-bench" reasoner.o "$TEST/benchmark.cpp"
    ) > "$OUT/logs/$g.txt" 2>&1 && echo "$g: built" || { echo "$g: FAILED (log: $OUT/logs/$g.txt)"; return 1; }
}
export -f build_game
export OUT RBG2CPP TEST NICE CXX CXXFLAGS

status=0
printf '%s\n' $GAMES | xargs -P "$JOBS" -I{} bash -c 'build_game {}' || status=1
echo "binaries in $OUT/bin: GAME-perft DEPTH, GAME-bench MILLISECONDS"
exit $status
