#!/usr/bin/env python3
"""Makes the seed corpus of each fuzz target from the files the project ships.

    python3 fuzz/seed-corpus.py        # from anywhere; rewrites fuzz/corpus/*/seed-*

Seeds are named `seed-*` (the only corpus files git keeps, see fuzz/.gitignore); files the fuzzer
adds beside them are left alone. The targets that play a shipped game take its index in
fuzz/games.txt as their first byte.

  game_text       games/*.toml and the game files of tests/ (bad, warning, variant and test games)
  position_text   tests/positions/GAME/*.toml, each case's [position] table that is written as
                  its own section, and the quoted positions (lines of the game's notation) of
                  tests/perft/**/*.txt, for its game
  case_text       games/GAME/cases/*.toml, for its game
  token_sequence  the `tokens` of each case that starts from the initial position, one a line, and a
                  few lines of action indexes, for its game
  record_text     the example records of docs/FORMAT.md ("Game records"): TOML and a records line

It also writes the dictionaries fuzz/dict/TARGET.dict (libFuzzer's `-dict=`): the words of the rules
language and of the game-file, position-file and case-file formats as the sources spell them, and
the names the shipped games use (players, piece kinds, counters, options).
"""

import pathlib
import re
import tomllib

FUZZ = pathlib.Path(__file__).resolve().parent
ROOT = FUZZ.parent
TARGETS = ["game_text", "position_text", "case_text", "token_sequence", "player_spec", "record_text"]


def game_ids():
    lines = (FUZZ / "games.txt").read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.startswith("#")]


def write(target, name, data):
    name = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    (FUZZ / "corpus" / target / f"seed-{name}").write_bytes(data)


def position_section(text):
    """The `[position]` part of a case file as a position file of its own, if it is written as a
    section (`[position]`, `[position.pieces]`, ...) rather than inline."""
    out, inside = [], False
    for line in text.splitlines():
        header = re.match(r"\s*\[([^\]]*)\]\s*(#.*)?$", line)
        if header:
            name = header.group(1).strip()
            inside = name == "position" or name.startswith("position.")
            if inside and name != "position":
                out.append(f"[{name[len('position.'):]}]")
            continue
        if inside:
            out.append(line)
    return "\n".join(out) + "\n" if out else None


def literals(paths):
    """The lowercase words quoted in these files: keywords, function and argument names, values."""
    words = set()
    for path in paths:
        words |= set(re.findall(r'"([a-z_]{2,})"', path.read_text()))
    return words


def struct_fields(path, struct):
    """The field names of a Rust struct: the keys of the file format it deserializes."""
    text = path.read_text()
    body = re.search(r"struct " + struct + r" \{(.*?)\n\}", text, re.S).group(1)
    return set(re.findall(r"^\s+(?:pub(?:\([a-z]+\))? )?([a-z_]+):", body, re.M))


def toml_keys(value, out, depth=0):
    if isinstance(value, dict):
        for key, inner in value.items():
            out.add(key)
            toml_keys(inner, out, depth + 1)
    elif isinstance(value, list):
        for inner in value:
            toml_keys(inner, out, depth + 1)


def write_dict(target, words):
    lines = []
    for word in sorted(words):
        escaped = word.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\x0A")
        lines.append(f'"{escaped}"')
    (FUZZ / "dict").mkdir(exist_ok=True)
    (FUZZ / "dict" / f"{target}.dict").write_text(
        f"# Made by fuzz/seed-corpus.py: words for the {target} target.\n" + "\n".join(lines) + "\n")


def dictionaries():
    src = ROOT / "src"
    language = literals([ROOT / "grammar" / "rules.pest"]
                        + sorted((src / "check").glob("*.rs"))
                        + sorted((src / "syntax").glob("*.rs")))
    names = set()
    tables = set()
    for path in sorted((ROOT / "games").glob("*.toml")):
        game = tomllib.loads(path.read_text())
        toml_keys(game, names)
        tables |= {k for k, v in game.items() if isinstance(v, dict)}
    symbols = {"==", "!=", "<=", ">=", "{", "}", "(", ")", "[", "]", '"""', " = ", "\n", "#", ":"}
    numbers = {"0", "-1", "255", "256", "65535", "2147483647", "-2147483648", "9223372036854775807"}
    headers = {f"[{t}]" for t in tables} | {f"[{t}." for t in tables}
    write_dict("game_text", language | names | symbols | numbers | headers | {"rules", "extends"})

    position = struct_fields(src / "engine" / "position.rs", "PositionFile")
    values = {"roll", "doublet", "transferred", "returned", "*", "*2", "*15", "*128", "*255", "255",
              "-1", "9223372036854775807", " wins", "draw", "none"}
    write_dict("position_text", position | names | values | {"[pieces]", "[counters]", "[pinned]",
                                                              ":", ",", "-", "/", "K", "W", "B", "."})

    case = struct_fields(src / "cases.rs", "CaseFile") | struct_fields(src / "cases.rs", "Expect")
    sections = {"[position]", "[position.pieces]", "[position.counters]", "[expect]", "[options]"}
    write_dict("case_text", case | position | names | values | sections | {"pass", "roll:"})

    write_dict("token_sequence", {"pass", "roll:", "reveal:", "bar/", "/off", "*", "-", "x", "/",
                                  "\n", "0\n", "1\n"})

    write_dict("record_text", {"game", "date", "seed", "result", "tokens", "options", "players",
                               "first", "match", "[[games]]", "[options]", "[players]", "'''",
                               '"tokens":"', '"result":', '"winner":', '"score":', '"draw"',
                               '"cut"', "{", "}", "[", "]", ",", "\n", "roll:", "reveal:"})

    write_dict("player_spec", {"human", "random", "mcts", "solver", ":", ",", "=", "iterations",
                               "time", "threads", "c", "playout_limit", "estimate", "scores",
                               "seed", "true", "false", "s", "ms", "e-", "0."})


def example_records():
    """The records shown in docs/FORMAT.md's "Game records": its toml and json blocks."""
    text = (ROOT / "docs" / "FORMAT.md").read_text()
    section = text[text.index("### Game records"):text.index("### Rule cases")]
    return re.findall(r"```(?:toml|json)\n(.*?)```", section, re.S)


def player_specs():
    """The players the README and the tests name (`mcts:iterations=500,threads=2`, ...)."""
    found = {"human", "random", "mcts", "solver"}
    paths = [ROOT / "README.md"] + sorted((ROOT / "tests").glob("*.rs"))
    for path in paths:
        found |= set(re.findall(r"\b(?:mcts|solver):[A-Za-z0-9_=.,]+[A-Za-z0-9]", path.read_text()))
    return sorted(found)


def main():
    dictionaries()
    for target in TARGETS:
        folder = FUZZ / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("seed-*"):
            old.unlink()

    game_files = sorted((ROOT / "games").glob("*.toml"))
    for folder in ["bad_games", "warning_games", "variant_games", "games", "verify"]:
        game_files += sorted((ROOT / "tests" / folder).glob("*.toml"))
    for path in game_files:
        write("game_text", f"{path.parent.name}-{path.name}", path.read_bytes())

    for index, game in enumerate(game_ids()):
        prefix = bytes([index])
        for path in sorted((ROOT / "tests" / "positions" / game).glob("*.toml")):
            write("position_text", f"{game}-{path.name}", prefix + path.read_bytes())
        for path in sorted((ROOT / "games" / game / "cases").glob("*.toml")):
            text = path.read_bytes()
            write("case_text", f"{game}-{path.name}", prefix + text)
            case = tomllib.loads(text.decode())
            section = position_section(text.decode())
            if section is not None:
                write("position_text", f"{game}-case-{path.name}", prefix + section.encode())
            if case.get("tokens") and "position" not in case:
                lines = "\n".join(case["tokens"]) + "\n"
                write("token_sequence", f"{game}-{path.stem}", prefix + lines.encode())
        # Lines of the game's notation (a FEN), the quoted positions of its perft files.
        fens = []
        for path in sorted((ROOT / "tests" / "perft").glob("**/*.txt")):
            for line in path.read_text().splitlines():
                if line.startswith(f"{game} \""):
                    fens.append(line.split('"')[1])
        for i, fen in enumerate(dict.fromkeys(fens)):
            write("position_text", f"{game}-fen-{i}", prefix + fen.encode())
        write("token_sequence", f"{game}-first", prefix + b"0\n" * 40)
        write("token_sequence", f"{game}-counting",
              prefix + "".join(f"{i}\n" for i in range(60)).encode())



    for i, spec in enumerate(player_specs()):
        write("player_spec", f"{i}", spec.encode())
    for i, record in enumerate(example_records()):
        write("record_text", f"{i}", record.encode())


if __name__ == "__main__":
    main()
