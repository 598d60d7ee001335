//! Hold pley: one snapshot per numbered rule of document 004 (igraydoma.ru, RU) and per test
//! situation and ruling of `docs/rulings/hold-pley.md` (4.9.1-4.9.11, 4.10, 4.4/4.8.8), plus a hidden
//! information check of the diagram, a replayed game and the determinism of a seed. Rules 10 and 11
//! (the match, ruling 4.9.12) belong to `tabula play --match`, not to a game: see the last test.
//!
//! Each test loads a tiny position from `tests/positions/hold-pley/<name>.toml` (or the game's initial
//! position) and snapshots a text made of: a one-line note of what is pinned, the diagram, the side to
//! move with the ply and the effects still due (a reveal, relocations and who then moves again), then
//! the outcome, the outcomes of a chance event, or the sorted legal tokens; tests about a move also
//! show the position after it. Where the ruling names a move, a reveal, a relocation or a score the
//! test asserts it too, so a wrong snapshot cannot be accepted by accident.
//!
//! Diagram: `#` a face-down numbered piece, `1`-`8` a face-up one, `P` a plain piece; this file draws
//! an empty house `+` and an empty middle circle `o` (overlays; the engine draws `.`). The board is the
//! ruling's reconstruction (4.1, GUESS): houses 1-8 = a4 a6 d9 f9 i6 i4 f1 d1, middle circles
//! b5 c5 d5 f5 g5 h5, the bold line the outline of b2-h8.

use std::path::Path;
use tabula::compile::NO_CELL;
use tabula::engine::matches::MatchScore;
use tabula::engine::movegen::Outcome;
use tabula::engine::playout::seeded_rng;
use tabula::engine::state::NONE;
use tabula::{Catalog, Game, State};

const GAME: &str = "hold-pley";
const NUMBERED: u8 = 0;
const PLAIN: u8 = 1;

const HOUSES: [&str; 8] = ["a4", "a6", "d9", "f9", "i6", "i4", "f1", "d1"];
const MIDDLE: [&str; 6] = ["b5", "c5", "d5", "f5", "g5", "h5"];

fn load(options: &[(&str, &str)]) -> Game {
    let overrides: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Catalog::default()
        .load(GAME, &overrides)
        .unwrap_or_else(|e| panic!("{GAME} does not load: {e:?}"))
        .0
}

fn positions() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions/hold-pley")
}

fn read(game: &Game, name: &str) -> State {
    let path = positions().join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = tabula::span::Sources::default();
    game.read_position(&mut sources, &path.display().to_string(), &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

fn cell(game: &Game, name: &str) -> u16 {
    game.board
        .parse_cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// A snapshot text being built for one position.
struct Case {
    game: Game,
    state: State,
    out: String,
}

impl Case {
    /// Loads `tests/positions/hold-pley/<name>.toml` under the default options.
    fn new(name: &str, pinned: &str) -> Case {
        Case::with_options(name, pinned, &[])
    }

    fn with_options(name: &str, pinned: &str, options: &[(&str, &str)]) -> Case {
        let game = load(options);
        let state = read(&game, name);
        Case::from_state(game, state, pinned, options)
    }

    /// The game's own initial position.
    fn initial(pinned: &str, options: &[(&str, &str)]) -> Case {
        let game = load(options);
        let state = game.initial;
        Case::from_state(game, state, pinned, options)
    }

    fn from_state(game: Game, state: State, pinned: &str, options: &[(&str, &str)]) -> Case {
        let mut out = format!("# {pinned}\n");
        if !options.is_empty() {
            let shown: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            out.push_str(&format!("options: {}\n", shown.join(" ")));
        }
        out.push_str(&diagram(&game, &state));
        out.push_str(&status(&game, &state));
        Case { game, state, out }
    }

    /// The position after `tokens`, played from the loaded position.
    fn play(&self, tokens: &str) -> State {
        let mut state = self.state;
        self.game
            .play_tokens(&mut state, tokens)
            .unwrap_or_else(|e| panic!("{e}"));
        state
    }

    /// The legal tokens after `tokens` (`""`: in the loaded position).
    fn tokens_after(&self, tokens: &str) -> Vec<String> {
        self.game.legal_tokens(&self.play(tokens))
    }

    /// Asserts that the legal tokens after `tokens` are exactly `expected`, and records them.
    fn only(mut self, tokens: &str, expected: &[&str]) -> Case {
        let got = self.tokens_after(tokens);
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "legal tokens after `{tokens}`");
        self.out.push_str(&format!(
            "{} exactly: {}\n",
            at(tokens),
            shown(&got.iter().map(String::as_str).collect::<Vec<_>>())
        ));
        self
    }

    /// Asserts that each of `legal` is legal after `tokens` and none of `illegal` is, and records it.
    fn check(mut self, tokens: &str, legal: &[&str], illegal: &[&str]) -> Case {
        let got = self.tokens_after(tokens);
        assert_tokens(&got, legal, true);
        assert_tokens(&got, illegal, false);
        if !legal.is_empty() {
            self.out.push_str(&format!(
                "{} legal as ruled: {}\n",
                at(tokens),
                legal.join(" ")
            ));
        }
        if !illegal.is_empty() {
            self.out.push_str(&format!(
                "{} illegal as ruled: {}\n",
                at(tokens),
                illegal.join(" ")
            ));
        }
        self
    }

    /// Asserts that after `tokens` `mover` makes an ordinary move: no reveal and no relocation is
    /// due, the game goes on. Records it.
    fn moves_next(mut self, tokens: &str, mover: u8) -> Case {
        let state = self.play(tokens);
        assert_eq!(self.game.outcome(&state), None, "after `{tokens}`");
        assert_eq!(state.to_move, mover, "side to move after `{tokens}`");
        assert_eq!(state.reveal_at, NO_CELL, "no reveal due after `{tokens}`");
        assert!(
            relocating(&self.game, &state).is_none(),
            "no relocation due after `{tokens}`"
        );
        assert!(!self.game.is_chance(&state));
        self.out.push_str(&format!(
            "{}: {} moves, nothing due\n",
            at(tokens),
            self.game.players[mover as usize]
        ));
        self
    }

    /// Asserts that after `tokens` the owner of the pieces on `cells` must relocate them (his
    /// actions) and that `bonus` moves again afterwards. Records it.
    fn relocations_due(mut self, tokens: &str, cells: &[&str], owner: u8, bonus: u8) -> Case {
        let state = self.play(tokens);
        assert_eq!(self.game.outcome(&state), None, "after `{tokens}`");
        let (marked, then) = relocating(&self.game, &state)
            .unwrap_or_else(|| panic!("relocations are due after `{tokens}`"));
        let mut got: Vec<String> = marked.clone();
        got.sort();
        let mut want: Vec<String> = cells.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "pieces to relocate after `{tokens}`");
        assert_eq!(
            (state.to_move, then),
            (owner, bonus),
            "relocating player and bonus player after `{tokens}`"
        );
        self.out.push_str(&format!(
            "{}: {} relocates {}, then {} moves again\n",
            at(tokens),
            self.game.players[owner as usize],
            got.join(" "),
            self.game.players[bonus as usize]
        ));
        self
    }

    /// Asserts that a reveal is due after `tokens` with exactly the outcomes `numbers`, and records it.
    fn reveals(mut self, tokens: &str, numbers: &[u8]) -> Case {
        let state = self.play(tokens);
        assert!(
            self.game.is_chance(&state),
            "a reveal is due after `{tokens}`"
        );
        assert_ne!(state.reveal_at, NO_CELL);
        let want: Vec<String> = numbers.iter().map(|n| format!("reveal:{n}")).collect();
        assert_eq!(
            self.game.legal_tokens(&state),
            want,
            "reveal outcomes after `{tokens}`"
        );
        self.out.push_str(&format!(
            "{}: chance event, the piece on {} shows {}\n",
            at(tokens),
            self.game.board.cell_name(state.reveal_at),
            want.join(" ")
        ));
        self
    }

    /// Asserts the outcome after `tokens`, and records it.
    fn outcome(mut self, tokens: &str, expected: Option<Outcome>) -> Case {
        let state = self.play(tokens);
        let got = self.game.outcome(&state);
        assert_eq!(got, expected, "outcome after `{tokens}`");
        if got.is_some() {
            assert!(self.game.legal_tokens(&state).is_empty());
        }
        let text = got.map_or("none".to_string(), |o| self.game.describe_outcome(o));
        self.out
            .push_str(&format!("{} outcome: {text}\n", at(tokens)));
        self
    }

    /// Shows the position after `tokens`.
    fn after(mut self, tokens: &str) -> Case {
        let state = self.play(tokens);
        self.out.push_str(&format!("\nafter `{tokens}`:\n"));
        self.out.push_str(&diagram(&self.game, &state));
        self.out.push_str(&status(&self.game, &state));
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

/// `after `a8-a7 a6-d5`` for a line of tokens, `here` for none.
fn at(tokens: &str) -> String {
    if tokens.is_empty() {
        "here".to_string()
    } else {
        format!("after `{tokens}`")
    }
}

fn shown(tokens: &[&str]) -> String {
    if tokens.is_empty() {
        "(none)".to_string()
    } else {
        tokens.join(" ")
    }
}

fn assert_tokens(legal: &[String], tokens: &[&str], want_legal: bool) {
    for t in tokens {
        let is_legal = legal.iter().any(|l| l == t);
        if want_legal {
            assert!(is_legal, "`{t}` must be legal; legal: {}", legal.join(" "));
        } else {
            assert!(
                !is_legal,
                "`{t}` must be illegal; legal: {}",
                legal.join(" ")
            );
        }
    }
}

/// The symbols of the engine's diagram, `[rank - 1][file]`: each rank's line is its number in
/// four columns, then two columns a cell (the gap, where the bold line may be drawn, then the
/// symbol); rows of the bold line lie between the ranks.
fn board_symbols(diagram: &str) -> [[char; 9]; 9] {
    let mut symbols = [['?'; 9]; 9];
    for (rank, row) in symbols.iter_mut().enumerate() {
        let number = format!("{:>3} ", rank + 1);
        let line: Vec<char> = diagram
            .lines()
            .find(|l| l.starts_with(&number))
            .unwrap_or_else(|| panic!("rank {}'s line in\n{diagram}", rank + 1))
            .chars()
            .collect();
        assert_eq!(line.len(), 4 + 2 * 9, "a rank line: {line:?}");
        for file in 0..9 {
            assert!(matches!(line[4 + 2 * file], ' ' | '|'), "a gap: {line:?}");
            row[file] = line[5 + 2 * file];
        }
    }
    symbols
}

/// The engine's diagram: empty houses drawn `+` and empty middle circles `o` (`[show]`).
fn diagram(game: &Game, state: &State) -> String {
    game.diagram(state)
}

/// The side to move with the ply and the effects due, then the outcome, the outcomes of a chance
/// event, or the legal tokens.
fn status(game: &Game, state: &State) -> String {
    let mut out = format!(
        "{} to move, ply {}\n",
        game.players[state.to_move as usize], state.ply
    );
    if let Some(outcome) = game.outcome(state) {
        assert!(game.legal_tokens(state).is_empty());
        out.push_str(&format!("outcome: {}\n", game.describe_outcome(outcome)));
        return out;
    }
    if state.reveal_at != NO_CELL {
        out.push_str(&format!(
            "due: the reveal of the piece on {}\n",
            game.board.cell_name(state.reveal_at)
        ));
    }
    if let Some((cells, then)) = relocating(game, state) {
        out.push_str(&format!(
            "due: {} relocates {}; then {} moves again\n",
            game.players[state.to_move as usize],
            cells.join(" "),
            game.players[then as usize]
        ));
    }
    let tokens = game.legal_tokens(state);
    if game.is_chance(state) {
        out.push_str(&format!(
            "no outcome; chance event, {} outcomes: {}\n",
            tokens.len(),
            tokens.join(" ")
        ));
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

/// While the owner of surrounded pieces is to relocate them (the part `relocate` of the turn, the
/// pieces marked): their cells, and the player who moves once the relocations are done (the
/// player owed extra turns, else the next one after the owner).
fn relocating(game: &Game, state: &State) -> Option<(Vec<String>, u8)> {
    let part = game.moves.get(state.pending as usize)?;
    assert_eq!(
        part.info.name, "relocate",
        "the only part of a Hold pley turn"
    );
    let cells = state
        .marked
        .iter()
        .map(|c| game.board.cell_name(c))
        .collect();
    let then = if state.bonus_left > 0 {
        state.bonus
    } else {
        tabula::engine::state::next_player(state.to_move, game.players.len() as u8)
    };
    Some((cells, then))
}

fn cells_of(game: &Game, region: &str) -> Vec<String> {
    let info = game
        .regions
        .iter()
        .find(|r| r.name == region)
        .unwrap_or_else(|| panic!("region {region}"));
    game.region_sets[info.first_set as usize]
        .iter()
        .map(|c| game.board.cell_name(c))
        .collect()
}

const NUMBERED_WINS_16: Option<Outcome> = Some(Outcome::Win(NUMBERED, 16));
const PLAIN_WINS_26: Option<Outcome> = Some(Outcome::Win(PLAIN, 26));

// ---------------------------------------------------------------------------------------------
// Set-up and the first move (004 «Описание игры», rule 1; ruling 4.1, 4.2, 4.9.1, 4.9.5)

/// 004 «8 шашек с цифрами переворачиваются пустой стороной вверх и вразбивку кладутся на кружки с
/// №№; шесть шашек другого цвета расстанавливаются на средних заштрихованных кружках»: ruling 4.9.1,
/// the eight numbered pieces face down (their numbers unknown, dealt by the reveals) on the houses
/// a4 a6 d9 f9 i6 i4 f1 d1 (1-8), the six plain pieces on the middle circles b5 c5 d5 f5 g5 h5; the
/// board of 81 squares (ruling 4.1, a reconstruction).
#[test]
fn ruling_4_9_1_setup_face_down_on_the_houses_plain_on_the_middle_circles() {
    let case = Case::new(
        "start",
        "004 «Описание игры» / ruling 4.9.1: 8 face-down pieces on houses 1-8, 6 plain pieces on the middle circles, N to move",
    );
    let game = &case.game;
    assert_eq!(
        case.state, game.initial,
        "the game's setup must equal tests/positions/hold-pley/start.toml"
    );
    assert_eq!(
        (game.board.files, game.board.ranks, game.board.cells),
        (9, 9, 81)
    );
    let mut houses = cells_of(game, "houses");
    houses.sort();
    let mut want: Vec<String> = HOUSES.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(houses, want);
    for (i, house) in HOUSES.iter().enumerate() {
        assert_eq!(
            game.board.values[cell(game, house) as usize],
            i as i32 + 1,
            "house {house}"
        );
    }
    let mut middle = cells_of(game, "middle");
    middle.sort();
    assert_eq!(middle, MIDDLE.map(str::to_string).to_vec());
    let s = &case.state;
    for house in HOUSES {
        let c = cell(game, house);
        assert_eq!(s.owner(c), Some(NUMBERED), "{house}");
        assert!(game.is_face_down(s, c), "{house} face down");
        assert!(!game.is_held(s, c), "{house} not held");
    }
    for circle in MIDDLE {
        assert_eq!(s.owner(cell(game, circle)), Some(PLAIN), "{circle}");
    }
    assert_eq!(s.pieces_of(NUMBERED).len(), 8);
    assert_eq!(s.pieces_of(PLAIN).len(), 6);
    assert_eq!(game.held(s, NUMBERED), (0, 0));
    let houses_line = HOUSES
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{}={h}", i + 1))
        .collect::<Vec<_>>()
        .join(" ");
    let case = case.note(&format!(
        "setup equals game.initial; houses {houses_line}; middle circles {}; no piece held",
        MIDDLE.join(" ")
    ));
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 1 «Начинает ход игрок, имеющий 8 шашек»: the numbered player moves first; his 40 first
/// moves (five for each face-down piece: along the ring both ways and one step over the bold line).
#[test]
fn doc_004_rule_1_the_numbered_player_moves_first() {
    let case = Case::initial(
        "004 rule 1 «Начинает ход игрок, имеющий 8 шашек»: numbered to move, 40 first moves",
        &[],
    );
    assert_eq!(case.state.to_move, NUMBERED);
    let tokens = case.tokens_after("");
    assert_eq!(tokens.len(), 40);
    for t in &tokens {
        let from = t.split('-').next().expect("from");
        assert!(HOUSES.contains(&from), "{t} moves a house piece");
    }
    let case = case.note("every first move is a face-down piece leaving its house");
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 1 «после первого хода каждой шашки последняя переворачивается, открывая свой номер» /
/// ruling 4.9.5, 4.10: a face-down piece that completes its first move is turned up. With the deal
/// unknown this is a chance event with the 8 numbers as outcomes (a chance event is not an action:
/// the mover stays the same until it is resolved, and perft does not spend depth on it). Later
/// reveals offer only the numbers not yet shown.
#[test]
fn doc_004_rule_1_the_first_move_turns_the_piece_face_up() {
    let case = Case::initial(
        "004 rule 1 «после первого хода каждой шашки последняя переворачивается» / ruling 4.9.5: a4-b4, then reveal:1..8",
        &[],
    )
    .reveals("a4-b4", &[1, 2, 3, 4, 5, 6, 7, 8])
    .after("a4-b4")
    .after("a4-b4 reveal:3")
    .reveals("a4-b4 reveal:3 b5-a5 a6-a7", &[1, 2, 4, 5, 6, 7, 8])
    .moves_next("a4-b4 reveal:3 b5-a5 a6-a7 reveal:2", PLAIN);
    let s = case.play("a4-b4");
    assert_eq!(
        (s.to_move, s.ply, s.reveal_at),
        (NUMBERED, 1, cell(&case.game, "b4"))
    );
    assert!(case.game.is_face_down(&s, cell(&case.game, "b4")));
    let up = case.play("a4-b4 reveal:3");
    let b4 = cell(&case.game, "b4");
    assert!(!case.game.is_face_down(&up, b4));
    assert_eq!(up.ply, 1, "a reveal is not an action: the ply stays");
    assert_eq!(
        case.game.pieces[up.piece(b4).expect("b4").1 as usize].name,
        "n3"
    );
    // Perft (docs/rulings/README.md): 1 at depth 0 also where a chance event is pending; the reveal's 8
    // outcomes use no depth, so depth 1 counts the plain player's moves after each of them.
    let plain_moves = case.tokens_after("a4-b4 reveal:3").len() as u64;
    assert_eq!(case.game.perft(&s, 0), 1);
    assert_eq!(case.game.perft(&s, 1), 8 * plain_moves);
    let case = case.note(&format!(
        "perft after `a4-b4`: depth 0 = 1, depth 1 = 8 outcomes x {plain_moves} plain moves = {}",
        8 * plain_moves
    ));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.10: a reveal is a chance event even when the position fixes the identity, then with its
/// single outcome, so that a record always holds `reveal:N`. With unknown identities the outcomes
/// are the numbers not yet shown face up and not fixed for another face-down piece (here #1 is face
/// up, #3 and #5 are fixed: the unknown a6 can be 2, 4, 6, 7 or 8).
#[test]
fn ruling_4_9_5_a_fixed_identity_is_revealed_with_its_single_outcome() {
    let case = Case::new(
        "reveal_fixed",
        "ruling 4.9.5 / 4.10: a4 fixed as #3, d9 fixed as #5, a6 unknown, #1 face up",
    )
    .reveals("a4-b4", &[3])
    .reveals("d9-d8", &[5])
    .reveals("a6-a7", &[2, 4, 6, 7, 8])
    .after("a4-b4 reveal:3")
    .check("a4-b4", &[], &["reveal:1", "reveal:2", "reveal:5"]);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Moving (004 rules 2 and 3; ruling 4.3, 4.9.2-4.9.4)

/// 004 rule 2 «За ход считается передвижение шашки в прямом направлении (вперед, назад, вправо или
/// влево) на свободные квадратики. Допускается перепрыгивать через несколько квадратиков в одном
/// направлении, лишь бы там не стояла чья-либо шашка.» Ruling 4.9.2: #5 on c3, a plain piece on c6:
/// c3-c4 and c3-c5 legal (c5, a middle circle, may be entered by any piece: ruling 4.3), c3-c7
/// (passes c6) and c3-d4 (diagonal) illegal. Left and right the slide stops at the bold line (b3,
/// h3), down at c2.
#[test]
fn doc_004_rule_2_straight_slide_over_free_squares_without_diagonals() {
    let case = Case::new(
        "slide",
        "004 rule 2 / ruling 4.9.2: #5 on c3, plain on c6: rook slides, no diagonal, no passing over a piece",
    )
    .check("", &["c3-c4", "c3-c5"], &["c3-c6", "c3-c7", "c3-c8", "c3-d4", "c3-b2", "c3-b4", "c3-d2"])
    .only(
        "",
        &[
            "c3-b3", "c3-c2", "c3-c4", "c3-c5", "c3-d3", "c3-e3", "c3-f3", "c3-g3", "c3-h3",
        ],
    );
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 3 «Переход через жирную линию считается за один ход» / ruling 4.9.3: a move that
/// crosses the bold line (the outline of b2-h8) is exactly one step across it. b4-a4 legal; from c4
/// (b4, a4 empty) c4-b4 legal but c4-a4 illegal (a slide may not end by crossing); from a4 a4-b4
/// legal but a4-c4 illegal (nor start by crossing and go on); a4-a5 along the ring legal (ring to
/// ring does not cross), and so is the whole ring file a1-a9.
#[test]
fn doc_004_rule_3_crossing_the_bold_line_is_a_move_of_its_own() {
    let b4 = Case::new("crossing_b4", "ruling 4.9.3: a piece on b4, a4 empty").check(
        "",
        &["b4-a4", "b4-h4", "b4-b2", "b4-b8"],
        &["b4-i4", "b4-b1", "b4-b9"],
    );
    let c4 = Case::new(
        "crossing_c4",
        "ruling 4.9.3: a piece on c4, b4 and a4 empty",
    )
    .check("", &["c4-b4"], &["c4-a4", "c4-c1", "c4-c9", "c4-i4"]);
    let a4 = Case::new(
        "crossing_a4",
        "ruling 4.9.3: a piece on a4 (the ring), b4 and c4 empty",
    )
    .check(
        "",
        &["a4-b4", "a4-a5", "a4-a1", "a4-a9"],
        &["a4-c4", "a4-h4", "a4-i4"],
    )
    .only(
        "",
        &[
            "a4-a1", "a4-a2", "a4-a3", "a4-a5", "a4-a6", "a4-a7", "a4-a8", "a4-a9", "a4-b4",
        ],
    );
    insta::assert_snapshot!(format!("{}\n{}\n{}", b4.finish(), c4.finish(), a4.finish()));
}

/// The cells the only numbered piece (starting on `from`) can reach, by the least number of its
/// own moves: a breadth-first search over the legal moves of that piece alone (the other side does
/// not move).
fn reach(game: &Game, state: &State, from: &str) -> Vec<(String, u32)> {
    assert_eq!(state.pieces_of(NUMBERED).len(), 1);
    let start = cell(game, from);
    let mut dist = vec![u32::MAX; game.board.cells];
    dist[start as usize] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(c) = queue.pop_front() {
        let mut s = *state;
        if c != start {
            s.move_piece(start, c);
        }
        s.to_move = NUMBERED;
        for t in game.legal_tokens(&s) {
            let (a, b) = t.split_once('-').expect("a move");
            assert_eq!(cell(game, a), c);
            let to = cell(game, b);
            if dist[to as usize] == u32::MAX {
                dist[to as usize] = dist[c as usize] + 1;
                queue.push_back(to);
            }
        }
    }
    (0..game.board.cells as u16)
        .filter(|&c| dist[c as usize] != u32::MAX)
        .map(|c| (game.board.cell_name(c), dist[c as usize]))
        .collect()
}

/// 004 rule 3 example «Шашка, стоящая на кружке № 1, чтобы перейти поле и стать рядом с кружками 5
/// или 6, должна сделать не менее трех ходов. За первый ход она пересекает жирную линию; за второй
/// — все поле доски …, за третий же ход пересекается противоположная жирная линия.» Ruling 4.9.4:
/// #1 on a4 needs at least 3 moves to reach i4 (house 6): a search over that piece's own moves finds
/// i4, i5 and i6 (houses 6 and 5 and the square between them) at 3 moves, none fewer; the line of
/// the text a4-b4, b4-h4, h4-i4 is legal with the plain player moving in between, while b4-i4 (the
/// field and the line in one move) is not. The ring gives other 3-move routes (a4-a1, a1-i1,
/// i1-i4); its corners i1 and i9 are 2 moves away, but they are not next to houses 5 and 6.
#[test]
fn doc_004_rule_3_example_at_least_three_moves_from_house_1_to_the_far_side() {
    let case = Case::new(
        "three_moves",
        "004 rule 3 example / ruling 4.9.4: #1 on a4 reaches i4 in 3 moves at the least",
    );
    let reached = reach(&case.game, &case.state, "a4");
    let least = |target: &str| -> u32 {
        reached
            .iter()
            .find(|(c, _)| c == target)
            .map(|(_, d)| *d)
            .unwrap_or_else(|| panic!("{target} is reachable"))
    };
    // House 6 (i4), house 5 (i6) and the square between them: 3 moves each, none in fewer.
    for target in ["i4", "i5", "i6"] {
        assert_eq!(least(target), 3, "{target}");
    }
    let mut case = case;
    for d in 1..=3 {
        let mut layer: Vec<&str> = reached
            .iter()
            .filter(|(_, x)| *x == d)
            .map(|(c, _)| c.as_str())
            .collect();
        layer.sort();
        case = case.note(&format!("least {d} move(s): {}", layer.join(" ")));
    }
    let case = case
        .check("", &["a4-b4"], &["a4-c4", "a4-h4", "a4-i4"])
        .check("a4-b4 i9-h9", &["b4-h4"], &["b4-i4"])
        .check("a4-b4 i9-h9 b4-h4 h9-i9", &["h4-i4"], &[])
        .after("a4-b4 i9-h9 b4-h4 h9-i9 h4-i4");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Held pieces and houses (004 rules 4 and 5; ruling 4.4, 4.8.8, 4.9.9)

/// 004 rule 4 «Такую шашку нельзя атаковать, пока она сама не освободит свой дом» / rule 7 / ruling
/// 4.9.9: #4 face up in house 4 (f9) is held: plain pieces on e9, g9 and then f8 (f6-f8) close it in
/// but do not attack it; the numbered player simply moves. Control: #4 in house 3 (d9) with plain
/// pieces on c9, e9 and then d8 (d6-d8) is attacked: the numbered player relocates it, then the plain
/// player moves again.
#[test]
fn doc_004_rule_4_a_held_piece_cannot_be_attacked() {
    let held = Case::new(
        "held",
        "004 rule 4 / ruling 4.9.9: #4 held in its house f9; f6-f8 closes it in without an attack",
    )
    .moves_next("f6-f8", NUMBERED)
    .after("f6-f8");
    let s = held.play("f6-f8");
    assert!(held.game.is_held(&s, cell(&held.game, "f9")));
    let wrong = Case::new(
        "wrong_house",
        "ruling 4.9.9 control: #4 in house 3 (d9) is not held; d6-d8 attacks it",
    )
    .relocations_due("d6-d8", &["d9"], NUMBERED, PLAIN)
    .only(
        "d6-d8",
        &["d9-b5", "d9-c5", "d9-d5", "d9-f5", "d9-g5", "d9-h5"],
    )
    .moves_next("d6-d8 d9-f5", PLAIN)
    .after("d6-d8 d9-f5");
    let s = wrong.play("d6-d8 d9-f5");
    assert_eq!(s.piece(cell(&wrong.game, "d9")), None, "house 3 is free");
    insta::assert_snapshot!(format!("{}\n{}", held.finish(), wrong.finish()));
}

/// Ruling 4.4 / 4.8.8 (GUESS): a face-down piece that lies in its own house is not held: its number
/// is unknown, and it is turned up only by moving out. Here #1 is fixed face down on a4 beside three
/// held pieces: no win (3 held); after a4-a5 reveal:1 and back a5-a4 it is held and the numbered
/// player wins with 1+3+4+8 = 16.
#[test]
fn ruling_4_8_8_a_face_down_piece_in_its_own_house_is_not_held() {
    let case = Case::new(
        "face_down_at_home",
        "ruling 4.4 / 4.8.8: #1 face down in its own house a4 is not held; held once it returns face up",
    )
    .outcome("", None)
    .reveals("a4-a5", &[1])
    .outcome("a4-a5 reveal:1 e5-e4 a5-a4", NUMBERED_WINS_16)
    .after("a4-a5 reveal:1 e5-e4 a5-a4");
    let a4 = cell(&case.game, "a4");
    assert!(!case.game.is_held(&case.state, a4));
    assert_eq!(case.game.held(&case.state, NUMBERED), (3, 15));
    let s = case.play("a4-a5 reveal:1 e5-e4 a5-a4");
    assert!(case.game.is_held(&s, a4));
    assert_eq!(case.game.held(&s, NUMBERED), (4, 16));
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 5 «Играющий 6 шашками без цифр старается занять какой-нибудь освободившийся дом. Дом
/// считается занятым до тех пор, пока занявшая его шашка сама не освободит его или же не будет
/// атакована шашками противника.» A plain piece on house 7 (f1) holds it until it is attacked: #1
/// (e1), #2 (g1) and then #3 (f3-f2) close it in (an edge square, 3 attackers), the plain player
/// puts it on a middle circle of his choice, the house is free, and the numbered player moves again.
#[test]
fn doc_004_rule_5_a_plain_piece_holds_a_house_until_attacked() {
    let case = Case::new(
        "plain_on_house",
        "004 rule 5: a plain piece on house 7 (f1) is attacked by f3-f2 and leaves the house",
    )
    .relocations_due("f3-f2", &["f1"], PLAIN, NUMBERED)
    .only(
        "f3-f2",
        &["f1-b5", "f1-c5", "f1-d5", "f1-f5", "f1-g5", "f1-h5"],
    )
    .moves_next("f3-f2 f1-h5", NUMBERED)
    .check("f3-f2 f1-h5", &["e1-f1", "g1-f1", "f2-f1"], &[])
    .after("f3-f2 f1-h5");
    let s = case.play("f3-f2 f1-h5");
    assert_eq!(s.piece(cell(&case.game, "f1")), None, "house 7 is free");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Attack (004 rules 6 and 7; ruling 4.5, 4.9.6-4.9.8)

/// 004 rule 6 «Атаковать шашку, это значит окружить ее со всех сторон своими шашками. Для этого
/// требуется не менее 3 шашек. … Атакованный должен немедленно освободить поле и поставить свою
/// шашку на любой средний кружок (без цифр). Это считается за ход, почему заявивший „плей" имеет
/// право на новый ход.» Ruling 4.9.7: #5 face up in house 2 (a6, not its own) with plain pieces on
/// a5 and b6; a8-a7 closes its three sides: the numbered player must put it on any empty middle
/// circle (6 choices, his action), then the plain player moves again (a7-a6 into the freed house),
/// then the turns alternate.
#[test]
fn doc_004_rule_6_three_attackers_on_an_edge_relocation_and_bonus_move() {
    let case = Case::new(
        "edge_attack",
        "004 rule 6 / ruling 4.9.7: a8-a7 attacks #5 on a6; numbered relocates it, plain moves again",
    )
    .relocations_due("a8-a7", &["a6"], NUMBERED, PLAIN)
    .only(
        "a8-a7",
        &["a6-b5", "a6-c5", "a6-d5", "a6-f5", "a6-g5", "a6-h5"],
    )
    .after("a8-a7")
    .moves_next("a8-a7 a6-d5", PLAIN)
    .after("a8-a7 a6-d5")
    .moves_next("a8-a7 a6-d5 a7-a6", NUMBERED);
    let s = case.play("a8-a7 a6-d5");
    assert_eq!(s.ply, 2, "the relocation is an action");
    assert_eq!(s.bonus, NONE);
    let d5 = cell(&case.game, "d5");
    assert!(
        !case.game.is_face_down(&s, d5),
        "a relocated piece stays face up"
    );
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 6 «окружить ее со всех сторон» / ruling 4.9.8: a piece on a field square has four
/// neighbours, so three attackers are not enough: with plain pieces on d3 and e2, f4-f3 (three
/// sides) or e6-e4 (three sides, f3 open) attacks nothing; once all four sides are closed (f4-f3,
/// then e6-e4) #7 on e3 is attacked.
#[test]
fn doc_004_rule_6_a_field_square_needs_four_attackers() {
    let case = Case::new(
        "field",
        "004 rule 6 / ruling 4.9.8: #7 on e3 needs 4 attackers; 3 do nothing",
    )
    .moves_next("f4-f3", NUMBERED)
    .moves_next("e6-e4", NUMBERED)
    .relocations_due("f4-f3 a4-a3 e6-e4", &["e3"], NUMBERED, PLAIN)
    .only(
        "f4-f3 a4-a3 e6-e4",
        &["e3-b5", "e3-c5", "e3-d5", "e3-f5", "e3-g5", "e3-h5"],
    )
    .after("f4-f3")
    .after("f4-f3 a4-a3 e6-e4");
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 6 «Для этого требуется не менее 3 шашек» (ruling 4.5: board edges close a side, but
/// at least 3 attackers are needed): a piece in a corner has two neighbours and can never be
/// attacked. c1-b1 closes the plain piece on a1 between #1 (a2) and #2 (b1): nothing happens, the
/// plain player moves on (his a1 piece has no move).
#[test]
fn doc_004_rule_6_a_corner_piece_cannot_be_attacked() {
    let case = Case::new(
        "corner",
        "004 rule 6 «не менее 3 шашек»: c1-b1 closes a1's two sides; no attack",
    )
    .moves_next("c1-b1", PLAIN)
    .after("c1-b1");
    let tokens = case.tokens_after("c1-b1");
    assert!(tokens.iter().all(|t| !t.starts_with("a1-")));
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 7 «Атаковать можно любую шашку… Исключение представляют лишь шашки, не перевернутые еще
/// (т. е. не сделавшие еще ни одного хода), и шашки, занявшие свой дом» / ruling 4.9.6: plain pieces
/// on a3, b4 and then a5 (a7-a5) around the unknown face-down piece on a4: no attack, no relocation,
/// no bonus move. The same for a face-down piece fixed as #6 in its own house i4 (i3, h4, then
/// i7-i5): face down, so neither held nor attackable. Control: a face-up #2 on a4 is attacked by the
/// same a7-a5.
#[test]
fn doc_004_rule_7_face_down_pieces_cannot_be_attacked() {
    let immune = Case::new(
        "face_down_immune",
        "004 rule 7 / ruling 4.9.6: face-down pieces on a4 (unknown) and i4 (fixed #6) are immune",
    )
    .moves_next("a7-a5", NUMBERED)
    .moves_next("i7-i5", NUMBERED)
    .after("a7-a5");
    let control = Case::new(
        "face_up_attacked",
        "ruling 4.9.6 control: a face-up #2 on a4 is attacked by a7-a5",
    )
    .relocations_due("a7-a5", &["a4"], NUMBERED, PLAIN);
    insta::assert_snapshot!(format!("{}\n{}", immune.finish(), control.finish()));
}

// ---------------------------------------------------------------------------------------------
// End of the game and scoring (004 rules 8 and 9; ruling 4.6, 4.9.10, 4.9.11)

/// 004 rule 8 «Если играющему на 8 нумерованных шашках удастся занять какие-либо 4 дома своими
/// шашками того же наименования, то это считается за выигрыш игры» and rule 9 «если заняты дома
/// №№ 8, 1, 3 и 4, то выигравший партию получает 16 очков» / ruling 4.9.10: #1 a4, #3 d9, #4 f9
/// held; d2-d1 puts #8 in house 8: the numbered player wins with 1+3+4+8 = 16.
#[test]
fn doc_004_rule_8_9_four_held_houses_win_scoring_16() {
    let case = Case::new(
        "numbered_wins",
        "004 rules 8, 9 / ruling 4.9.10: d2-d1 makes houses 8, 1, 3, 4 held: numbered wins 16",
    )
    .outcome("", None)
    .outcome("d2-d1", NUMBERED_WINS_16)
    .after("d2-d1");
    assert_eq!(case.game.held(&case.play("d2-d1"), NUMBERED), (4, 16));
    insta::assert_snapshot!(case.finish());
}

/// 004 rule 8 «Игра считается выигранной противником, если последний сумеет занять четырьмя своими
/// шашками (из 6) любые 4 занумерованные дома» and rule 9 / ruling 4.9.11: plain pieces on houses
/// 5, 6, 7; c1-d1 takes house 8: the plain player wins with 5+6+7+8 = 26. Moving the piece from
/// house 7 to house 8 (f1-d1) still holds only three.
#[test]
fn doc_004_rule_8_9_four_plain_pieces_on_houses_win_scoring_26() {
    let case = Case::new(
        "plain_wins",
        "004 rules 8, 9 / ruling 4.9.11: c1-d1 takes a 4th house: plain wins 26",
    )
    .outcome("", None)
    .outcome("c1-d1", PLAIN_WINS_26)
    .outcome("f1-d1", None)
    .after("c1-d1");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Further rulings (ruling 4.10)

/// Ruling 4.10 «After a move, in this order: the reveal, the win test, the attack test»: an unknown
/// face-down piece slides from house 7 to house 8 (f1-d1), closing in the plain piece on c1 with #2
/// (b1) and #6 (c2). The reveal comes first (numbers 5, 7, 8 are left). reveal:8 makes the fourth
/// held house: the numbered player wins with 16 and the surround is never carried out. reveal:7
/// (or 5) wins nothing, and then the surround takes effect: plain relocates c1, numbered moves again.
#[test]
fn ruling_4_10_reveal_then_win_test_then_attack_test() {
    let case = Case::new(
        "order",
        "ruling 4.10: f1-d1 → reveal; reveal:8 wins (16) before the attack; reveal:7 → the attack on c1",
    )
    .reveals("f1-d1", &[5, 7, 8])
    .outcome("f1-d1 reveal:8", NUMBERED_WINS_16)
    .relocations_due("f1-d1 reveal:7", &["c1"], PLAIN, NUMBERED)
    .relocations_due("f1-d1 reveal:5", &["c1"], PLAIN, NUMBERED)
    .after("f1-d1")
    .after("f1-d1 reveal:8")
    .after("f1-d1 reveal:7");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.10 «A winning move ends the game even if it also surrounds something»: #8 face up steps
/// d2-d1 into its house (fourth held house) and closes the plain piece on c1 (b1, c2, d1): the game
/// is over with 16; no relocation follows.
#[test]
fn ruling_4_10_a_winning_move_that_also_surrounds_ends_the_game() {
    let case = Case::new(
        "win_and_surround",
        "ruling 4.10: d2-d1 wins (16) and surrounds c1; the game ends",
    )
    .outcome("d2-d1", NUMBERED_WINS_16)
    .after("d2-d1");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.5 / 4.10 «Several attacked pieces are relocated one action at a time in any order the
/// owner likes (each order is a different action sequence) … One bonus move follows»: c2-c1 closes
/// in both b1 (a1, b2, c1) and d1 (c1, d2, e1). The plain player relocates them one by one (12 first
/// choices, then 5), either first; then the numbered player moves once, then the plain player.
#[test]
fn ruling_4_10_several_surrounded_pieces_relocated_one_at_a_time_then_one_bonus_move() {
    let case = Case::new(
        "two_surrounded",
        "ruling 4.10: c2-c1 attacks b1 and d1; two relocations in either order, one bonus move",
    )
    .relocations_due("c2-c1", &["b1", "d1"], PLAIN, NUMBERED)
    .only(
        "c2-c1",
        &[
            "b1-b5", "b1-c5", "b1-d5", "b1-f5", "b1-g5", "b1-h5", "d1-b5", "d1-c5", "d1-d5",
            "d1-f5", "d1-g5", "d1-h5",
        ],
    )
    .relocations_due("c2-c1 b1-b5", &["d1"], PLAIN, NUMBERED)
    .only(
        "c2-c1 b1-b5",
        &["d1-c5", "d1-d5", "d1-f5", "d1-g5", "d1-h5"],
    )
    .relocations_due("c2-c1 d1-b5", &["b1"], PLAIN, NUMBERED)
    .moves_next("c2-c1 b1-b5 d1-c5", NUMBERED)
    .moves_next("c2-c1 d1-c5 b1-b5", NUMBERED)
    .moves_next("c2-c1 b1-b5 d1-c5 c1-d1", PLAIN)
    .after("c2-c1 b1-b5 d1-c5");
    // Both orders reach the same placement, as different action sequences.
    assert_eq!(
        case.play("c2-c1 b1-b5 d1-c5"),
        case.play("c2-c1 d1-c5 b1-b5")
    );
    let s = case.play("c2-c1");
    assert_eq!(case.game.perft(&s, 2), 12 * 5);
    let case = case.note("perft after `c2-c1`: depth 2 = 12 x 5 = 60 relocation sequences");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.10 «when circles run out the rest stay. One bonus move follows if at least one piece was
/// relocated»: as before, but only h5 is free: one of b1 and d1 goes there (the owner's choice), the
/// other stays, and the numbered player moves again.
#[test]
fn ruling_4_10_when_the_circles_run_out_the_rest_stay() {
    let case = Case::new(
        "two_surrounded_one_circle",
        "ruling 4.10: c2-c1 attacks b1 and d1 with one free circle: one goes, one stays",
    )
    .relocations_due("c2-c1", &["b1", "d1"], PLAIN, NUMBERED)
    .only("c2-c1", &["b1-h5", "d1-h5"])
    .moves_next("c2-c1 b1-h5", NUMBERED)
    .moves_next("c2-c1 d1-h5", NUMBERED)
    .after("c2-c1 b1-h5");
    let s = case.play("c2-c1 b1-h5");
    assert_eq!(s.owner(cell(&case.game, "d1")), Some(PLAIN), "d1 stays");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.5 / 4.10 «If no middle circle is empty, the surround has no effect … its circle must be
/// empty and not the one it stands on»: the plain piece on d5 (itself a middle circle) is closed in
/// by d7-d6 while the other five circles hold numbered pieces: nothing happens, the plain player
/// simply moves next.
#[test]
fn ruling_4_10_no_free_middle_circle_the_surround_has_no_effect() {
    let case = Case::new(
        "no_free_circle",
        "ruling 4.10: d7-d6 closes in d5 but no other circle is free: no effect",
    )
    .moves_next("d7-d6", PLAIN)
    .after("d7-d6");
    let s = case.play("d7-d6");
    assert_eq!(s.bonus, NONE);
    assert_eq!(s.owner(cell(&case.game, "d5")), Some(PLAIN));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.10 «A relocation never attacks; only a move is checked, around the moved piece»: a8-a7
/// attacks #5 on a6 (ruling 4.9.7); the numbered player puts it on d5, which closes the plain piece
/// on e5 in (d5, f5, e4, e6): no attack, the plain player makes his bonus move.
#[test]
fn ruling_4_10_a_relocation_never_attacks() {
    let case = Case::new(
        "relocation_no_attack",
        "ruling 4.10: relocating #5 to d5 closes e5 in, but a relocation does not attack",
    )
    .relocations_due("a8-a7", &["a6"], NUMBERED, PLAIN)
    .only("a8-a7", &["a6-b5", "a6-c5", "a6-d5", "a6-g5", "a6-h5"])
    .moves_next("a8-a7 a6-d5", PLAIN)
    .after("a8-a7 a6-d5");
    let s = case.play("a8-a7 a6-d5");
    assert_eq!(s.owner(cell(&case.game, "e5")), Some(PLAIN));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.10 «Face-down pieces count as attackers; only their own immunity is stated»: the plain
/// piece on a5 lies between the face-down pieces of houses 1 and 2; c5-b5 closes its third side.
#[test]
fn ruling_4_10_face_down_pieces_count_as_attackers() {
    let case = Case::new(
        "face_down_attackers",
        "ruling 4.10: c5-b5 attacks a5 between two face-down pieces",
    )
    .relocations_due("c5-b5", &["a5"], PLAIN, NUMBERED)
    .only("c5-b5", &["a5-c5", "a5-d5", "a5-f5", "a5-g5", "a5-h5"])
    .after("c5-b5");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 4.3 / 4.10 «A player with no legal move (also for the bonus move) plays `pass`»: the plain
/// player's only piece is shut in the corner a1: his one action is `pass`, then the numbered player
/// moves; under the option `no_move=loses` (the other reading of the GUESS) he loses instead. (A
/// bonus move always has a move: the square of the relocated piece is free and next to the piece
/// that attacked it, so the bonus `pass` cannot arise on this board.)
#[test]
fn ruling_4_10_a_player_with_no_legal_move_passes() {
    let case = Case::new(
        "no_move",
        "ruling 4.10: plain cannot move (a1 shut in): `pass`",
    )
    .only("", &["pass"])
    .moves_next("pass", NUMBERED)
    .after("pass");
    assert_eq!(case.play("pass").ply, 1, "a pass is an action");
    let loses = Case::with_options(
        "no_move",
        "ruling 4.3 (GUESS) option no_move=loses: the player without a move loses instead",
        &[("no_move", "loses")],
    )
    .outcome("", Some(Outcome::Win(NUMBERED, 1)));
    insta::assert_snapshot!(format!("{}\n{}", case.finish(), loses.finish()));
}

/// Ruling 4.10 «There is no length cap by default (option `max_plies`)»: the option counts actions
/// (moves, relocations, passes), not reveals: with `max_plies=3` the game is drawn after the third.
#[test]
fn ruling_4_10_no_length_cap_by_default_option_max_plies() {
    let default = load(&[]);
    let option = default
        .options
        .iter()
        .find(|o| o.name == "max_plies")
        .expect("option max_plies");
    assert_eq!(option.default, 0);
    let case = Case::initial(
        "ruling 4.10 option max_plies=3: a draw after three actions; reveals do not count",
        &[("max_plies", "3")],
    )
    .outcome("a4-b4 reveal:3 c5-c4", None)
    .outcome("a4-b4 reveal:3 c5-c4 b4-b3", Some(Outcome::Draw));
    let s = case.play("a4-b4 reveal:3 c5-c4 b4-b3");
    assert_eq!(s.ply, 3);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Hidden information (ruling 4.2, 4.7)

/// Checks every cell of `diagram` against `state`: a face-down piece is `#` whatever its fixed kind,
/// a face-up numbered piece its digit, a plain piece `P`; returns how many digits are drawn.
fn check_hidden(game: &Game, state: &State, diagram: &str, what: &str) -> usize {
    let symbols = board_symbols(diagram);
    let mut digits = 0;
    for c in 0..81u16 {
        let (file, rank) = ((c % 9) as usize, (c / 9) as usize);
        let got = symbols[rank][file];
        let want = match state.piece(c) {
            None => game.empty_symbol(c),
            Some((PLAIN, _)) => 'P',
            Some(_) if game.is_face_down(state, c) => '#',
            Some((_, k)) => game.pieces[k as usize].name[1..]
                .chars()
                .next()
                .expect("a number"),
        };
        assert_eq!(got, want, "{what}: {}", game.board.cell_name(c));
        digits += usize::from(got.is_ascii_digit());
    }
    digits
}

/// Ruling 4.2 / 4.7: the deal is hidden from both players, so the diagram (`tabula show`) never
/// shows the number of a face-down piece, even where the position file fixes it (`dealt.toml` fixes
/// all eight: a4 #3, a6 #7, d9 #1, f9 #8, i6 #5, i4 #2, f1 #6, d1 #4). Checked for `tabula show` on
/// the file, before and after a reveal, and for the library's diagram in every position of a seeded
/// random game from it: every face-down piece is `#`, and the digits drawn are exactly the face-up
/// pieces.
#[test]
fn ruling_4_7_the_diagram_never_shows_a_face_down_number() {
    let game = load(&[]);
    let dealt = read(&game, "dealt");
    assert_eq!(dealt.face_down.len(), 8);
    let path = positions().join("dealt.toml");
    let show = |after: &str| -> String {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"));
        command.args(["show", GAME, "--position"]).arg(&path);
        if !after.is_empty() {
            command.args(["--after", after]);
        }
        let output = command.output().expect("tabula runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let mut out = String::from(
        "# ruling 4.7: `tabula show` and the diagram never show a face-down piece's number (dealt.toml fixes all 8)\n",
    );
    for after in ["", "a4-b4", "a4-b4 reveal:3"] {
        let text = show(after);
        let mut state = dealt;
        game.play_tokens(&mut state, after).expect("legal");
        let digits = check_hidden(&game, &state, &text, &format!("show after `{after}`"));
        assert_eq!(digits, usize::from(after.contains("reveal")));
        out.push_str("\n$ tabula show hold-pley --position dealt.toml");
        if !after.is_empty() {
            out.push_str(&format!(" --after \"{after}\""));
        }
        out.push('\n');
        out.push_str(&text);
    }
    // A whole random game from the fixed deal: no position's diagram gives a face-down number away.
    let mut rng = seeded_rng(5);
    let mut state = dealt;
    let mut positions = 0;
    let mut most_hidden_seen = 0;
    while let Some(action) = game.random_action(&state, &mut rng) {
        let face_up = state
            .pieces_of(NUMBERED)
            .iter()
            .filter(|&c| !game.is_face_down(&state, c))
            .count();
        let digits = check_hidden(&game, &state, &game.diagram(&state), "random game");
        assert_eq!(digits, face_up);
        most_hidden_seen = most_hidden_seen.max(8 - face_up);
        game.apply(&mut state, &action);
        positions += 1;
        assert!(positions < 100_000, "the game does not end");
    }
    check_hidden(&game, &state, &game.diagram(&state), "end");
    assert_eq!(most_hidden_seen, 8);
    out.push_str(&format!(
        "\nseeded random game from dealt.toml (seed 5): {positions} positions checked, game over: {}\n",
        game.describe_outcome(game.outcome(&state).expect("over"))
    ));
    insta::assert_snapshot!(out);
}

// ---------------------------------------------------------------------------------------------
// A whole game

/// The record of `tests/positions/hold-pley/seed_73.txt` (without its `#` comment lines).
fn seed_73_record() -> String {
    let path = positions().join("seed_73.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A whole game of two random players, as `tabula play hold-pley --numbered random --plain random
/// --seed 73` recorded it while the reveals came from the players' generator, replays with `Game::play_tokens` from the initial position (its eight
/// `reveal:N` tokens, a relocation and the bonus move included) to the same end, token by token and
/// all at once. The end agrees with an independent reference written from the ruling.
#[test]
fn replay_of_a_recorded_game() {
    let game = load(&[]);
    let record = seed_73_record();
    let tokens: Vec<&str> = record.split_whitespace().collect();
    let mut state = game.initial;
    let (mut reveals, mut relocations, mut bonus_moves) = (0, 0, 0);
    let mut revealed = Vec::new();
    let mut bonus_due = false;
    for (i, token) in tokens.iter().enumerate() {
        assert!(
            game.outcome(&state).is_none(),
            "the game ended before token {}",
            i + 1
        );
        let relocating = relocating(&game, &state).is_some();
        game.play_tokens(&mut state, token)
            .unwrap_or_else(|e| panic!("token {} `{token}`: {e}", i + 1));
        if let Some(n) = token.strip_prefix("reveal:") {
            reveals += 1;
            revealed.push(n.to_string());
        } else if relocating {
            relocations += 1;
            bonus_due = state.pending == NONE;
        } else if bonus_due {
            bonus_moves += 1;
            bonus_due = false;
        }
    }
    let outcome = game.outcome(&state).expect("the recorded game is over");
    assert_eq!(outcome, Outcome::Win(PLAIN, 18));
    assert_eq!(reveals, 8);
    revealed.sort();
    assert_eq!(revealed, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    assert_eq!((relocations, bonus_moves), (1, 1));
    assert_eq!(state.ply as usize, tokens.len() - reveals);
    let mut at_once = game.initial;
    game.play_tokens(&mut at_once, &record)
        .expect("the record replays");
    assert_eq!(at_once, state);
    let mut out = format!(
        "# tests/positions/hold-pley/seed_73.txt: {} tokens, {reveals} reveals ({}), {relocations} relocation, {bonus_moves} bonus move\n",
        tokens.len(),
        tokens
            .iter()
            .filter(|t| t.starts_with("reveal:"))
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    );
    out.push_str(&diagram(&game, &state));
    out.push_str(&status(&game, &state));
    insta::assert_snapshot!(out);
}

/// The random players and the reveals of a seed make the same game every time, and the library
/// (`Game::random_action` with `engine::playout::seeded_rng`, one generator for the players and the
/// reveals) makes the record `tabula play` made when it drew both from that one generator.
#[test]
fn same_seed_same_record() {
    let game = load(&[]);
    let record = |seed: u64| -> Vec<String> {
        let mut rng = seeded_rng(seed);
        let mut state = game.initial;
        let mut tokens = Vec::new();
        while let Some(action) = game.random_action(&state, &mut rng) {
            tokens.push(game.action_token(&action));
            game.apply(&mut state, &action);
            assert!(tokens.len() < 100_000, "seed {seed}: the game does not end");
        }
        tokens
    };
    let first = record(73);
    assert_eq!(first, record(73), "seed 73 twice");
    assert_eq!(
        first.join(" "),
        seed_73_record(),
        "the stored record of seed 73"
    );
    assert_ne!(first, record(74), "another seed, another game");
}

// ---------------------------------------------------------------------------------------------
// The match (004 rules 10 and 11; ruling 4.6, 4.9.12)

/// The lines of `tabula play hold-pley --numbered random --plain random --match --seed SEED [ARGS]`
/// that tell the match (the game headers, results and the settlement), and for each game the first
/// player to move.
fn match_lines(seed: u64, args: &[&str]) -> (Vec<String>, Vec<String>) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "play",
            GAME,
            "--numbered",
            "random",
            "--plain",
            "random",
            "--match",
        ])
        .args(["--seed", &seed.to_string()])
        .args(args)
        .output()
        .expect("tabula runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let mut lines = Vec::new();
    let mut first_movers = Vec::new();
    let mut want_first = false;
    for line in text.lines() {
        if line.starts_with("=== game") {
            want_first = true;
        }
        if want_first && let Some((who, _)) = line.split_once(" (random) plays ") {
            first_movers.push(who.to_string());
            want_first = false;
        }
        let game_result = line
            .strip_prefix("game ")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        if game_result
            || ["=== game", "match", "net"]
                .iter()
                .any(|p| line.starts_with(p))
        {
            lines.push(line.to_string());
        }
    }
    (lines, first_movers)
}

/// Each game's result as (player A or B, points) from the `game N: A wins 15` lines.
fn game_results(lines: &[String]) -> Vec<(usize, i64)> {
    lines
        .iter()
        .filter(|l| !l.starts_with("==="))
        .filter_map(|l| l.strip_prefix("game "))
        .map(|rest| {
            let (_, result) = rest.split_once(": ").expect("game N: ...");
            let (who, points) = result.split_once(" wins ").expect("a win");
            (usize::from(who == "B"), points.parse().expect("points"))
        })
        .collect()
}

/// 004 rule 10 «Партия состоит из 2 или 3 игр. Две игры даются в том случае, если обе они
/// выигрываются одним и тем же игроком. Если же одна игра выиграна одним игроком, а другая —
/// другим, то дается третья игра — решительная.» and rule 11 «Очки выигранных игр складываются
/// между собой и из них вычитаются очки проигранной игры. … Выигравшим считается игрок А, но игрок
/// Б, как имеющий большее количество очков, получает с игрока А разницу в очках (26 — 25 — 1
/// очко).» Ruling 4.9.12: the arithmetic of the text's example (A 15, B 26, A 10: A wins the match,
/// B receives 1 point) and of two wins (A 12, A 20: over after two games, A +32), with
/// `engine::matches::MatchScore`; then `tabula play hold-pley --match` (the game file's `[match]`,
/// 3 games at most): with the sides changing every game (ruling 4.6, GUESS, option
/// `role_rotation`) a match of random players goes to a third game; without the change the plain
/// side (B) wins the first two and the match stops there. The numbered side moves first in every
/// game (rule 1), and the settlement printed is the points won less the points lost.
#[test]
fn doc_004_rule_10_11_a_match_of_two_or_three_games_and_its_net_result() {
    let mut out = String::from(
        "# 004 rules 10, 11 / ruling 4.9.12: a match of 2 or 3 games; net = points won - points lost\n",
    );
    // The text's example.
    let mut example = MatchScore::default();
    example.record(0, 15);
    example.record(1, 26);
    assert!(
        !example.decided(3),
        "1-1 after two games: a third is played"
    );
    example.record(0, 10);
    assert!(example.decided(3));
    assert_eq!(example.winner(), Some(0));
    assert_eq!(example.net(), -1, "A wins the match but pays B 26 - 25 = 1");
    out.push_str("rule 11 example [A 15, B 26, A 10]: match winner A, A's net -1 (B receives 1)\n");
    let mut two = MatchScore::default();
    two.record(0, 12);
    two.record(0, 20);
    assert!(two.decided(3), "the same player won games 1 and 2");
    assert_eq!((two.winner(), two.net()), (Some(0), 32));
    out.push_str("ruling 4.9.12 [A 12, A 20]: over after 2 games, match winner A, A's net +32\n");

    for (args, games) in [(&[][..], 3), (&["--option", "role_rotation=false"][..], 2)] {
        let (lines, first_movers) = match_lines(3, args);
        let results = game_results(&lines);
        assert_eq!(results.len(), games, "{lines:?}");
        assert_eq!(first_movers.len(), games);
        assert!(
            first_movers.iter().all(|p| p == "numbered"),
            "the numbered side starts every game: {first_movers:?}"
        );
        let mut score = MatchScore::default();
        for &(p, points) in &results {
            score.record(p, points);
        }
        let winner = ["A", "B"][score.winner().expect("a winner")];
        assert!(lines.contains(&format!("match over: {winner} wins")));
        let net = score.net();
        let settlement = match net.cmp(&0) {
            std::cmp::Ordering::Greater => format!("net: B pays A {net} point(s)"),
            std::cmp::Ordering::Less => format!("net: A pays B {} point(s)", -net),
            std::cmp::Ordering::Equal => "net: even".to_string(),
        };
        assert_eq!(lines.last(), Some(&settlement));
        if games == 2 {
            assert_eq!(results[0].0, results[1].0, "two wins by the same player");
        } else {
            assert_ne!(results[0].0, results[1].0, "1-1 after two games");
        }
        let sides: Vec<&String> = lines.iter().filter(|l| l.starts_with("===")).collect();
        for (i, header) in sides.iter().enumerate() {
            let a_numbered = games == 2 || i % 2 == 0;
            let want = if a_numbered {
                "A plays numbered, B plays plain"
            } else {
                "A plays plain, B plays numbered"
            };
            assert!(header.contains(want), "{header}");
        }
        out.push_str("\n$ tabula play hold-pley --numbered random --plain random --match --seed 3");
        for arg in args {
            out.push(' ');
            out.push_str(arg);
        }
        out.push('\n');
        for line in &lines {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!(
            "first to move in each game: {}\n",
            first_movers.join(", ")
        ));
    }
    insta::assert_snapshot!(out);
}

/// Option `bold_crossing` (ruling 4.8.2): with `stop_after` a slide may cross the bold line after
/// any distance but stops right after it (c4-a4 and c4-i4 become legal); the default `single_step`
/// allows only a crossing of one step.
#[test]
fn option_bold_crossing_stop_after() {
    let default = Case::new("crossing_c4", "bold_crossing = single_step (default)").check(
        "",
        &["c4-b4"],
        &["c4-a4"],
    );
    let stop = Case::with_options(
        "crossing_c4",
        "bold_crossing = stop_after: cross anywhere, stop right after",
        &[("bold_crossing", "stop_after")],
    )
    .check("", &["c4-b4", "c4-a4"], &[]);
    insta::assert_snapshot!(format!("{}\n{}", default.finish(), stop.finish()));
}

/// Option `bold_shields` (ruling 4.8.4): a side across a bold line counts as closed, so #5 just
/// inside the line is surrounded by three plain pieces; by default (`none`) it is not.
#[test]
fn option_bold_shields() {
    let default = Case::new(
        "shield",
        "bold_shields = none (default): b6 needs a6 taken too",
    )
    .moves_next("b4-b5", 0);
    let shields = Case::with_options(
        "shield",
        "bold_shields = bold: the bold side of b6 counts as closed",
        &[("bold_shields", "bold")],
    )
    .relocations_due("b4-b5", &["b6"], 0, 1);
    insta::assert_snapshot!(format!("{}\n{}", default.finish(), shields.finish()));
}

/// Option `capture` (ruling 4.5, 4.8.5): passive capture also takes #2 on h8, closed in before the
/// move and far from the moved piece; active capture (the default) only #7 next to it.
#[test]
fn option_capture_passive() {
    let active =
        Case::new("passive", "capture = active (default)").relocations_due("f6-f3", &["e3"], 0, 1);
    let passive = Case::with_options(
        "passive",
        "capture = passive: every enemy piece closed in is attacked",
        &[("capture", "passive")],
    )
    .relocations_due("f6-f3", &["e3", "h8"], 0, 1);
    insta::assert_snapshot!(format!("{}\n{}", active.finish(), passive.finish()));
}

/// Option `bonus` (ruling 4.5): with `per_piece`, two relocated pieces give the attacker two moves
/// in a row; by default one.
#[test]
fn option_bonus_per_piece() {
    let once = Case::new("two_surrounded", "bonus = once (default)")
        .moves_next("c2-c1 b1-b5 d1-c5", 0)
        .moves_next("c2-c1 b1-b5 d1-c5 e1-e2", 1);
    let each = Case::with_options(
        "two_surrounded",
        "bonus = per_piece: one bonus move per relocated piece",
        &[("bonus", "per_piece")],
    )
    .moves_next("c2-c1 b1-b5 d1-c5", 0)
    .moves_next("c2-c1 b1-b5 d1-c5 e1-e2", 0)
    .moves_next("c2-c1 b1-b5 d1-c5 e1-e2 e2-e3", 1);
    insta::assert_snapshot!(format!("{}\n{}", once.finish(), each.finish()));
}

/// Option `no_free_circle` (ruling 4.5): with `removed`, a surrounded piece that has no empty middle
/// circle to go to leaves the board; by default it stays and the surround has no effect.
#[test]
fn option_no_free_circle_removed() {
    let stays = Case::new("no_free_circle", "no_free_circle = stays (default)")
        .moves_next("d7-d6", 1)
        .after("d7-d6");
    let removed = Case::with_options(
        "no_free_circle",
        "no_free_circle = removed: the piece leaves the board",
        &[("no_free_circle", "removed")],
    )
    .moves_next("d7-d6", 1)
    .after("d7-d6");
    let gone = removed.play("d7-d6");
    assert_eq!(
        gone.piece(removed.game.board.parse_cell("d5").unwrap()),
        None
    );
    insta::assert_snapshot!(format!("{}\n{}", stays.finish(), removed.finish()));
}

/// A position in the middle of a turn is written with the general keys and read back as it was:
/// relocations due (the part `relocate`, where the attacker landed, the pieces still to relocate
/// marked), and with `bonus = per_piece` the extra moves still owed.
#[test]
fn a_position_with_relocations_due_or_bonus_moves_owed_is_written_and_read_back() {
    /// Options, the tokens played from `two_surrounded.toml`, and what the written file holds.
    type Due<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a [&'a str]);
    let due: [Due; 4] = [
        (
            &[],
            "c2-c1",
            &[
                "part = \"relocate\"\nlast_to = \"c1\"\nmarked = [\"b1\", \"d1\"]\n",
                "to_move = \"plain\"",
            ],
        ),
        (
            &[],
            "c2-c1 b1-b5",
            &["part = \"relocate\"\nlast_to = \"b5\"\nmarked = [\"d1\"]\n"],
        ),
        (
            &[("bonus", "per_piece")],
            "c2-c1 b1-b5",
            &["bonus = \"numbered\"\nbonus_moves = 1\npart = \"relocate\""],
        ),
        (
            &[("bonus", "per_piece")],
            "c2-c1 b1-b5 d1-c5",
            &[
                "to_move = \"numbered\"",
                "bonus = \"numbered\"\nbonus_moves = 1\n",
            ],
        ),
    ];
    for (options, tokens, keys) in due {
        let case = Case::with_options("two_surrounded", "written and read back", options);
        let state = case.play(tokens);
        let written = case.game.write_position(&state);
        for key in keys {
            assert!(written.contains(key), "after `{tokens}`: {written}");
        }
        let mut sources = tabula::span::Sources::default();
        let back = case
            .game
            .read_position(&mut sources, "written.toml", &written)
            .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
        assert_eq!(back, state, "after `{tokens}`: {written}");
        assert_eq!(
            case.game.legal_tokens(&back),
            case.game.legal_tokens(&state)
        );
    }
}
