//! Blue and Gray: one snapshot per rule sentence of document 000 (RU Wikipedia; document 001, the
//! Hungarian text of the same article, is quoted beside each one in the test's doc comment) and per
//! test situation and ruling of `docs/rulings/blue-and-gray.md` (1.6, 1.8.1-1.8.10, 1.9), plus the options.
//!
//! Each test loads a tiny position from `tests/positions/blue-and-gray/<name>.toml` and snapshots a
//! text made of: a one-line note of what is pinned, the diagram (the marked centre e5 is drawn `+`
//! when empty, an overlay of this file), the side to move with the ply, the deadlock counter and
//! both captains' path indices, then the outcome or the sorted legal tokens; tests about a move also
//! show the position after it. Where the ruling names a move as legal or illegal the test asserts it
//! too, so a wrong snapshot cannot be accepted by accident.
//!
//! The captain paths are the ruling's reconstruction (1.1, GUESS). Tests that depend on which
//! points they run through say "(path-dependent)"; the snapshots show path indices, not only squares.

use rand::RngExt;
use std::path::Path;
use tabula::engine::movegen::Outcome;
use tabula::engine::playout::seeded_rng;
use tabula::{Catalog, Game, State};

const GAME: &str = "blue-and-gray";
const BLUE: u8 = 0;
const GRAY: u8 = 1;

/// A snapshot text being built for one position.
struct Case {
    game: Game,
    state: State,
    out: String,
}

fn load(game: &str, options: &[(&str, &str)]) -> Game {
    let overrides: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Catalog::default()
        .load(game, &overrides)
        .unwrap_or_else(|e| panic!("{game} does not load: {e:?}"))
        .0
}

fn read(game: &Game, name: &str) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions/blue-and-gray")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = tabula::span::Sources::default();
    game.read_position(&mut sources, &path.display().to_string(), &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

impl Case {
    /// Loads `tests/positions/blue-and-gray/<name>.toml` under the default options.
    fn new(name: &str, pinned: &str) -> Case {
        Case::open(GAME, name, pinned, &[], true)
    }

    fn with_options(name: &str, pinned: &str, options: &[(&str, &str)]) -> Case {
        Case::open(GAME, name, pinned, options, true)
    }

    /// Loads a position of `game` under option overrides; `list_moves` false shows only how many
    /// moves there are.
    fn open(
        game: &str,
        name: &str,
        pinned: &str,
        options: &[(&str, &str)],
        list_moves: bool,
    ) -> Case {
        let game = load(game, options);
        let state = read(&game, name);
        Case::from_state(game, state, pinned, options, list_moves)
    }

    /// The game's own initial position under option overrides.
    fn initial(pinned: &str, options: &[(&str, &str)], list_moves: bool) -> Case {
        let game = load(GAME, options);
        let state = game.initial;
        Case::from_state(game, state, pinned, options, list_moves)
    }

    fn from_state(
        game: Game,
        state: State,
        pinned: &str,
        options: &[(&str, &str)],
        list_moves: bool,
    ) -> Case {
        let mut out = format!("# {pinned}\n");
        if !options.is_empty() {
            let shown: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            out.push_str(&format!("options: {}\n", shown.join(" ")));
        }
        out.push_str(&diagram(&game, &state));
        out.push_str(&status(&game, &state, &[], list_moves));
        Case { game, state, out }
    }

    fn tokens(&self) -> Vec<String> {
        self.game.legal_tokens(&self.state)
    }

    /// Asserts that each token is legal here, and records it.
    fn legal(mut self, tokens: &[&str]) -> Case {
        assert_tokens(&self.tokens(), tokens, true);
        self.out
            .push_str(&format!("legal as ruled: {}\n", tokens.join(" ")));
        self
    }

    /// Asserts that no token is legal here, and records it.
    fn illegal(mut self, tokens: &[&str]) -> Case {
        assert_tokens(&self.tokens(), tokens, false);
        self.out
            .push_str(&format!("illegal as ruled: {}\n", tokens.join(" ")));
        self
    }

    /// Asserts that the legal tokens picked by `keep` are exactly `expected`, and records them.
    fn exactly(mut self, label: &str, keep: impl Fn(&str) -> bool, expected: &[&str]) -> Case {
        let got: Vec<String> = self.tokens().into_iter().filter(|t| keep(t)).collect();
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{label}");
        let shown = if got.is_empty() {
            "(none)".to_string()
        } else {
            got.join(" ")
        };
        self.out.push_str(&format!("{label}: {shown}\n"));
        self
    }

    /// Asserts that the legal tokens are exactly `expected`.
    fn all(self, expected: &[&str]) -> Case {
        self.exactly("all legal tokens", |_| true, expected)
    }

    /// Plays tokens from the loaded position (not from an earlier `after`), keeping the history of
    /// the positions played through, and returns the position reached with that history.
    fn play(&self, tokens: &str) -> (State, Vec<u64>) {
        let mut state = self.state;
        let mut history = Vec::new();
        self.game
            .play_tokens_with_history(&mut state, &mut history, tokens)
            .unwrap_or_else(|e| panic!("{e}"));
        (state, history)
    }

    /// Plays tokens from the loaded position and shows the result.
    fn after(self, tokens: &str, list_moves: bool) -> Case {
        self.after_checked(tokens, list_moves, &[], &[])
    }

    /// [`Case::after`], asserting that `legal` are legal and `illegal` are not in the position reached.
    fn after_checked(
        mut self,
        tokens: &str,
        list_moves: bool,
        legal: &[&str],
        illegal: &[&str],
    ) -> Case {
        let (state, history) = self.play(tokens);
        let reached = self.game.legal_tokens_with_history(&state, &history);
        assert_tokens(&reached, legal, true);
        assert_tokens(&reached, illegal, false);
        self.out.push_str(&format!("\nafter `{tokens}`:\n"));
        self.out.push_str(&diagram(&self.game, &state));
        self.out
            .push_str(&status(&self.game, &state, &history, list_moves));
        if !legal.is_empty() {
            self.out
                .push_str(&format!("legal as ruled: {}\n", legal.join(" ")));
        }
        if !illegal.is_empty() {
            self.out
                .push_str(&format!("illegal as ruled: {}\n", illegal.join(" ")));
        }
        self
    }

    /// Asserts the outcome of the loaded position.
    fn outcome_is(self, expected: Option<Outcome>) -> Case {
        assert_eq!(self.game.outcome(&self.state), expected);
        self
    }

    /// Asserts the outcome after `tokens`, played with their history.
    fn outcome_after(self, tokens: &str, expected: Option<Outcome>) -> Case {
        let (state, history) = self.play(tokens);
        assert_eq!(
            self.game.outcome_with_history(&state, &history),
            expected,
            "after `{tokens}`"
        );
        self
    }

    fn note(mut self, text: &str) -> Case {
        self.out.push_str(text);
        self.out.push('\n');
        self
    }

    fn finish(self) -> String {
        self.out
    }
}

fn assert_tokens(legal: &[String], tokens: &[&str], want_legal: bool) {
    for t in tokens {
        let is_legal = legal.iter().any(|l| l == t);
        if want_legal {
            assert!(is_legal, "`{t}` must be legal; legal: {}", legal.join(" "));
        } else {
            assert!(!is_legal, "`{t}` must be illegal");
        }
    }
}

/// The engine's diagram: the empty centre drawn `+` and the captains' paths `:` (`[show]`).
fn diagram(game: &Game, state: &State) -> String {
    game.diagram(state)
}

/// A player's captain: its cell and its index on the player's path.
fn captain(game: &Game, state: &State, player: u8) -> String {
    let path = &game.paths[0].cells[player as usize];
    let kind = game
        .pieces
        .iter()
        .position(|k| k.name == "captain")
        .expect("captain") as u8;
    match (0..game.board.cells as u16).find(|&c| state.piece(c) == Some((player, kind))) {
        Some(cell) => match path.iter().position(|&p| p == cell) {
            Some(i) => format!("{} (index {i})", game.board.cell_name(cell)),
            None => format!("{} (off its path)", game.board.cell_name(cell)),
        },
        None => "none".to_string(),
    }
}

/// The side to move with the ply, the deadlock counter and the captains, then the outcome, or the
/// legal tokens (or only their number).
fn status(game: &Game, state: &State, history: &[u64], list_moves: bool) -> String {
    let mut out = format!(
        "{} to move, ply {}, stuck_plies {}; captains: blue {}, gray {}\n",
        game.players[state.to_move as usize],
        state.ply,
        state.counters[0],
        captain(game, state, BLUE),
        captain(game, state, GRAY),
    );
    if let Some(outcome) = game.outcome_with_history(state, history) {
        assert!(game.legal_tokens_with_history(state, history).is_empty());
        out.push_str(&format!("outcome: {}\n", game.describe_outcome(outcome)));
        return out;
    }
    let tokens = game.legal_tokens_with_history(state, history);
    if !list_moves {
        out.push_str(&format!("no outcome; {} legal tokens\n", tokens.len()));
        return out;
    }
    out.push_str(&format!("no outcome; {} legal tokens:\n", tokens.len()));
    let mut line = String::new();
    for t in &tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 96 {
            out.push_str(&format!("  {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    if !line.is_empty() {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// Tokens of a move that starts on `cell`.
fn from(cell: &'static str) -> impl Fn(&str) -> bool {
    move |t: &str| {
        t.strip_prefix(cell)
            .is_some_and(|rest| rest.starts_with(['-', 'x']))
    }
}

fn captures(t: &str) -> bool {
    t.contains('x')
}

const BLUE_WINS: Option<Outcome> = Some(Outcome::Win(BLUE, 1));
const GRAY_WINS: Option<Outcome> = Some(Outcome::Win(GRAY, 1));
const DRAW: Option<Outcome> = Some(Outcome::Draw);

// ---------------------------------------------------------------------------------------------
// Board and set-up (000 «Комплект»; ruling 1.1, 1.2, 1.8.1)

/// 000 «Игра ведется на доске с сеткой 9 × 9 с 80 точками пересечения.» (001 «A játékot egy
/// 9×9-es rácstáblán játsszuk, 80 metszésponttal.») Ruling 1.1/1.7.1: 9 × 9 = 81 points, the
/// marked centre e5 open to captains only, so 80 points are open to guards. Corner a1 and far corner
/// i9 have 3 neighbours each; e4 has 7 steps, not the 8th onto e5.
#[test]
fn doc_000_board_is_9_by_9_points_with_a_marked_centre() {
    let case = Case::new(
        "board",
        "000 «доска с сеткой 9 × 9 с 80 точками пересечения» / ruling 1.1: 81 points, e5 the marked centre (captains only)",
    );
    let board = &case.game.board;
    assert_eq!((board.files, board.ranks, board.cells), (9, 9, 81));
    let centre = case
        .game
        .regions
        .iter()
        .find(|r| r.name == "centre")
        .expect("region centre");
    let cells = &case.game.region_sets[centre.first_set as usize];
    let e5 = board.parse_cell("e5").expect("e5");
    assert!(cells.contains(e5) && cells.len() == 1, "centre = {{e5}}");
    let case = case
        .exactly("a1 (corner)", from("a1"), &["a1-a2", "a1-b1", "a1-b2"])
        .exactly("i9 (far corner)", from("i9"), &["i9-h8", "i9-h9", "i9-i8"])
        .exactly(
            "e4 (next to the centre)",
            from("e4"),
            &[
                "e4-d3", "e4-d4", "e4-d5", "e4-e3", "e4-f3", "e4-f4", "e4-f5",
            ],
        )
        .note("board: 9 files a-i x 9 ranks 1-9 = 81 points; region centre = {e5}");
    insta::assert_snapshot!(case.finish());
}

/// 000 «Доска отмечена сеткой путей, по которым капитан каждого игрока может продвигаться к центру
/// доски.» (001 «A tábla egy ösvényrácstal van megjelölve, amelyen minden játékos kapitánya
/// előrehaladhat a tábla közepe felé.») Ruling 1.1 (GUESS, path-dependent): each path has 17 steps
/// from the centre of the first rank to e5, every step to a neighbouring point, and the two share
/// only e5; Gray's path is Blue's turned 180°.
#[test]
fn ruling_1_1_captain_paths_17_steps_to_the_centre() {
    let game = load(GAME, &[]);
    let path = &game.paths[0];
    assert_eq!(path.name, "captain");
    let names = |p: u8| -> Vec<String> {
        path.cells[p as usize]
            .iter()
            .map(|&c| game.board.cell_name(c))
            .collect()
    };
    let (blue, gray) = (names(BLUE), names(GRAY));
    assert_eq!(
        blue.join(" "),
        "e1 e2 d3 c3 b3 b4 b5 b6 c7 d7 e7 d6 c6 c5 c4 d4 d5 e5",
        "ruling 1.1 table"
    );
    assert_eq!(
        gray.join(" "),
        "e9 e8 f7 g7 h7 h6 h5 h4 g3 f3 e3 f4 g4 g5 g6 f6 f5 e5",
        "ruling 1.1 table"
    );
    let xy = |name: &str| {
        let c = game.board.parse_cell(name).expect("cell");
        ((c % 9) as i32, (c / 9) as i32)
    };
    for cells in [&blue, &gray] {
        for pair in cells.windows(2) {
            let ((x0, y0), (x1, y1)) = (xy(&pair[0]), xy(&pair[1]));
            assert_eq!((x1 - x0).abs().max((y1 - y0).abs()), 1, "{pair:?}");
        }
        let turned: Vec<String> = cells
            .iter()
            .map(|c| {
                let (x, y) = xy(c);
                format!("{}{}", (b'a' + (8 - x) as u8) as char, 9 - y)
            })
            .collect();
        assert_eq!(&turned, if cells == &blue { &gray } else { &blue });
    }
    let shared: Vec<&String> = blue.iter().filter(|c| gray.contains(c)).collect();
    assert_eq!(shared, vec!["e5"]);
    let rows: Vec<String> = (0..18)
        .map(|i| format!("{i:>2}  {}  {}", blue[i], gray[i]))
        .collect();
    insta::assert_snapshot!(format!(
        "# ruling 1.1 (GUESS): the captain paths; every step to a neighbour, shared point e5 only\nidx blue gray\n{}\n",
        rows.join("\n")
    ));
}

/// 000 «У каждого игрока по 18 фигур: 1 капитан и 17 солдат.» (001 «Minden játékosnak 18 darabja
/// van: 1 kapitány és 17 katona.») and «Фигуры расставляются на первых двух рядах стороны каждого
/// игрока, и капитан размещается в центре первой шеренги.» (001 «A figurák minden játékos
/// oldalának első két sorába kerülnek, a kapitány pedig az első rang közepére kerül.») Ruling 1.2.
#[test]
fn doc_000_setup_18_pieces_each_captain_in_the_centre_of_the_first_rank() {
    let case = Case::open(
        GAME,
        "start",
        "000 «по 18 фигур: 1 капитан и 17 солдат», «на первых двух рядах ..., капитан ... в центре первой шеренги»",
        &[],
        false,
    );
    assert_eq!(
        case.state, case.game.initial,
        "the game's setup must equal tests/positions/blue-and-gray/start.toml"
    );
    let count = |p: u8, kind: u8| {
        (0..81)
            .filter(|&c| case.state.piece(c) == Some((p, kind)))
            .count()
    };
    // Kinds in file order: captain 0, guard 1.
    assert_eq!((count(BLUE, 0), count(BLUE, 1)), (1, 17));
    assert_eq!((count(GRAY, 0), count(GRAY, 1)), (1, 17));
    let e1 = case.game.board.parse_cell("e1").expect("e1");
    let e9 = case.game.board.parse_cell("e9").expect("e9");
    assert_eq!(case.state.piece(e1), Some((BLUE, 0)));
    assert_eq!(case.state.piece(e9), Some((GRAY, 0)));
    let case = case
        .note("setup equals game.initial; each side 1 captain + 17 guards on its first two ranks");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.1: from the start, Blue has exactly 25 moves: the nine rank-2 guards step to rank 3
/// (a2 and i2: 2 each, b2-h2: 3 each); no captain move (e2 is taken), no rank-1 guard moves. 000 set-up
/// sentence, «Если эту точку занимает другая фигура, капитан не может двигаться» (001 «Ha ezt a
/// pontot egy másik bábu foglalja el, a kapitány nem tud mozogni») and «ортогонально или по
/// диагонали на один шаг» (001 «merőlegesen vagy átlósan mozognak egy lépést»). With the option
/// `guard_step=marked_lines` the count changes (see `option_guard_step_marked_lines_opening`).
#[test]
fn ruling_1_8_1_initial_position_25_moves() {
    let case = Case::new(
        "start",
        "ruling 1.8.1: 25 moves = a2, i2 two each + b2-h2 three each, all to rank 3; no captain move, no rank-1 guard",
    );
    let tokens = case.tokens();
    assert_eq!(tokens.len(), 25);
    assert!(tokens.iter().all(|t| &t[1..2] == "2" && t.ends_with('3')));
    for file in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
        let n = tokens.iter().filter(|t| t.starts_with(file)).count();
        assert_eq!(n, if file == "a" || file == "i" { 2 } else { 3 }, "{file}2");
    }
    let case = case.illegal(&["e1-e2"]);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Turns (000 «Правила»; ruling 1.2, 1.3)

/// 000 «За ход можно передвигать только одну фигуру (капитана или солдата), ходы игроков
/// чередуются.» (001 «Egy körben csak egy bábu (kapitány vagy katona) mozgatható, a játékosok
/// lépései váltakoznak.») Blue's e2-e3 moves one guard, then Gray has its 25 moves, then Blue again;
/// a captain step (e1-e2) is a turn of its own.
#[test]
fn doc_000_one_piece_per_turn_players_alternate() {
    let case = Case::new(
        "start",
        "000 «За ход можно передвигать только одну фигуру ..., ходы игроков чередуются»",
    )
    .after_checked("e2-e3", true, &["e8-e7"], &["e2-e3"])
    .after_checked("e2-e3 e8-e7", false, &["e1-e2", "e3-e4"], &["e8-e7"])
    .after_checked("e2-e3 e8-e7 e1-e2", false, &["e9-e8"], &[]);
    let (state, _) = case.play("e2-e3");
    let changed = (0..81)
        .filter(|&c| state.cell(c) != case.state.cell(c))
        .count();
    assert_eq!(
        changed, 2,
        "one piece moved: its start and end point changed"
    );
    insta::assert_snapshot!(case.finish());
}

/// 000 «Игроки решают жеребьёвкой, какой цвет и кто ходит первым.» (001 «A játékosok sorsolással
/// döntik el, melyik szín és ki megy először.») Ruling 1.2: option `first_player`, Blue by default
/// (GUESS); with `first_player=gray` Gray makes the first of the 25 opening moves.
#[test]
fn ruling_1_2_first_player_option_gray() {
    let blue = Case::initial("ruling 1.2: by default Blue moves first", &[], false);
    assert_eq!(blue.state.to_move, BLUE);
    let gray = Case::initial(
        "ruling 1.2 / 000 «решают жеребьёвкой ... кто ходит первым»: with first_player=gray, Gray moves first",
        &[("first_player", "gray")],
        true,
    );
    assert_eq!(gray.state.to_move, GRAY);
    let tokens = gray.tokens();
    assert_eq!(tokens.len(), 25);
    assert!(tokens.iter().all(|t| &t[1..2] == "8" && t.ends_with('7')));
    let gray = gray.after_checked("e8-e7", false, &["e2-e3"], &[]);
    insta::assert_snapshot!(format!("{}\n{}", blue.finish(), gray.finish()));
}

// ---------------------------------------------------------------------------------------------
// The captain (000 captain sentences; ruling 1.4, 1.8.2, 1.8.8)

/// 000 «Капитан может продвинуться на один шаг по отмеченной сетке до соседней пустой точки.»
/// (001 «A kapitány léphet egy lépést a megjelölt rácson a szomszédos üres helyre.») BC e2, index
/// 1, with every neighbour empty has the one step e2-d3 to index 2, a diagonal segment of the path
/// (path-dependent), then d3-c3.
#[test]
fn doc_000_captain_steps_one_point_along_its_marked_path() {
    let case = Case::new(
        "captain_step",
        "000 «Капитан может продвинуться на один шаг по отмеченной сетке до соседней пустой точки»: e2 (index 1) -> d3 (index 2)",
    )
    .exactly("captain e2", from("e2"), &["e2-d3"])
    .after_checked("e2-d3 a9-a8", true, &["d3-c3"], &["d3-c4", "d3-d4"]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Если эту точку занимает другая фигура, капитан не может двигаться, пока точка не будет
/// освобождена.» (001 «Ha ezt a pontot egy másik bábu foglalja el, a kapitány nem tud mozogni,
/// amíg a pont ki nem ürül.») BC c3 (index 3) with a Gray guard on b3 (index 4): no captain move;
/// once the guard steps away, c3-b3 is legal.
#[test]
fn doc_000_blocked_captain_waits_until_the_point_is_freed() {
    let case = Case::new(
        "enemy_blocks",
        "000 «Если эту точку занимает другая фигура, капитан не может двигаться, пока точка не будет освобождена»: G on b3 holds BC c3",
    )
    .exactly("captain c3", from("c3"), &[])
    .after_checked("h1-h2 b3-a3", true, &["c3-b3"], &[]);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.2 (000 «Если эту точку занимает другая фигура…», 001 «Ha ezt a pontot egy másik
/// bábu foglalja el…»): BC e1 behind its own guard e2 has no move; after e2-e3, or a diagonal e2-d3
/// or e2-f3, the captain may step e1-e2 (index 0 -> 1).
#[test]
fn ruling_1_8_2_captain_blocked_by_own_guard_then_free() {
    let case = Case::new(
        "own_guard_blocks",
        "ruling 1.8.2: BC e1 behind its own guard e2: no captain move; once e2 is empty, e1-e2",
    )
    .exactly("captain e1", from("e1"), &[])
    .after_checked("e2-e3 a9-a8", true, &["e1-e2"], &[])
    .after_checked("e2-d3 a9-a8", false, &["e1-e2"], &[])
    .after_checked("e2-f3 a9-a8", false, &["e1-e2"], &[]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Капитан не может покинуть свой путь и может двигаться только вперёд по своей сетке к
/// центру доски.» (001 «A kapitány nem hagyhatja el az útját, és csak előrehaladhat a rácsán a
/// tábla közepe felé.») BC c3 (index 3) alone with all neighbours empty: only c3-b3 (index 4), not
/// back to d3 (index 2), not to c4 or d4 (indices 14, 15), not off the path. BC d4 (index 15) next
/// to the empty centre steps to d5 (index 16), not to e5 (index 17). (Path-dependent.)
#[test]
fn doc_000_captain_never_leaves_its_path_and_only_moves_forward() {
    let c3 = Case::new(
        "path_only_forward",
        "000 «Капитан не может покинуть свой путь и может двигаться только вперёд»: c3 (3) -> b3 (4) only",
    )
    .all(&["c3-b3"])
    .illegal(&["c3-d3", "c3-c4", "c3-d4", "c3-b4", "c3-c2"]);
    let d4 = Case::new(
        "path_no_shortcut",
        "the same: d4 (15) -> d5 (16) only; the centre e5 (17) is two steps on",
    )
    .all(&["d4-d5"])
    .illegal(&["d4-e5"]);
    insta::assert_snapshot!(format!("{}\n{}", c3.finish(), d4.finish()));
}

/// 000 «Капитан не может захватить, и его нельзя захватить.» (001 «A kapitány nem tud elfogni és
/// nem is fogható.») BC b3 (index 4) faces a Gray guard on b4 (index 5) with b5 empty: the captain
/// has no move (no capture); then the Gray guard on b4, next to BC with b2 empty beyond, has no
/// jump over it.
#[test]
fn doc_000_captain_cannot_capture_and_cannot_be_captured() {
    let case = Case::new(
        "captain_no_capture",
        "000 «Капитан не может захватить, и его нельзя захватить»: BC b3 cannot take G b4; G b4 cannot take BC b3",
    )
    .exactly("captain b3", from("b3"), &[])
    .exactly("captures", captures, &[])
    .after_checked("h1-h2", true, &["b4-a3"], &["b4xb2"]);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.8 (000 «его нельзя захватить», 001 «nem is fogható»): BC e2 with Gray guards on e3 (e1
/// empty beyond) and f2 (d2 empty beyond): Gray has no jump; its guards just step.
#[test]
fn ruling_1_8_8_captain_cannot_be_captured() {
    let case = Case::new(
        "captain_not_captured",
        "ruling 1.8.8: G e3 and G f2 next to BC e2 with e1, d2 empty beyond: no Gray jump over the captain",
    )
    .exactly("captures", captures, &[])
    .illegal(&["e3xe1", "f2xd2"]);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Guards: steps and captures (000 soldier sentences; ruling 1.5, 1.8.3-1.8.7)

/// 000 «Солдаты перемещаются в любом направлении ортогонально или по диагонали на один шаг по
/// любой линии сетки к соседней пустой точке.» (001 «A katonák tetszőleges irányban merőlegesen
/// vagy átlósan mozognak egy lépést bármelyik rácsvonal mentén egy szomszédos üres pontig.») B d3
/// steps to all 8 neighbours; B h2 only to its empty ones (not onto its own h3, not onto G g1 or G i1).
#[test]
fn doc_000_soldiers_step_one_point_in_any_of_8_directions() {
    let case = Case::new(
        "guard_step",
        "000 «Солдаты перемещаются в любом направлении ортогонально или по диагонали на один шаг ... к соседней пустой точке»",
    )
    .exactly(
        "d3 (8 directions)",
        from("d3"),
        &["d3-c2", "d3-c3", "d3-c4", "d3-d2", "d3-d4", "d3-e2", "d3-e3", "d3-e4"],
    )
    .exactly(
        "h2 (to empty points only)",
        from("h2"),
        &["h2-g2", "h2-g3", "h2-h1", "h2-i2", "h2-i3"],
    )
    .exactly("captures", captures, &[]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Солдаты могут захватывать как в шашках, перепрыгивая через соседнего вражеского охранника и
/// приземляясь на пустую точку сразу за ним, по прямой.» (001 «A katonák úgy kaphatnak el, mint a
/// dámajátékban, ha átugranak egy szomszédos ellenséges őrt, és egy üres helyen landolnak
/// közvetlenül mögötte, egyenes vonalban.») b2 over b3 to b4 (orthogonal) and f3 over g4 to h5
/// (diagonal); d2 is not next to G d4; h7 cannot jump G h8 because h9 is taken. The jumped guard
/// leaves the board.
#[test]
fn doc_000_soldiers_capture_as_in_draughts() {
    let case = Case::new(
        "draughts_capture",
        "000 «захватывать как в шашках, перепрыгивая через соседнего вражеского охранника и приземляясь на пустую точку сразу за ним, по прямой»",
    )
    .all(&["b2xb4", "f3xh5"])
    .illegal(&["d2xd5", "h7xh9"])
    .after("f3xh5", false);
    let (state, _) = case.play("f3xh5");
    let g4 = case.game.board.parse_cell("g4").expect("g4");
    assert_eq!(state.piece(g4), None, "the jumped guard is removed");
    insta::assert_snapshot!(case.finish());
}

/// 000 «Солдаты не могут прыгнуть через капитана.» (001 «A katonák nem ugorhatják át a
/// kapitányt.») b1 jumps G c2 to d3; the enemy captain on e3 (Gray index 10) with f3 empty beyond
/// cannot be jumped, so the sequence ends on d3.
#[test]
fn doc_000_soldiers_cannot_jump_a_captain() {
    let case = Case::new(
        "chain_stops_at_captain",
        "000 «Солдаты не могут прыгнуть через капитана»: b1xd3 ends next to GC e3 (f3 empty beyond)",
    )
    .all(&["b1xd3"])
    .illegal(&["b1xd3xf3"]);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.6 (000 «Солдаты не могут прыгнуть через капитана», 001 «A katonák nem ugorhatják át
/// a kapitányt»): B d3 next to GC e3 (Gray index 10) with f3 empty: d3xf3 is illegal; B d1 next to
/// its own captain e1 with f1 empty: d1xf1 is illegal too. No jump at all, so steps are legal.
#[test]
fn ruling_1_8_6_no_jumping_a_captain_own_or_enemy() {
    let case = Case::new(
        "no_jump_captain",
        "ruling 1.8.6: d3xe3->f3 (enemy captain) and d1xe1->f1 (own captain) are illegal",
    )
    .illegal(&["d3xf3", "d1xf1"])
    .exactly("captures", captures, &[])
    .legal(&["d3-d4", "e1-e2"]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Прыжки обязательны, включая несколько последовательных прыжков, если это возможно.» (001
/// «Az ugrások kötelezőek, beleértve, ha lehetséges, több egymást követő ugrást.») b2 can jump b3
/// and then b5: the only legal move is the whole sequence b2xb4xb6; stopping on b4, the captain step
/// e2-d3 and the step h1-h2 are illegal.
#[test]
fn doc_000_jumps_are_compulsory_including_several_in_a_row() {
    let case = Case::new(
        "compulsory_chain",
        "000 «Прыжки обязательны, включая несколько последовательных прыжков, если это возможно»",
    )
    .all(&["b2xb4xb6"])
    .illegal(&["b2xb4", "e2-d3", "h1-h2"]);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.3 (000 «Прыжки обязательны», 001 «Az ugrások kötelezőek»; ruling 1.7.4): BC e2
/// (index 1) with d3 empty, B d4 next to G d5 with d6 empty: the only legal move is d4xd6; the
/// captain step e2-d3 is illegal. (Path-dependent only through d3.)
#[test]
fn ruling_1_8_3_compulsory_jump_beats_captain_advance() {
    let case = Case::new(
        "jump_beats_captain",
        "ruling 1.8.3: BC e2 (index 1, d3 empty), B d4, G d5, d6 empty: only d4xd5->d6; e2-d3 illegal",
    )
    .all(&["d4xd6"])
    .illegal(&["e2-d3"]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Мультипрыжок может состоять из прыжков в разные стороны.» (001 «A többszörös ugrás
/// különböző irányú ugrásokból állhat.») b1 jumps NE over c2, N over d4, NW over c6: b1xd3xd5xb7.
#[test]
fn doc_000_multi_jump_may_change_direction() {
    let case = Case::new(
        "three_directions",
        "000 «Мультипрыжок может состоять из прыжков в разные стороны»: NE, N, NW",
    )
    .all(&["b1xd3xd5xb7"])
    .illegal(&["b1xd3", "b1xd3xd5"])
    .after("b1xd3xd5xb7", false);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.4 (000 «Мультипрыжок может состоять из прыжков в разные стороны», 001 «A többszörös
/// ugrás különböző irányú ugrásokból állhat»; «включая несколько последовательных прыжков», 001 «több
/// egymást követő ugrást»): B c3; G c4, d6; c5, e7 empty: c3xc5xe7 (orthogonal, then diagonal) is the
/// only legal move; stopping at c5 is illegal.
#[test]
fn ruling_1_8_4_multi_jump_with_change_of_direction_must_be_completed() {
    let case = Case::new(
        "change_direction",
        "ruling 1.8.4: c3xc4->c5xd6->e7 only; stopping at c5 is illegal",
    )
    .all(&["c3xc5xe7"])
    .illegal(&["c3xc5"]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Если прыгать может более одного солдата, игрок может выбрать такового.» (001 «Ha egynél
/// több katona tud ugrani, a játékos választhat egyet.») c2, d2 and e2 can each jump G d3: all three
/// jumps are legal.
#[test]
fn doc_000_player_chooses_between_soldiers_that_can_jump() {
    let case = Case::new(
        "three_jumpers",
        "000 «Если прыгать может более одного солдата, игрок может выбрать такового»: c2, d2, e2 over d3",
    )
    .all(&["c2xe4", "d2xd4", "e2xc4"]);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.5 (000 «Если прыгать может более одного солдата, игрок может выбрать такового», 001
/// «Ha egynél több katona tud ugrani, a játékos választhat egyet»; ruling 1.7.5, no rule to take the
/// most): a3xa5 (1 capture) and g3xg5xg7 (2 captures) are both legal.
#[test]
fn ruling_1_8_5_free_choice_between_jumpers_no_maximum_rule() {
    let case = Case::new(
        "free_choice",
        "ruling 1.8.5: a3xa4->a5 (1 capture) and g3xg4->g5xg6->g7 (2 captures) are both legal",
    )
    .all(&["a3xa5", "g3xg5xg7"]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Солдаты не могут входить в отмеченный центр доски.» (001 «A katonák nem léphetnek be a
/// tábla megjelölt közepébe.») Eight Blue guards round the empty e5: none steps onto it. c1 jumps
/// G c2 to c3; the next jump, over G d4, would land on e5, so the sequence ends on c3.
#[test]
fn doc_000_soldiers_may_not_enter_the_centre() {
    let ring = Case::new(
        "centre_ring",
        "000 «Солдаты не могут входить в отмеченный центр доски»: no guard of the ring steps to e5",
    )
    .exactly("to e5", |t| t.ends_with("e5"), &[]);
    let chain = Case::new(
        "chain_stops_before_centre",
        "the same for a jump inside a sequence: c1xc3 ends there, c3xd4->e5 is not a jump",
    )
    .all(&["c1xc3"])
    .illegal(&["c1xc3xe5"]);
    insta::assert_snapshot!(format!("{}\n{}", ring.finish(), chain.finish()));
}

/// Ruling 1.8.7 (000 «Солдаты не могут входить в отмеченный центр доски», 001 «A katonák nem
/// léphetnek be a tábla megjelölt közepébe»): B d4 cannot step d4-e5; B c3 next to G d4 cannot jump
/// c3xd4->e5, and as it is the only candidate jump no jump is compulsory: steps and the captain
/// step are legal.
#[test]
fn ruling_1_8_7_centre_closed_to_guards() {
    let step = Case::new("centre_step", "ruling 1.8.7: d4-e5 is illegal")
        .illegal(&["d4-e5"])
        .exactly(
            "d4",
            from("d4"),
            &[
                "d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4",
            ],
        );
    let jump = Case::new(
        "centre_jump",
        "ruling 1.8.7: c3xd4->e5 is illegal; it was the only candidate, so no jump is compulsory",
    )
    .illegal(&["c3xe5"])
    .exactly("captures", captures, &[])
    .legal(&["c3-c4", "c3-b3", "e1-e2"]);
    insta::assert_snapshot!(format!("{}\n{}", step.finish(), jump.finish()));
}

// ---------------------------------------------------------------------------------------------
// Winning (000 «Победа»; ruling 1.6, 1.8.9, 1.8.10)

/// 000 «Победителем становится тот игрок, который первым продвинет своего капитана по отмеченной
/// сетке в специально обозначенный центр доски.» (001 «Az a játékos nyer, aki először előreviszi
/// kapitányát a kijelölt rács mentén a tábla speciálisan megjelölt közepére.») Gray's captain on f5
/// (Gray index 16) steps f5-e5 and Gray wins at once. (Path-dependent.)
#[test]
fn doc_000_first_captain_on_the_centre_wins() {
    let case = Case::new(
        "gray_wins",
        "000 «Победителем становится тот игрок, который первым продвинет своего капитана ... в ... центр»: f5-e5, Gray wins",
    )
    .legal(&["f5-e5"])
    .after("f5-e5", false)
    .outcome_after("f5-e5", GRAY_WINS);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.9 (000 «Победителем становится…», 001 «Az a játékos nyer…»): BC d5 (index 16), e5
/// empty, no Blue jump: d5-e5 is legal and after it Blue has won. (Path-dependent.)
#[test]
fn ruling_1_8_9_win_on_e5() {
    let case = Case::new(
        "blue_wins",
        "ruling 1.8.9: BC d5 (index 16): d5-e5 is legal and ends the game, Blue wins",
    )
    .legal(&["d5-e5"])
    .after("d5-e5", false)
    .outcome_after("d5-e5", BLUE_WINS);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Каждый игрок будет использовать свою охрану, чтобы попытаться заблокировать продвижение
/// вражеского капитана.» (001 «Minden játékos az őreit használja, hogy megakadályozza az ellenséges
/// kapitány előretörését.») Ruling 1.7.8: a guard may stand on the enemy path: Gray's a4-b3 puts a
/// guard on Blue's index 4, after which BC c3 (index 3) has no move.
#[test]
fn doc_000_guards_block_the_enemy_captain() {
    let case = Case::new(
        "guards_block",
        "000 «использовать свою охрану, чтобы попытаться заблокировать продвижение вражеского капитана»: a4-b3 holds BC c3",
    )
    .legal(&["a4-b3"])
    .after_checked("a4-b3", true, &[], &["c3-b3"]);
    insta::assert_snapshot!(case.finish());
}

/// 000 «Если оба капитана заблокированы и ни один из игроков не может выйти из тупика, побеждает
/// игрок, чей капитан продвинулся дальше всех.» (001 «Ha mindkét kapitány blokkolva van, és egyik
/// játékos sem tudja áttörni a holtpontot, az a játékos nyer, akinek a kapitánya a legmesszebb
/// jutott.») Ruling 1.6 makes "cannot break the deadlock" concrete (GUESS): both captains held by
/// an enemy piece after each of the last 40 plies (or a third repetition). BC d7 (index 9) is held
/// by G e7, GC h5 (index 6) by B h4: the counter reaches 40 with Blue's a1-a2 and Blue wins.
#[test]
fn doc_000_deadlock_the_captain_further_advanced_wins() {
    let case = Case::new(
        "deadlock_count",
        "000 «Если оба капитана заблокированы ..., побеждает игрок, чей капитан продвинулся дальше всех»: 9 > 6, Blue wins",
    )
    .outcome_is(None)
    .after("a1-a2", false)
    .outcome_after("a1-a2", BLUE_WINS);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.8.10 (000 deadlock sentence, 001 «… az a játékos nyer, akinek a kapitánya a
/// legmesszebb jutott»): BC at index 9 and GC at index 6, both held by enemy guards, the declaration
/// condition met (counter 40): Blue wins, whoever is to move. Equal indices (6 and 6): a draw (GUESS).
#[test]
fn ruling_1_8_10_deadlock_scoring() {
    let blue = Case::new(
        "deadlock_blue_ahead",
        "ruling 1.8.10: blue index 9, gray index 6, both stuck 40 plies, Blue to move: Blue wins",
    )
    .outcome_is(BLUE_WINS);
    let gray = Case::new(
        "deadlock_blue_ahead_gray_to_move",
        "the same with Gray to move: Blue wins",
    )
    .outcome_is(BLUE_WINS);
    let equal = Case::new(
        "deadlock_equal",
        "ruling 1.8.10 (GUESS): indices 6 and 6: a draw",
    )
    .outcome_is(DRAW);
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}",
        blue.finish(),
        gray.finish(),
        equal.finish()
    ));
}

// ---------------------------------------------------------------------------------------------
// Ending the game (ruling 1.6, 1.9)

/// Ruling 1.6 (b): the deadlock is declared once both captains have been stuck after each of the
/// last `deadlock_plies` = 40 plies. With the counter at 39, a ply that keeps both stuck declares
/// it; a ply that frees Gray's captain (h4-i3) resets the counter to 0 and the game goes on.
#[test]
fn ruling_1_6_deadlock_declared_after_40_stuck_plies() {
    let case = Case::new(
        "deadlock_count",
        "ruling 1.6 (b): counter 39 -> one more stuck ply declares the deadlock; freeing a captain resets it",
    )
    .after("a1-b1", false)
    .outcome_after("a1-b1", BLUE_WINS)
    .after("h4-i3", false)
    .outcome_after("h4-i3", None);
    let (state, _) = case.play("h4-i3");
    assert_eq!(state.counters[0], 0);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.6 (b) with the option `deadlock_plies`: the counter at 2 declares nothing under the
/// default 40; with deadlock_plies=3 one more stuck ply declares the deadlock, with 4 it does not
/// yet; with deadlock_plies=2 it is declared at once.
#[test]
fn option_deadlock_plies() {
    let default = Case::new(
        "deadlock_count_short",
        "ruling 1.6 (b): counter 2, default deadlock_plies = 40: no deadlock after one more ply",
    )
    .outcome_after("a1-a2", None)
    .after("a1-a2", false);
    let three = Case::with_options(
        "deadlock_count_short",
        "deadlock_plies = 3: the 3rd stuck ply declares it",
        &[("deadlock_plies", "3")],
    )
    .outcome_is(None)
    .outcome_after("a1-a2", BLUE_WINS)
    .after("a1-a2", false);
    let four = Case::with_options(
        "deadlock_count_short",
        "deadlock_plies = 4: not yet",
        &[("deadlock_plies", "4")],
    )
    .outcome_after("a1-a2", None)
    .after("a1-a2", false);
    let two = Case::with_options(
        "deadlock_count_short",
        "deadlock_plies = 2: declared at once",
        &[("deadlock_plies", "2")],
    )
    .outcome_is(BLUE_WINS);
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}\n{}",
        default.finish(),
        three.finish(),
        four.finish(),
        two.finish()
    ));
}

/// Ruling 1.6: a captain held up by its own guard is not stuck, so there is no deadlock even with
/// the counter at 40; the next ply resets the counter.
#[test]
fn ruling_1_6_captain_behind_own_guard_is_not_stuck() {
    let case = Case::new(
        "deadlock_own_guard",
        "ruling 1.6: BC d7 waits behind its own e7: not stuck, no deadlock even with counter 40",
    )
    .outcome_is(None)
    .after("a1-a2", false);
    let (state, _) = case.play("a1-a2");
    assert_eq!(state.counters[0], 0);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.6 (a): with both captains stuck, the third occurrence of a position (placement and
/// side to move) declares the deadlock: a1 and i9 shuffle twice; after the first round (second
/// occurrence) the game goes on, after the second Blue (index 9 against 6) wins. The history is
/// threaded with `play_tokens_with_history`; without it the same position is not over.
#[test]
fn ruling_1_6_deadlock_declared_on_third_repetition() {
    const ROUND: &str = "a1-a2 i9-i8 a2-a1 i8-i9";
    let twice = format!("{ROUND} {ROUND}");
    let case = Case::new(
        "deadlock_repetition",
        "ruling 1.6 (a): both stuck, the same position a 3rd time: deadlock, Blue (9) beats Gray (6)",
    )
    .after(ROUND, false)
    .outcome_after(ROUND, None)
    .after(&twice, false)
    .outcome_after(&twice, BLUE_WINS);
    let (state, history) = case.play(&twice);
    assert_eq!(history.len(), 8);
    assert_eq!(
        history.iter().filter(|&&k| k == state.key()).count(),
        2,
        "two earlier occurrences"
    );
    assert!(state.counters[0] < 40, "not the 40-ply count");
    assert_eq!(
        case.game.outcome(&state),
        None,
        "the history is what ends it"
    );
    let mut replay = case.state;
    let refused = case
        .game
        .play_tokens(&mut replay, &format!("{twice} a1-a2"))
        .expect_err("play_tokens keeps its own history: the game is over after 8 tokens");
    let case = case.note(&format!("one more token: {refused}"));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.6: the opening, where both captains wait behind their own guards, is no deadlock: a
/// third occurrence of the start position ends nothing.
#[test]
fn ruling_1_6_repetition_without_stuck_captains_is_no_deadlock() {
    const ROUND: &str = "a2-a3 a8-a7 a3-a2 a7-a8";
    let twice = format!("{ROUND} {ROUND}");
    let case = Case::open(
        GAME,
        "start",
        "ruling 1.6: the start position a 3rd time: the captains are not stuck, play goes on",
        &[],
        false,
    )
    .after(&twice, false)
    .outcome_after(&twice, None);
    let (state, history) = case.play(&twice);
    assert_eq!(history.iter().filter(|&&k| k == state.key()).count(), 2);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.6/1.9 `max_plies` = 400: the game is adjudicated in the position reached after the
/// 400th ply by the captains' path indices: after ply 399 a move ends it; Blue (9) beats Gray (6);
/// Gray (12) beats Blue (9); equal indices (6, 6) draw.
#[test]
fn ruling_1_9_max_plies_adjudication_after_the_400th_ply() {
    let blue = Case::new(
        "max_plies_blue_ahead",
        "ruling 1.9: ply 399, no outcome; the 400th ply ends the game: blue 9 > gray 6, Blue wins",
    )
    .outcome_is(None)
    .after("a1-a2", false)
    .outcome_after("a1-a2", BLUE_WINS);
    let gray = Case::new(
        "max_plies_gray_ahead",
        "ruling 1.9: gray 12 > blue 9 after the 400th ply: Gray wins",
    )
    .outcome_is(None)
    .after("i9-i8", false)
    .outcome_after("i9-i8", GRAY_WINS);
    let equal = Case::new(
        "max_plies_equal",
        "ruling 1.9: 6 = 6 after the 400th ply: a draw",
    )
    .after("a1-a2", false)
    .outcome_after("a1-a2", DRAW);
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}",
        blue.finish(),
        gray.finish(),
        equal.finish()
    ));
}

/// Ruling 1.6 option `max_plies`: 0 means no cap; a smaller cap ends the game sooner.
#[test]
fn option_max_plies() {
    let off = Case::with_options(
        "max_plies_blue_ahead",
        "max_plies = 0: no cap, ply 400 ends nothing",
        &[("max_plies", "0")],
    )
    .after("a1-a2", false)
    .outcome_after("a1-a2", None);
    let short = Case::with_options(
        "max_plies_blue_ahead",
        "max_plies = 399: adjudicated at once",
        &[("max_plies", "399")],
    )
    .outcome_is(BLUE_WINS);
    insta::assert_snapshot!(format!("{}\n{}", off.finish(), short.finish()));
}

/// Ruling 1.6 (GUESS): a player without a legal move passes (token `pass`) when the opponent can
/// move. Blue has only its captain, held by G e7: its one action is `pass`; then Gray moves.
#[test]
fn ruling_1_6_player_without_a_move_passes() {
    let case = Case::new(
        "pass_blue",
        "ruling 1.6: Blue has no move, Gray has: Blue passes",
    )
    .all(&["pass"])
    .after("pass", true);
    assert!(!case.game.can_move(&case.state, BLUE));
    assert!(case.game.can_move(&case.state, GRAY));
    let (state, _) = case.play("pass");
    assert_eq!((state.to_move, state.ply), (GRAY, 51));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.6/1.9: when neither player can move, the game is adjudicated at once like a deadlock.
/// Every point but e5 is taken; both captains wait behind their own guards (not stuck, so this is
/// not the deadlock rule): Blue (9) beats Gray (6). With 17 guards a side this cannot happen in a
/// game: the guards would have to fill every point next to a guard but e5 and the two captains.
#[test]
fn ruling_1_9_both_unable_to_move_adjudicated_at_once() {
    let case = Case::open(
        GAME,
        "both_cannot_move",
        "ruling 1.6/1.9: neither side can move: adjudicated at once, blue 9 > gray 6, Blue wins",
        &[],
        false,
    )
    .outcome_is(BLUE_WINS);
    assert!(!case.game.can_move(&case.state, BLUE));
    assert!(!case.game.can_move(&case.state, GRAY));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.9: a `pass` counts as a ply for the deadlock count. Blue's boxed guard e8 holds GC e9
/// (index 0), G e7 holds BC d7 (index 9); Blue cannot move and passes; the pass is the 40th stuck
/// ply, so Gray's turn starts with the deadlock declared: Blue wins.
#[test]
fn ruling_1_9_pass_counts_for_the_deadlock_count() {
    let case = Case::new(
        "pass_both_stuck",
        "ruling 1.9: counter 39, Blue must pass; the pass makes it 40: deadlock, Blue (9) beats Gray (0)",
    )
    .all(&["pass"])
    .after("pass", false)
    .outcome_after("pass", BLUE_WINS);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.9: a `pass` counts as a ply for `max_plies`: after 399 plies Blue must pass; the pass is
/// the 400th ply (the deadlock count only reaches 1): adjudicated, Blue (9) beats Gray (0).
#[test]
fn ruling_1_9_pass_counts_for_max_plies() {
    let case = Case::new(
        "pass_at_cap",
        "ruling 1.9: ply 399, Blue must pass; the pass is ply 400: adjudicated, Blue wins",
    )
    .all(&["pass"])
    .after("pass", false)
    .outcome_after("pass", BLUE_WINS);
    let (state, _) = case.play("pass");
    assert_eq!((state.ply, state.counters[0]), (400, 1));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.9, the order of the end tests: a captain on e5, the deadlock, `max_plies`, then both
/// must pass (and a single player without a move passes). Every adjudication uses the same measure,
/// so the order shows only against the pass: in the position where Blue would have to pass, a
/// deadlock due now (deadlock_plies = 39) or the cap reached now (max_plies = 399) ends the game
/// instead, and so does a captain on e5 (Gray, to move after Blue's d5-e5, would have no move).
/// Which of e5, the deadlock and the cap is tested first cannot be seen: a captain on e5 has the
/// larger index, and the deadlock and the cap adjudicate alike.
#[test]
fn ruling_1_9_end_tests_come_before_the_pass() {
    let deadlock = Case::with_options(
        "pass_both_stuck",
        "ruling 1.9: deadlock before pass: counter 39 >= deadlock_plies 39: Blue wins at once, no pass",
        &[("deadlock_plies", "39")],
    )
    .outcome_is(BLUE_WINS);
    let cap = Case::with_options(
        "pass_at_cap",
        "ruling 1.9: max_plies before pass: ply 399 >= max_plies 399: adjudicated at once, no pass",
        &[("max_plies", "399")],
    )
    .outcome_is(BLUE_WINS);
    let centre = Case::new(
        "centre_before_pass",
        "ruling 1.9: a captain on e5 first: Gray would have to pass, but Blue's captain is on e5: Blue wins",
    )
    .outcome_is(BLUE_WINS);
    assert!(!centre.game.can_move(&centre.state, GRAY));
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}",
        deadlock.finish(),
        cap.finish(),
        centre.finish()
    ));
}

/// Ruling 1.6 optional rule (not in the seed; [S1, S4, S5]), option `lead_win`, off by default: a
/// captain 3 path steps ahead wins. BC d7 (index 9) against GC h5 (index 6): nothing by default;
/// with lead_win=3 Blue wins; with lead_win=4 not. The step c7-d7 that makes the lead 3 wins at once.
#[test]
fn option_lead_win() {
    let off = Case::new(
        "lead",
        "ruling 1.6: lead_win is off by default: 9 against 6 ends nothing",
    )
    .outcome_is(None);
    let on = Case::with_options(
        "lead",
        "lead_win = 3: Blue is 3 steps ahead and wins",
        &[("lead_win", "3")],
    )
    .outcome_is(BLUE_WINS);
    let four = Case::with_options(
        "lead",
        "lead_win = 4: 3 steps are not enough",
        &[("lead_win", "4")],
    )
    .outcome_is(None);
    let step = Case::with_options(
        "lead_step",
        "lead_win = 3: c7-d7 (index 8 -> 9) makes the lead 3: Blue wins",
        &[("lead_win", "3")],
    )
    .outcome_is(None)
    .after("c7-d7", false)
    .outcome_after("c7-d7", BLUE_WINS);
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}\n{}",
        off.finish(),
        on.finish(),
        four.finish(),
        step.finish()
    ));
}

/// Ruling 1.6 (a) with the option `deadlock_repetitions` (default 3): with 2, the second occurrence
/// of the position with both captains stuck already declares the deadlock.
#[test]
fn option_deadlock_repetitions() {
    const ROUND: &str = "a1-a2 i9-i8 a2-a1 i8-i9";
    let case = Case::with_options(
        "deadlock_repetition",
        "deadlock_repetitions = 2: the 2nd occurrence declares the deadlock: Blue (9) beats Gray (6)",
        &[("deadlock_repetitions", "2")],
    )
    .outcome_after("a1-a2 i9-i8 a2-a1", None)
    .after(ROUND, false)
    .outcome_after(ROUND, BLUE_WINS);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 1.6 GUESS, option `stuck_by` (default `enemy`): with `any`, a captain held by its own
/// guard counts as stuck too. The position of `ruling_1_6_captain_behind_own_guard_is_not_stuck`
/// (counter 40) is then a deadlock (Blue 9 beats Gray 6), and the opening, repeated a third time,
/// is a drawn deadlock (both captains on index 0).
#[test]
fn option_stuck_by_any() {
    const ROUND: &str = "a2-a3 a8-a7 a3-a2 a7-a8";
    let twice = format!("{ROUND} {ROUND}");
    let own = Case::with_options(
        "deadlock_own_guard",
        "stuck_by = any: BC d7 behind its own e7 is stuck; counter 40: deadlock, Blue wins",
        &[("stuck_by", "any")],
    )
    .outcome_is(BLUE_WINS);
    let opening = Case::open(
        GAME,
        "start",
        "stuck_by = any: the start position a 3rd time is a deadlock, indices 0 and 0: a draw",
        &[("stuck_by", "any")],
        false,
    )
    .after(ROUND, false)
    .outcome_after(ROUND, None)
    .after(&twice, false)
    .outcome_after(&twice, DRAW);
    insta::assert_snapshot!(format!("{}\n{}", own.finish(), opening.finish()));
}

/// Ruling 1.6 GUESS, option `no_move` (default `passes`): with `loses`, a player without a legal
/// move loses, even when the opponent could not move either and the mover's captain is ahead.
#[test]
fn option_no_move_loses() {
    let pass = Case::with_options(
        "pass_blue",
        "no_move = loses: Blue has no move: Gray wins",
        &[("no_move", "loses")],
    )
    .outcome_is(GRAY_WINS);
    let both = Case::open(
        GAME,
        "both_cannot_move",
        "no_move = loses: neither side can move; Blue, to move, loses although its captain is ahead",
        &[("no_move", "loses")],
        false,
    )
    .outcome_is(GRAY_WINS);
    insta::assert_snapshot!(format!("{}\n{}", pass.finish(), both.finish()));
}

// ---------------------------------------------------------------------------------------------
// Options for the lines guards move along (ruling 1.7.2), remove_jumped (1.7.6, 1.9), the variant

/// Ruling 1.7.2, options `guard_jump`: all8 (default, 000 «по прямой»), orthogonal, marked_lines
/// (orthogonal everywhere plus the diagonal segments of both captain paths; both steps of a jump
/// need a link). b2 next to G b3 and G c3: all8 gives b2xb4xd2xf2 (N, SE, E over e2) and b2xd4; orthogonal
/// and marked_lines give b2xb4 only. f1xd3 over G e2 is a diagonal jump whose second step e2-d3 is
/// a marked segment but whose first (f1-e2) is not: legal only with all8.
#[test]
fn option_guard_jump() {
    let all8 = Case::new(
        "jump_lines",
        "guard_jump = all8 (default): orthogonal and diagonal jumps",
    )
    .all(&["b2xb4xd2xf2", "b2xd4", "f1xd3"]);
    let orthogonal = Case::with_options(
        "jump_lines",
        "guard_jump = orthogonal: b2xb4 only",
        &[("guard_jump", "orthogonal")],
    )
    .all(&["b2xb4"]);
    let marked = Case::with_options(
        "jump_lines",
        "guard_jump = marked_lines: b2xb4 only (f1-e2 is no marked line)",
        &[("guard_jump", "marked_lines")],
    )
    .all(&["b2xb4"]);
    let chain = Case::with_options(
        "change_direction",
        "ruling 1.8.4's position with guard_jump = orthogonal: the diagonal c5xd6->e7 is no jump, c3xc5 is complete",
        &[("guard_jump", "orthogonal")],
    )
    .all(&["c3xc5"]);
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}\n{}",
        all8.finish(),
        orthogonal.finish(),
        marked.finish(),
        chain.finish()
    ));
}

/// Ruling 1.7.2: the marked lines are the orthogonal grid plus the diagonal segments of both
/// captain paths: Blue's e2-d3, b6-c7, e7-d6 and Gray's e8-f7, h4-g3, e3-f4 (path-dependent). No two
/// of those diagonals continue each other in a straight line, so with the reconstructed paths a
/// marked-lines jump is always orthogonal: `guard_jump=marked_lines` makes the same moves as
/// `guard_jump=orthogonal` (checked here on the links, and by perft in tests/perft/blue-and-gray.txt).
#[test]
fn ruling_1_7_2_marked_lines_are_the_grid_and_the_path_diagonals() {
    let game = load(GAME, &[]);
    let lines = game
        .lines
        .iter()
        .find(|l| l.name == "marked_lines")
        .expect("lines marked_lines");
    let xy = |c: u16| ((c % 9) as i32, (c / 9) as i32);
    type Links = Vec<(u16, u16)>;
    let (straight, diagonal): (Links, Links) = lines.links.iter().partition(|&&(a, b)| {
        let ((x0, y0), (x1, y1)) = (xy(a), xy(b));
        x0 == x1 || y0 == y1
    });
    // Every orthogonal link of the 9 x 9 grid, once: 9 ranks and 9 files of 8 links each.
    assert_eq!(straight.len(), 2 * 9 * 8);
    let mut names: Vec<String> = diagonal
        .iter()
        .map(|&(a, b)| {
            let mut pair = [game.board.cell_name(a), game.board.cell_name(b)];
            pair.sort();
            pair.join("-")
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["b6-c7", "d3-e2", "d6-e7", "e3-f4", "e8-f7", "g3-h4"]
    );
    // No two diagonal links meet in a straight line, so no diagonal jump follows marked lines.
    for (i, &(a, b)) in diagonal.iter().enumerate() {
        for &(c, d) in &diagonal[i + 1..] {
            let Some(m) = [a, b].into_iter().find(|&x| x == c || x == d) else {
                continue;
            };
            let p = if a == m { b } else { a };
            let r = if c == m { d } else { c };
            let ((px, py), (mx, my), (rx, ry)) = (xy(p), xy(m), xy(r));
            assert_ne!(
                (mx - px, my - py),
                (rx - mx, ry - my),
                "a straight marked diagonal"
            );
        }
    }
    insta::assert_snapshot!(format!(
        "# ruling 1.7.2: marked lines = orthogonal grid + the captain paths' diagonals\nlinks: {} ({} orthogonal)\ndiagonal links: {}\nno two diagonal links continue each other: a marked-lines jump is orthogonal\n",
        lines.links.len(),
        straight.len(),
        names.join(" ")
    ));
}

/// Ruling 1.7.2, option `guard_step=marked_lines`: guards step orthogonally, and diagonally only
/// along the marked segments of either captain path: e2-d3 (Blue's), g3-h4 and f7-e8 (Gray's);
/// c5 has no diagonal step. Under the default every guard steps in 8 directions.
#[test]
fn option_guard_step_marked_lines() {
    let default = Case::new(
        "step_lines",
        "guard_step = all8 (default): every empty neighbour",
    )
    .legal(&[
        "e2-d3", "e2-f3", "g3-h4", "g3-f4", "f7-e8", "f7-g6", "c5-b6", "c5-d4",
    ]);
    let marked = Case::with_options(
        "step_lines",
        "guard_step = marked_lines: orthogonal, plus e2-d3, g3-h4, f7-e8",
        &[("guard_step", "marked_lines")],
    )
    .exactly("e2", from("e2"), &["e2-d2", "e2-d3", "e2-e3", "e2-f2"])
    .exactly(
        "g3",
        from("g3"),
        &["g3-f3", "g3-g2", "g3-g4", "g3-h3", "g3-h4"],
    )
    .exactly(
        "f7",
        from("f7"),
        &["f7-e7", "f7-e8", "f7-f6", "f7-f8", "f7-g7"],
    )
    .exactly("c5", from("c5"), &["c5-b5", "c5-c4", "c5-c6", "c5-d5"]);
    insta::assert_snapshot!(format!("{}\n{}", default.finish(), marked.finish()));
}

/// Ruling 1.8.1's note: `guard_step=marked_lines` changes the opening count from 25 to 10: the nine
/// rank-2 guards step straight up, and e2 also along Blue's marked diagonal e2-d3.
#[test]
fn option_guard_step_marked_lines_opening() {
    let case = Case::initial(
        "ruling 1.8.1 / 1.7.2: with guard_step = marked_lines the opening has 10 moves, not 25",
        &[("guard_step", "marked_lines")],
        true,
    );
    assert_eq!(case.tokens().len(), 10);
    let case = case.legal(&["e2-d3"]).illegal(&["d2-e3", "e2-f3"]);
    insta::assert_snapshot!(case.finish());
}

/// The variant `games/blue-and-gray-orthogonal.toml` (ruling 1.7.2, setupgroup and Zillions): guards
/// step in 8 directions but jump only orthogonally. Ruling 1.8.4's position gives c3xc5 only; the
/// opening still has 25 moves.
#[test]
fn variant_orthogonal_jumps() {
    let variant = load("blue-and-gray-orthogonal", &[]);
    assert_eq!(variant.name, "Blue and Gray, orthogonal jumps");
    assert_eq!(variant.legal_tokens(&variant.initial).len(), 25);
    let chain = Case::open(
        "blue-and-gray-orthogonal",
        "change_direction",
        "variant blue-and-gray-orthogonal, ruling 1.8.4's position: c3xc5 only",
        &[],
        true,
    )
    .all(&["c3xc5"]);
    let lines = Case::open(
        "blue-and-gray-orthogonal",
        "jump_lines",
        "variant blue-and-gray-orthogonal: b2xb4 only",
        &[],
        true,
    )
    .all(&["b2xb4"]);
    insta::assert_snapshot!(format!("{}\n{}", chain.finish(), lines.finish()));
}

/// Ruling 1.9: `remove_jumped=at_end` gives the same legal moves as `at_once`: a jumper never lands
/// on a jumped guard's point; only its own start point and earlier landing points come again.
/// B a1 round the square of G a2, b3, c2, b1 back to a1, both ways round, under both values.
#[test]
fn ruling_1_9_remove_jumped_revisits_the_start_point() {
    let at_once = Case::new(
        "remove_revisit",
        "ruling 1.9: a1xa3xc3xc1xa1 is legal (remove_jumped = at_once, the default)",
    )
    .all(&["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"])
    .after("a1xa3xc3xc1xa1", false);
    let at_end = Case::with_options(
        "remove_revisit",
        "the same with remove_jumped = at_end",
        &[("remove_jumped", "at_end")],
    )
    .all(&["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"])
    .after("a1xa3xc3xc1xa1", false);
    insta::assert_snapshot!(format!("{}\n{}", at_once.finish(), at_end.finish()));
}

/// Ruling 1.9: at every position of 200 seeded random playouts (100 plies each at most),
/// `remove_jumped=at_end` gives the same legal actions as `at_once`, the same sorted legal tokens
/// wherever a jump is legal, and each jump leaves the same position. No snapshot: the comparison is
/// the test.
#[test]
fn ruling_1_9_remove_jumped_at_end_same_moves_in_random_games() {
    use tabula::Action;
    use tabula::engine::action::ActionKind;
    let at_once = load(GAME, &[]);
    let at_end = load(GAME, &[("remove_jumped", "at_end")]);
    let key = |a: &Action| {
        let kind = match a.kind() {
            ActionKind::Move => 0,
            ActionKind::Jump => 1,
            ActionKind::Hop => 2,
            ActionKind::Pass => 3,
            ActionKind::Roll
            | ActionKind::Die
            | ActionKind::Reveal
            | ActionKind::Place
            | ActionKind::Take
            | ActionKind::Sow
            | ActionKind::Off
            | ActionKind::Rotate
            | ActionKind::Setup
            | ActionKind::LineStep => {
                unreachable!(
                    "Blue and Gray has no chance events, places nothing, bears nothing off"
                )
            }
        };
        (
            kind,
            a.rule(),
            a.from(),
            a.to(),
            a.dir(),
            a.count(),
            a.distance(),
            a.captured(),
            a.path(),
        )
    };
    let sorted_tokens = |game: &Game, actions: &[Action]| {
        let mut tokens: Vec<String> = actions.iter().map(|a| game.action_token(a)).collect();
        tokens.sort();
        tokens
    };
    let (mut positions, mut with_jumps, mut chains) = (0, 0, 0);
    let (mut once, mut end) = (Vec::new(), Vec::new());
    for seed in 0..200 {
        let mut rng = seeded_rng(seed);
        let mut state = at_once.initial;
        let mut history = Vec::new();
        for _ in 0..100 {
            let outcome = at_once.legal_actions_with_history(&state, &history, &mut once);
            let outcome_end = at_end.legal_actions_with_history(&state, &history, &mut end);
            assert_eq!(outcome, outcome_end, "seed {seed}, ply {}", state.ply);
            once.sort_by_key(key);
            end.sort_by_key(key);
            assert_eq!(once, end, "seed {seed}, ply {}", state.ply);
            positions += 1;
            if once.iter().any(|a| a.kind() == ActionKind::Jump) {
                let tokens = sorted_tokens(&at_once, &once);
                assert_eq!(
                    tokens,
                    sorted_tokens(&at_end, &end),
                    "seed {seed}, ply {}",
                    state.ply
                );
                for a in &once {
                    assert_eq!(
                        at_once.after(&state, a),
                        at_end.after(&state, a),
                        "seed {seed}, ply {}",
                        state.ply
                    );
                }
                with_jumps += 1;
                chains += tokens.iter().filter(|t| t.matches('x').count() > 1).count();
            }
            if outcome.is_some() {
                break;
            }
            let action = once[rng.random_range(0..once.len())];
            history.push(state.key());
            at_once.apply(&mut state, &action);
        }
    }
    assert!(positions > 10_000, "{positions} positions");
    assert!(
        with_jumps > 1_000 && chains > 100,
        "{with_jumps} positions with jumps, {chains} multi-jumps"
    );
}

/// Ruling 1.8.1: "With the `guard_step = orthogonal` option the count would be 9": only the nine
/// straight steps to rank 3 remain.
#[test]
fn ruling_1_8_1_guard_step_orthogonal_opening_has_9_moves() {
    let case = Case::initial(
        "ruling 1.8.1: with guard_step = orthogonal the opening has 9 moves, not 25",
        &[("guard_step", "orthogonal")],
        true,
    );
    assert_eq!(case.tokens().len(), 9);
    insta::assert_snapshot!(case.finish());
}
