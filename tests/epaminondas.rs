//! Epaminondas: one snapshot per rule sentence of document 002 (RU Wikipedia) and per ruling /
//! test situation of `docs/rulings/epaminondas.md` (2.4, 2.5, 2.7, 2.8.1-2.8.10, 2.9), plus the options.
//!
//! Each test loads a tiny position from `tests/positions/epaminondas/<name>.toml` and snapshots a
//! text made of: a one-line note of what is pinned, the diagram, the side to move, then the outcome
//! or the sorted legal tokens; tests about one move also show the position after it. Where the
//! ruling names a move as legal or illegal the test asserts it too, so a wrong snapshot cannot be
//! accepted by accident.

use std::path::Path;
use tabula::{Catalog, Game, State};

/// A snapshot text being built for one position.
struct Case {
    game: Game,
    state: State,
    out: String,
}

impl Case {
    /// Loads `tests/positions/epaminondas/<name>.toml` under the default options.
    fn new(name: &str, pinned: &str) -> Case {
        Case::open(name, pinned, &[], true)
    }

    fn with_options(name: &str, pinned: &str, options: &[(&str, &str)]) -> Case {
        Case::open(name, pinned, options, true)
    }

    /// Loads a position under option overrides; `list_moves` false shows only how many moves there are.
    fn open(name: &str, pinned: &str, options: &[(&str, &str)], list_moves: bool) -> Case {
        let overrides: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let (game, _sources, _warnings) = Catalog::default()
            .load("epaminondas", &overrides)
            .unwrap_or_else(|e| panic!("epaminondas does not load: {e:?}"));
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/positions/epaminondas")
            .join(format!("{name}.toml"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut sources = tabula::span::Sources::default();
        let state = game
            .read_position(&mut sources, &path.display().to_string(), &text)
            .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
        let mut out = format!("# {pinned}\n");
        if !options.is_empty() {
            let shown: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            out.push_str(&format!("options: {}\n", shown.join(" ")));
        }
        out.push_str(&game.diagram(&state));
        out.push_str(&status(&game, &state, list_moves));
        Case { game, state, out }
    }

    fn tokens(&self) -> Vec<String> {
        self.game.legal_tokens(&self.state)
    }

    /// Asserts that each token is legal here, and records it.
    fn legal(mut self, tokens: &[&str]) -> Case {
        let legal = self.tokens();
        for t in tokens {
            assert!(legal.iter().any(|l| l == t), "`{t}` must be legal");
        }
        self.out
            .push_str(&format!("legal as ruled: {}\n", tokens.join(" ")));
        self
    }

    /// Asserts that no token is legal here, and records it.
    fn illegal(mut self, tokens: &[&str]) -> Case {
        let legal = self.tokens();
        for t in tokens {
            assert!(!legal.iter().any(|l| l == t), "`{t}` must be illegal");
        }
        self.out
            .push_str(&format!("illegal as ruled: {}\n", tokens.join(" ")));
        self
    }

    /// Asserts that the legal tokens picked by `keep` are exactly `expected`, and records them.
    fn exactly(mut self, label: &str, keep: impl Fn(&Move) -> bool, expected: &[&str]) -> Case {
        let got: Vec<String> = self
            .tokens()
            .into_iter()
            .filter(|t| keep(&Move::parse(t)))
            .collect();
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{label}");
        self.out.push_str(&format!("{label}: {}\n", got.join(" ")));
        self
    }

    /// Plays tokens from the loaded position (not from an earlier `after`) and shows the result.
    fn after(mut self, tokens: &str, list_moves: bool) -> Case {
        let mut state = self.state;
        self.game
            .play_tokens(&mut state, tokens)
            .unwrap_or_else(|e| panic!("{e}"));
        self.out.push_str(&format!("\nafter `{tokens}`:\n"));
        self.out.push_str(&self.game.diagram(&state));
        self.out.push_str(&status(&self.game, &state, list_moves));
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

/// The side to move, then the outcome, or the legal tokens (or only their number).
fn status(game: &Game, state: &State, list_moves: bool) -> String {
    let mut out = format!(
        "{} to move, ply {}\n",
        game.players[state.to_move as usize], state.ply
    );
    if let Some(outcome) = game.outcome(state) {
        assert!(game.legal_tokens(state).is_empty());
        out.push_str(&format!("outcome: {}\n", game.describe_outcome(outcome)));
        return out;
    }
    let tokens = game.legal_tokens(state);
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

/// A token split into its cells: `from`, `to` as (file, rank) from 0, and whether it captures.
struct Move {
    from: (i32, i32),
    to: (i32, i32),
    capture: bool,
}

impl Move {
    fn parse(token: &str) -> Move {
        let capture = token.contains('x');
        let (a, b) = token
            .split_once(['-', 'x'])
            .unwrap_or_else(|| panic!("not a move token: {token}"));
        let cell = |s: &str| {
            let file = s.as_bytes()[0] as i32 - b'a' as i32;
            let rank: i32 = s[1..].parse().expect("rank");
            (file, rank - 1)
        };
        Move {
            from: cell(a),
            to: cell(b),
            capture,
        }
    }

    fn dx(&self) -> i32 {
        self.to.0 - self.from.0
    }

    fn dy(&self) -> i32 {
        self.to.1 - self.from.1
    }
}

// ---------------------------------------------------------------------------------------------
// Board, setup, first player (ruling 2.1, 2.2, 2.8.1; 002 "Белые ходят первыми")

#[test]
fn ruling_2_2_setup_28_stones_each_on_the_home_rows() {
    let case = Case::open(
        "start",
        "ruling 2.1/2.2: 14 x 12 board; White fills a1-n2, Black a11-n12 (28 each); White moves first",
        &[],
        false,
    );
    assert_eq!(
        case.state, case.game.initial,
        "the game's setup must equal tests/positions/epaminondas/start.toml"
    );
    let count = |p: u8| {
        (0..14 * 12)
            .filter(|&c| case.state.owner(c) == Some(p))
            .count()
    };
    assert_eq!((count(0), count(1)), (28, 28));
    let case = case.note("setup equals game.initial; 28 white and 28 black stones");
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_1_initial_mobility_114_white_moves_first() {
    let case = Case::new(
        "start",
        "ruling 2.8.1 / 002 «Белые ходят первыми»: 114 moves = 14 + 13 + 13 singles, 28 vertical pairs, 23 + 23 diagonal pairs; no horizontal moves",
    );
    let tokens = case.tokens();
    assert_eq!(tokens.len(), 114);
    let moves: Vec<Move> = tokens.iter().map(|t| Move::parse(t)).collect();
    assert!(
        moves.iter().all(|m| m.from.1 <= 1),
        "only White's stones move"
    );
    assert!(moves.iter().all(|m| m.dy() > 0), "no horizontal moves");
    let singles = moves
        .iter()
        .filter(|m| m.dx().abs() <= 1 && m.dy() == 1 && m.from.1 == 1)
        .count();
    let vertical_pairs = moves.iter().filter(|m| m.dx() == 0 && m.dy() >= 2).count();
    let diagonal_pairs = moves.iter().filter(|m| m.dx() != 0 && m.dy() >= 2).count();
    assert_eq!((singles, vertical_pairs, diagonal_pairs), (40, 28, 46));
    let case = case.note("singles 40, vertical pairs 28, diagonal pairs 46");
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_turns_alternate() {
    let case = Case::new(
        "turns_alternate",
        "002 «Белые ходят первыми; затем повороты попеременно» (White first, then turns alternate)",
    )
    .after("e5-e6", true)
    .after("e5-e6 e8-e7", true);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Moving (002 move rules; ruling 2.3, 2.4)

#[test]
fn doc_002_single_stone_moves_one_cell_any_direction() {
    let case = Case::new(
        "single_stone_king_move",
        "002 «Игрок может переместить одну фигуру на одно поле в любом направлении (так же, как король в шахматах)»",
    )
    .exactly(
        "e5 (8 directions)",
        |m| m.from == (4, 4),
        &[
            "e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5-e6", "e5-f4", "e5-f5", "e5-f6",
        ],
    )
    .exactly(
        "a1 (corner)",
        |m| m.from == (0, 0),
        &["a1-a2", "a1-b1", "a1-b2"],
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_phalanx_has_no_empty_cell_between() {
    let case = Case::new(
        "phalanx_gap",
        "002 «фаланга — ... линия из двух и более камней одного цвета, между которыми нет пустых мест»: c3 and e3 are two single stones",
    )
    .exactly("moves longer than one cell", |m| m.dx().abs() > 1, &[]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_phalanx_has_no_enemy_stone_between() {
    let case = Case::new(
        "phalanx_enemy_between",
        "002 «... между которыми нет пустых мест и камней противника»: W c3, B d3, W e3 is no phalanx; no capture by a single stone",
    )
    .exactly(
        "moves longer than one cell or captures",
        |m| m.dx().abs() > 1 || m.capture,
        &[],
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_stone_belongs_to_several_phalanxes() {
    let case = Case::new(
        "stone_in_several_phalanxes",
        "002 «Камень может принадлежать более чем одной фаланге, в зависимости от рассматриваемого направления»: e5 is in e5-e6 and e5-f5",
    )
    .legal(&["e5-e7", "e5-e8", "e6-e4", "e6-e3", "e5-g5", "e5-h5", "f5-d5", "f5-c5"])
    .legal(&["e6-g4", "e6-h3", "f5-d7", "f5-c8"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_diagonal_phalanx_of_three_moves_three_two_or_one() {
    let case = Case::new(
        "diagonal_three",
        "002 «фаланга из трех камней по диагонали может переместиться на три, два или одно пространство по этой диагонали»",
    )
    .exactly(
        "c3-d4-e5 as a whole (rear c3 up, rear e5 down)",
        |m| m.from == (2, 2) && m.dx() > 1 || m.from == (4, 4) && m.dx() < -1,
        // Down-left the third cell would be off the board.
        &["c3-f6", "c3-g7", "c3-h8", "e5-b2", "e5-a1"],
    )
    .exactly(
        "moves of more than one cell off the diagonal",
        |m| (m.dx().abs() > 1 || m.dy().abs() > 1) && m.dx() != m.dy(),
        &[],
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_phalanx_moves_along_its_own_line_at_most_its_length() {
    let case = Case::new(
        "along_its_line",
        "002 «Все фигуры в фаланге должны двигаться в одном направлении ... вдоль линии фаланги», «количество мест, равное или меньшее количества фигур»",
    )
    .exactly(
        "pair moves",
        |m| m.dx().abs() > 1 || m.dy().abs() > 1,
        &["e5-e7", "e5-e8", "e6-e4", "e6-e3"],
    )
    .illegal(&["e5-e9", "e6-e2"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_phalanx_cannot_move_through_own_stones() {
    let case = Case::new(
        "through_own",
        "002 «Фаланга не может перемещаться через фигуры одного цвета»: e3-e5 up is stopped by W e7",
    )
    .exactly(
        "upward moves of the e3-e5 line",
        |m| m.from.0 == 4 && m.from.1 <= 4 && m.dx() == 0 && m.dy() > 0,
        &["e3-e6", "e4-e6", "e5-e6"],
    )
    .illegal(&["e3-e7", "e3-e8", "e4-e7"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_5_splitting() {
    let case = Case::new(
        "splitting",
        "ruling 2.8.5 / 002 «игрок может разделить фалангу на две части, если перемещаемое подмножество является непрерывным и не перемещается дальше своей длины»",
    )
    .exactly(
        "rightward",
        |m| m.dy() == 0 && m.dx() > 0,
        &[
            "f3-g3", "e3-g3", "e3-h3", "d3-g3", "d3-h3", "d3-i3", "c3-g3", "c3-h3", "c3-i3",
            "c3-j3",
        ],
    )
    .note("{c3,d3} cannot move right: blocked by own e3 (no token c3-?3 of length 2 exists)");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Captures (002 capture paragraph; ruling 2.4, 2.7.2-2.7.4, 2.8.2-2.8.7, 2.8.10)

#[test]
fn ruling_2_8_2_full_phalanx_capture() {
    let case = Case::new(
        "full_phalanx_capture",
        "ruling 2.8.2 / 002 «строго меньше числа камней в движущейся фаланге»: W f5-f7 (3) takes B f8 f9 (2); W ends on f6 f7 f8",
    )
    .legal(&["f5xf8"])
    .illegal(&["f6xf8"])
    .after("f5xf8", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_3_equal_force_cannot_capture() {
    let case = Case::new(
        "equal_force",
        "ruling 2.8.3 / 002 «строго меньше»: W f5-f7 (3) cannot land on B f8 f9 f10 (3); nothing moves up the f-file",
    )
    .illegal(&["f5xf8", "f6xf8"])
    .exactly(
        "up the f-file",
        |m| m.from.0 == 5 && m.dx() == 0 && m.dy() > 0,
        &[],
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_4_capture_at_distance_enemy_run_ends_at_edge() {
    let case = Case::new(
        "capture_at_distance",
        "ruling 2.8.4: W f7-f9 (3) lands 2 cells on at f11 and takes f11 f12 (the run ends at the edge); f12 itself cannot be reached",
    )
    .legal(&["f7-f10", "f7xf11"])
    .illegal(&["f7xf12", "f8xf11"])
    .after("f7xf11", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_6_split_capture_uses_only_moving_stones() {
    let case = Case::new(
        "split_capture",
        "ruling 2.8.6 / 2.7.3: n counts only the moving stones: {e3,f3} (2) cannot take g3 h3 (2), {d3,e3,f3} (3) can",
    )
    .illegal(&["e3xg3"])
    .legal(&["d3xg3", "c3xg3"])
    .after("d3xg3", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_7_single_stone_never_captures() {
    let case = Case::new(
        "single_never_captures",
        "ruling 2.8.7 / 002 «Захваты могут совершать только фаланги»: W e5 cannot take B e6",
    )
    .illegal(&["e5xe6", "e5-e6"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_only_phalanxes_capture() {
    let case = Case::new(
        "only_phalanxes_capture",
        "002 «Захваты могут совершать только фаланги»: the pair h4-h5 takes h6, the single e5 cannot take e6",
    )
    .exactly("captures", |m| m.capture, &["h4xh6"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_enemy_count_includes_hit_stone_and_stops_at_empty() {
    let case = Case::new(
        "count_stops_at_empty",
        "002 «количество следующих камней противника ..., включая непосредственно пораженный камень» / ruling 2.7.4: f8 f9 count 2 (f10 empty), f11 stays",
    )
    .legal(&["f5xf8"])
    .after("f5xf8", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_7_4_enemy_count_stops_at_movers_own_stone() {
    let case = Case::new(
        "count_stops_at_own",
        "ruling 2.7.4: the enemy run B f7 f8 stops at W f9 (2 < 3), B f10 f11 are not counted nor taken",
    )
    .legal(&["f4xf7"])
    .after("f4xf7", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_phalanx_of_n_captures_up_to_n_minus_1() {
    let case = Case::new(
        "n_captures_n_minus_1",
        "002 «фаланга длины n может захватить до n-1 камней»: diagonal W b2-e5 (4) takes B f6 g7 h8 (3); c3-e5 (3) cannot",
    )
    .exactly("captures", |m| m.capture, &["b2xf6"])
    .after("b2xf6", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_4_phalanx_cannot_pass_over_enemy_stone() {
    let case = Case::new(
        "no_passing_over_enemy",
        "ruling 2.4: a phalanx may land only on the FIRST enemy stone ahead, never pass over it: f5xf9 yes, f5-f10 no",
    )
    .legal(&["f5-f8", "f5xf9", "f6-f8", "f6xf9"])
    .illegal(&["f5-f10", "f5xf10"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_capture_never_compulsory() {
    let case = Case::new(
        "capture_never_compulsory",
        "002 «Захват никогда не является обязательным»: the phalanx that can take f9 f10 may also just step to f8 or move elsewhere",
    )
    .legal(&["f5xf9", "f5-f8", "f6-f8", "f7-f8", "f5-f4", "f7-g7"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_10_capture_optional_other_stones_move() {
    let case = Case::new(
        "capture_optional_other_stones",
        "ruling 2.8.10 / 002 «Захват никогда не является обязательным»: with f5xf8 available, other stones may make quiet moves",
    )
    .legal(&["f5xf8", "b2-b3", "b2-c3", "k3-k4", "k3-j2"]);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Symmetry (002 symmetry sentence; ruling 2.4, 2.7.5, 2.8.9, 2.9)

#[test]
fn ruling_2_8_9_symmetry_rule() {
    let case = Case::new(
        "symmetry",
        "ruling 2.8.9 / 002 «ни один игрок не может перемещать фигуру на домашний ряд противника, если этот ход создает на доске узор симметрии слева направо»",
    )
    .illegal(&["g11-g12"])
    .legal(&["g11-f12", "g11-h11"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_9_symmetry_control_off_the_home_row() {
    let case = Case::new(
        "symmetry_control",
        "ruling 2.8.9 control / 2.7.5: g10-g11 makes the board symmetric but does not reach row 12, so it is legal",
    )
    .legal(&["g10-g11"])
    .after("g10-g11", false)
    .note("(Black then wins on the count alone: B a1 n1 on row 1 against no White stone on row 12)");
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_9_symmetry_applies_to_sideways_move_along_home_row() {
    let case = Case::new(
        "symmetry_sideways",
        "ruling 2.9: the symmetry rule also binds a sideways move along row 12 by a stone already on it: f12-g12 (-> g12 h12) and h12-i12 (-> f12 i12) are illegal",
    )
    .illegal(&["f12-g12", "h12-i12"])
    .legal(&["f12-e12", "h12-g12"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_7_5_symmetry_keeps_colours() {
    let case = Case::new(
        "symmetry_keeps_colours",
        "ruling 2.7.5: the mirror keeps colours: g11-g12 next to B h12 is a colour-swapped mirror only, so it is legal",
    )
    .legal(&["g11-g12"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_4_symmetry_judged_after_captures() {
    let case = Case::new(
        "symmetry_after_captures",
        "ruling 2.4 «the position after the move (captures done) is mirror symmetric»: c12xf12 takes f12 g12 and leaves d12 e12 f12 | i12 j12 k12",
    )
    .illegal(&["c12xf12", "d12xf12"])
    .legal(&["k12xg12", "k12-h12", "c12-b12"]);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_symmetry_rule_binds_black_too() {
    let case = Case::new(
        "symmetry_black",
        "002 «ни один игрок не может ...»: Black's g2-g1 next to B h1 (W a12 n12) makes a mirror pattern on row 1: illegal",
    )
    .illegal(&["g2-g1"])
    .legal(&["g2-f1", "h1-i1"]);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Winning (002 win paragraph; ruling 2.5, 2.7.1, 2.7.6, 2.8.8)

#[test]
fn doc_002_white_wins_with_more_stones_on_row_z() {
    let case = Case::new(
        "white_wins",
        "002 «Если в начале хода белых у белых больше фигур в ряду Z, чем у черных в ряду A, белые побеждают» (Z = row 12, A = row 1): 2 > 1",
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_black_wins_with_more_stones_on_row_a() {
    let case = Case::new(
        "black_wins",
        "002 «если в начале хода черных у черных больше фигур в ряду A, чем у белых в ряду Z, черные выигрывают» (A = row 1): 2 > 1",
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn doc_002_win_needs_strictly_more() {
    let case = Case::new(
        "equal_no_win",
        "002 «строго больше фигур»: 1 on row 12 against 1 on row 1 is no win; play goes on",
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_5_only_the_player_to_move_is_checked() {
    let case = Case::new(
        "only_mover_checked",
        "ruling 2.5: only the player about to move is checked; Black's 2 on row 1 against White's 1 on row 12 does not end White's turn",
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_7_6_intrusion_can_be_answered() {
    let case = Case::new(
        "intrusion_answered",
        "ruling 2.7.6 / 002 «Это дает противнику шанс захватить ... камней-нарушителей»: after g11-g12 Black may take g12 (win is not checked right after a move)",
    )
    .after("g11-g12", true)
    .after("g11-g12 g9xg12", false)
    .after("g11-g12 g9-f8", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_8_8_win_checked_at_start_of_turn() {
    let case = Case::new(
        "start_of_turn",
        "ruling 2.8.8: W b12 c12, B d1, Black to move: no win now; a quiet move leaves 2 vs 1 (White wins), taking c12 or a 2nd stone on row 1 goes on",
    )
    .after("e2-f3", false)
    .after("c10xc12", false)
    .after("e2-e1", false);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// End tests and options (ruling 2.5, 2.9; options no_move and max_plies)

#[test]
fn ruling_2_5_no_legal_move_loses() {
    let case = Case::new(
        "no_move_loses",
        "ruling 2.5 (GUESS, option no_move = loses): W a6 is boxed in and cannot capture alone; White has no move and loses",
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn ruling_2_9_home_row_win_is_tested_before_no_move_loss() {
    let case = Case::new(
        "win_before_no_move",
        "ruling 2.9: first the home-row win of the player to move, then the no-move loss: boxed W a12 has 1 on row 12 vs 0, White wins",
    );
    insta::assert_snapshot!(case.finish());
}

#[test]
fn option_no_move_passes() {
    let case = Case::with_options(
        "no_move_loses",
        "option no_move = passes (the other reading of ruling 2.5): the boxed-in player passes",
        &[("no_move", "passes")],
    )
    .legal(&["pass"])
    .after("pass", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn option_max_plies_draw() {
    let case = Case::with_options(
        "max_plies_one_left",
        "ruling 2.5 option max_plies (GUESS, off by default): with max_plies = 10 the game is a draw once 10 actions are played",
        &[("max_plies", "10")],
    )
    .after("e8-e7", false);
    insta::assert_snapshot!(case.finish());
}

#[test]
fn option_max_plies_off_by_default() {
    let case = Case::new(
        "max_plies_reached",
        "ruling 2.5/2.9: max_plies is off by default: ply 10 ends nothing",
    );
    let with_cap = Case::with_options(
        "max_plies_reached",
        "same position with max_plies = 10: a draw",
        &[("max_plies", "10")],
    );
    insta::assert_snapshot!(format!("{}\n{}", case.finish(), with_cap.finish()));
}

#[test]
fn option_max_plies_home_row_win_tested_first() {
    let case = Case::with_options(
        "max_plies_win_first",
        "game-file order (the ruling is silent): at the cap, the home-row win (1 vs 0) is tested before the max_plies draw",
        &[("max_plies", "10")],
    );
    insta::assert_snapshot!(case.finish());
}
