// Uniformly random playouts of an OpenSpiel C++ game, per CPU-second.
//
// Usage: openspiel_bench GAME [key=value ...] [--seconds S] [--seed N]
//   e.g. openspiel_bench havannah board_size=8 --seconds 3
//
// Per playout: game->NewInitialState(), then until terminal: at a chance
// node sample ChanceOutcomes() by probability, otherwise pick uniformly
// from LegalActions() with std::mt19937_64; ApplyAction. Time is process
// CPU time (CLOCK_PROCESS_CPUTIME_ID), checked once per playout; the
// wall-clock time of the same loop is printed too.
// Prints one JSON line. Build: tools/peers/build-openspiel.sh.

#include <time.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "open_spiel/game_parameters.h"
#include "open_spiel/spiel.h"

namespace {

double ClockSeconds(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

[[noreturn]] void Usage() {
  std::fprintf(stderr,
               "usage: openspiel_bench GAME [key=value ...] [--seconds S] "
               "[--seed N]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) Usage();
  std::string name = argv[1];
  open_spiel::GameParameters params;
  double seconds = 3.0;
  uint64_t seed = 1;
  std::string param_text;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else {
      auto eq = arg.find('=');
      if (eq == std::string::npos || eq == 0) Usage();
      params[arg.substr(0, eq)] =
          open_spiel::GameParameterFromString(arg.substr(eq + 1));
      if (!param_text.empty()) param_text += ",";
      param_text += arg;
    }
  }

  std::shared_ptr<const open_spiel::Game> game =
      open_spiel::LoadGame(name, params);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);

  uint64_t playouts = 0;
  uint64_t plies = 0;
  // Keeps the optimiser from discarding the playouts.
  double returns_sum = 0.0;
  const double start = ClockSeconds(CLOCK_PROCESS_CPUTIME_ID);
  const double wall_start = ClockSeconds(CLOCK_MONOTONIC);
  double elapsed = 0.0;
  do {
    std::unique_ptr<open_spiel::State> state = game->NewInitialState();
    while (!state->IsTerminal()) {
      open_spiel::Action action;
      if (state->IsChanceNode()) {
        open_spiel::ActionsAndProbs outcomes = state->ChanceOutcomes();
        double r = unit(rng);
        action = outcomes.back().first;
        for (const auto& [a, p] : outcomes) {
          if (r < p) {
            action = a;
            break;
          }
          r -= p;
        }
      } else {
        std::vector<open_spiel::Action> legal = state->LegalActions();
        std::uniform_int_distribution<size_t> pick(0, legal.size() - 1);
        action = legal[pick(rng)];
      }
      state->ApplyAction(action);
      ++plies;
    }
    returns_sum += state->Returns()[0];
    ++playouts;
    elapsed = ClockSeconds(CLOCK_PROCESS_CPUTIME_ID) - start;
  } while (elapsed < seconds);
  const double wall = ClockSeconds(CLOCK_MONOTONIC) - wall_start;

  std::printf(
      "{\"game\":\"%s\",\"params\":\"%s\",\"playouts\":%llu,\"plies\":%llu,"
      "\"cpu_seconds\":%.3f,\"wall_seconds\":%.3f,\"playouts_per_s\":%.1f,\"average_length\":%.3f,"
      "\"mean_return_p0\":%.4f}\n",
      name.c_str(), param_text.c_str(),
      static_cast<unsigned long long>(playouts),
      static_cast<unsigned long long>(plies), elapsed, wall, playouts / elapsed,
      static_cast<double>(plies) / static_cast<double>(playouts),
      returns_sum / static_cast<double>(playouts));
  return 0;
}
