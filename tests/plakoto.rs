//! Plakoto (`games/plakoto.toml`, a variant of Gioul): one snapshot per rule statement of the
//! source followed, [S23] fibs.com "Rules for Plakoto" (with [S24] msoworld and [S25] Ludii's
//! Plakoto.lud where S23 is silent), plus the options, perft-like checks of the start, position
//! files with pinned men, a replayed game and the determinism of a seed.
//!
//! Each test loads a tiny position from `tests/positions/plakoto/<name>.toml` (or the initial
//! position) and snapshots a note of what is pinned down, the diagram (points 1-12 above 13-24; a
//! pinned man is drawn under the stack that pins it, `W/B`, and listed on the `pinned:` line), the
//! side to move, then the outcome or the sorted legal tokens. Where the source names a move or an
//! outcome the test asserts it too, so a wrong snapshot cannot be accepted by accident.
//!
//! Points are numbered as White sees them: White moves 24 -> 1, Black 1 -> 24. `20/16*` is a move
//! that lands on a lone enemy man and pins it.

use tabula::engine::movegen::Outcome;
use tabula::engine::playout::seeded_rng;
use tabula::engine::state::Pool;
use tabula::{Game, State};

mod dice_support;
use dice_support::*;

const GAME: &str = "plakoto";

struct Plakoto;

impl DiceGame for Plakoto {
    const ID: &'static str = GAME;
}

type Case = dice_support::Case<Plakoto>;

fn load(options: &[(&str, &str)]) -> Game {
    dice_support::load::<Plakoto>(options)
}

fn read(game: &Game, name: &str) -> State {
    dice_support::read::<Plakoto>(game, name)
}

fn positions() -> std::path::PathBuf {
    dice_support::positions::<Plakoto>()
}

const WHITE_WINS: Option<Outcome> = Some(Outcome::Win(WHITE, 1));
const WHITE_WINS_2: Option<Outcome> = Some(Outcome::Win(WHITE, 2));
const BLACK_WINS_2: Option<Outcome> = Some(Outcome::Win(BLACK, 2));

/// The pinned men of `player`, as the rules' `pinned(player)` counts them.
fn pinned_count(state: &State, player: u8) -> usize {
    (0..24u16)
        .filter(|&c| state.pinned(c).is_some_and(|(p, _)| p == player))
        .count()
}

// ---------------------------------------------------------------------------------------------
// Set-up and movement: as in Gioul (S23 "all checkers are placed on the players' home points")

/// S23 "The board setup is the same as in Backgammon except that all checkers are placed on the
/// players' home points": 15 White men on 24, 15 Black on 1, moving in opposite directions; the
/// first player rolls two fresh dice.
#[test]
fn s23_setup_all_men_on_the_starting_points() {
    let case = Case::initial("S23 set-up: W15 on 24, B15 on 1, White to roll")
        .only("roll:6-5", &["24/18", "24/19"])
        .only("roll:6-5 24/18", &["18/13", "24/19"])
        .only("roll:6-5 24/18 18/13 roll:4-3", &["1/4", "1/5"]);
    assert_eq!(white_on(&case.state, &case.game, "24"), 15);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Pinning (S23 "that blot is captured instead of hit")

/// S23 "If one player lands a checker on the other player's blot, then that blot is captured
/// instead of hit": White's 4 lands on the lone Black man on 20 and pins it there; it does not go
/// to the bar. Two Black men on 18 still close the point (24/18 is illegal).
#[test]
fn s23_landing_on_a_blot_pins_it() {
    let case = Case::new(
        "pin",
        "S23 captured instead of hit: 24/20* pins the Black man on 20",
    )
    .only("", &["24/20*"])
    .check("", &[], &["24/18"])
    .after("24/20*");
    let after = case.play("24/20*");
    let twenty = case.game.board.parse_cell("20").expect("a point");
    assert_eq!(after.owner(twenty), Some(WHITE));
    assert_eq!(after.pinned(twenty), Some((BLACK, 0)));
    assert_eq!((after.bar, after.off), ([0; 4], [0; 4]));
    insta::assert_snapshot!(case.finish());
}

/// S23 "Captured blots can not be moved": the pinned Black man on 20 has no move (no `20/...`),
/// and Black's other men move as usual.
#[test]
fn s23_a_pinned_man_cannot_move() {
    let case = Case::new(
        "pinned_cannot_move",
        "S23 captured blots can not be moved: no move from 20",
    )
    .only("", &["1/2", "1/4", "17/18"])
    .check("", &[], &["20/21", "20/23"]);
    assert_eq!(pinned_count(&case.state, BLACK), 1);
    insta::assert_snapshot!(case.finish());
}

/// S23 "... until all the capturing checker has move from that point which will free the captured
/// blot": with two White men on 20 the Black man stays pinned after 20/14 and is free after
/// 20/14 20/18; then Black may move it.
#[test]
fn s23_released_once_every_pinner_has_left() {
    let case = Case::new(
        "release",
        "S23 freed when all the capturing checkers have moved",
    )
    .after("20/14")
    .after("20/14 20/18")
    .check("20/14 20/18 roll:3-1", &["20/23", "20/21"], &[]);
    let game = &case.game;
    let twenty = game.board.parse_cell("20").expect("a point");
    let one_left = case.play("20/14");
    assert_eq!(one_left.pinned(twenty), Some((BLACK, 0)));
    assert_eq!(one_left.owner(twenty), Some(WHITE));
    let free = case.play("20/14 20/18");
    assert_eq!(free.pinned(twenty), None);
    assert_eq!(free.piece(twenty), Some((BLACK, 0)));
    insta::assert_snapshot!(case.finish());
}

/// S23 "a captured blot will become a prime together with the capturing checker, meaning that the
/// captured player can not land any more checkers on that point. The capturing player may, however,
/// stack as many checkers he wants on that point": White may play 24/20 onto his pinning man (no
/// pin, `*`, a second time); Black may not land on 20 (`17/20` in pinned_cannot_move).
#[test]
fn s23_the_pinned_point_belongs_to_the_pinner() {
    let white = Case::new(
        "pinned_point",
        "S23 the capturing player may stack on the point",
    )
    .check("", &["24/20"], &["24/20*"])
    .after("24/20");
    let black = Case::new(
        "pinned_cannot_move",
        "S23 the captured player can not land there",
    )
    .check("", &[], &["17/20"])
    .check("17/18", &["18/21"], &["17/20"]);
    insta::assert_snapshot!(format!("{}\n{}", white.finish(), black.finish()));
}

// ---------------------------------------------------------------------------------------------
// Bearing off (S23 "all checkers must be in the ... home board and they must also be free")

/// S23 "In order to be allowed to bear off, all checkers must be in the opponent's home board and
/// they must also be free. This rule also applies if you already have started to bear off":
/// White has 2 men off and all others in 1-6, but the man on 3 is pinned: 2/off is illegal, only
/// moves inside the home board (not onto 3, which is Black's). The same position with that man
/// free bears off.
#[test]
fn s23_no_bearing_off_while_a_man_is_pinned() {
    let pinned = Case::new(
        "bear_off_pinned",
        "S23 must also be free: no bearing off with W pinned on 3",
    )
    .only("", &["2/1", "4/2", "5/4", "6/4", "6/5"])
    .check("", &[], &["2/off", "5/3", "4/3"]);
    let free = Case::new(
        "bear_off_free",
        "the same with the man on 3 free: 2/off is legal",
    )
    .check("", &["2/off", "3/1"], &[]);
    insta::assert_snapshot!(format!("{}\n{}", pinned.finish(), free.finish()));
}

// ---------------------------------------------------------------------------------------------
// The mother checker (S23 "If a player's last checker on his home point is captured ...")

/// S23 "If a player's last checker on his home point is captured he immediately loses the game":
/// Black, who has left his own starting point, pins White's last man on 24 with the 4: Black wins
/// at once, in the middle of his roll, with 2 points (S25; option `mother_score`).
#[test]
fn s23_pinning_the_mother_checker_wins_at_once() {
    let case = Case::new(
        "mother",
        "S23 mother checker: 20/24* pins White's last man on 24",
    )
    .outcome("", None)
    .outcome("20/24*", BLACK_WINS_2)
    .after("20/24*");
    let three = Case::with_options("mother", "option mother_score=3", &[("mother_score", "3")])
        .outcome("20/24*", Some(Outcome::Win(BLACK, 3)));
    insta::assert_snapshot!(format!("{}\n{}", case.finish(), three.finish()));
}

/// S23 "... unless the other player still has checkers left on his home point": Black still has a
/// man on 1, so pinning White's mother does not end the game; it ends when Black's last man leaves
/// 1 with White's mother still pinned ([S23] "How to Win": "you capture your opponent's home point
/// while leaving your own home point with all checkers"; the ethnoludie rules say the same). With
/// `mother_exception=false` (Ludii's implementation) the pin wins at once.
#[test]
fn s23_mother_exception_while_the_pinner_has_men_on_his_own_start() {
    let case = Case::new(
        "mother_exception",
        "S23 exception: Black still has a man on his starting point",
    )
    .outcome("20/24*", None)
    .only("20/24*", &["1/2", "19/20"])
    .outcome("20/24* 1/2", BLACK_WINS_2)
    .after("20/24* 1/2");
    let strict = Case::with_options(
        "mother_exception",
        "option mother_exception=false: no exception",
        &[("mother_exception", "false")],
    )
    .outcome("20/24*", BLACK_WINS_2);
    insta::assert_snapshot!(format!("{}\n{}", case.finish(), strict.finish()));
}

/// S23 "He then still have the chance of capturing the other player's home point which in turn will
/// make the game a draw if he succeeds" (S24 "A game in which the mother checkers of both players
/// are pinned results in a tie"): White, whose mother is pinned, pins Black's with 5/1*: a draw.
#[test]
fn s23_both_mothers_pinned_is_a_draw() {
    let case = Case::new("mothers", "S23, S24: both mother checkers pinned: a draw")
        .outcome("", None)
        .outcome("5/1*", Some(Outcome::Draw))
        .after("5/1*");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Winning and scoring (S23 "How to Win", S25 1 or 2 points)

/// S25 "If the losing player has borne off at least one piece, they lose only one point. If the
/// losing player has not borne off a single piece ... two points" (S23 "You win ... by bearing off
/// all your checkers before the opponent"): inherited from Gioul's rules.
#[test]
fn s25_scoring_two_points_or_one() {
    let gammon = Case::new(
        "gammon",
        "S25: White's 15th man off, Black has none off: 2 points",
    )
    .outcome("roll:2-1 1/off", WHITE_WINS_2);
    let single = Case::new(
        "single_game",
        "S25: the same with one Black man off: 1 point",
    )
    .outcome("roll:2-1 1/off", WHITE_WINS);
    insta::assert_snapshot!(format!("{}\n{}", gammon.finish(), single.finish()));
}

// ---------------------------------------------------------------------------------------------
// Dice (S23 "played out in the same as Backgammon"; S25 "Doubles are played twice")

/// S25 "Doubles are played twice ... all four numbers in the case of doubles": 3-3 gives four 3s,
/// in order, with no escalation to 4s; then Black rolls.
#[test]
fn s25_doublets_are_four_moves_without_escalation() {
    let case = Case::initial("S25 doubles played twice: 3-3 is four 3s, no escalation")
        .pool("roll:3-3", WHITE, &[3, 3, 3, 3], Pool::Doublet)
        .pool("roll:3-3 24/21 24/21 21/18 24/21", BLACK, &[], Pool::Empty)
        .after("roll:3-3 24/21 24/21 21/18 24/21");
    insta::assert_snapshot!(case.finish());
}

/// S23 "played out in the same as Backgammon": pips of a doublet that cannot be played are lost;
/// nothing passes to the opponent (unlike Gioul). Of 6-6 only 20/14 can be played.
#[test]
fn s23_unplayable_pips_are_lost_not_passed() {
    let case = Case::new(
        "doublet_blocked",
        "S23 as in backgammon: the three 6s left are lost",
    )
    .only("roll:6-6", &["20/14"])
    .pool("roll:6-6 20/14", BLACK, &[], Pool::Empty);
    insta::assert_snapshot!(case.finish());
}

/// S25 "A player must use both numbers of a roll if possible" (backgammon's rule, S23): the man
/// on 10 can play the 6 or the 2 but not both; the larger, 10/4, must be played.
#[test]
fn s25_the_larger_die_when_only_one_can_be_played() {
    let case = Case::new("higher_die", "backgammon's maximum use: only the 6 (10/4)")
        .only("roll:6-2", &["10/4"])
        .pool("roll:6-2 10/4", BLACK, &[], Pool::Empty);
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Position files with pinned men

/// `show --format toml` writes the pinned men (`pinned = { black = ["20"] }`) and reading it back
/// gives the same position.
#[test]
fn pinned_men_round_trip_through_position_files() {
    let game = load(&[]);
    let mut state = read(&game, "pin");
    game.play_tokens(&mut state, "24/20*").expect("legal");
    let text = game.write_position(&state);
    assert!(text.contains("pinned = { black = [\"20\"] }"), "{text}");
    let mut sources = tabula::span::Sources::default();
    let back = game
        .read_position(&mut sources, "round-trip.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    assert_eq!(back, state);
    insta::assert_snapshot!(text);
}

/// A pinned man must lie under another player's men, one to a cell: each mistake is reported
/// where it is written.
#[test]
fn bad_pinned_men_are_reported() {
    let game = load(&[]);
    let text = r#"to_move = "white"
pinned = { black = ["20", "24", "5", "25"] }

[pieces]
white = ["24*15"]
black = ["1*14"]
"#;
    let mut sources = tabula::span::Sources::default();
    let errors = game
        .read_position(&mut sources, "bad.toml", text)
        .expect_err("bad pinned men");
    insta::assert_snapshot!(errors.render(&sources));
}

// ---------------------------------------------------------------------------------------------
// A recorded game

/// The record of `tests/positions/plakoto/seed_7.txt` (without its `#` comment lines).
fn seed_7_record() -> String {
    let path = positions().join("seed_7.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A whole game of two random players, as `tabula play plakoto --white random --black random
/// --seed 7` recorded it, replays token by token from the initial position (pins, releases and
/// passes included) to its end.
#[test]
fn replay_of_a_recorded_game() {
    let game = load(&[]);
    let record = seed_7_record();
    let tokens: Vec<&str> = record.split_whitespace().collect();
    let mut state = game.initial;
    let (mut pins, mut passes, mut most_pinned) = (0, 0, 0);
    for (i, token) in tokens.iter().enumerate() {
        assert!(
            game.outcome(&state).is_none(),
            "the game ended before token {}",
            i + 1
        );
        game.play_tokens(&mut state, token)
            .unwrap_or_else(|e| panic!("token {} `{token}`: {e}", i + 1));
        pins += usize::from(token.ends_with('*'));
        passes += usize::from(*token == "pass");
        most_pinned = most_pinned.max(pinned_count(&state, WHITE) + pinned_count(&state, BLACK));
    }
    let outcome = game.outcome(&state).expect("the recorded game is over");
    assert!(pins > 0 && passes > 0, "the record pins and passes");
    let mut out = format!(
        "# tests/positions/plakoto/seed_7.txt: {} tokens, {pins} pins, {passes} passes, at most {most_pinned} men pinned at once\n",
        tokens.len()
    );
    out.push_str(&game.diagram(&state));
    out.push_str(&status(&game, &state));
    assert_eq!(outcome, Outcome::Win(WHITE, 1));
    insta::assert_snapshot!(out);
}

/// The random players and the dice of a seed make the same game every time, and the library makes
/// the record `tabula play` made.
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
            assert!(tokens.len() < 10_000, "seed {seed}: the game does not end");
        }
        tokens
    };
    let first = record(7);
    assert_eq!(first, record(7), "seed 7 twice");
    assert_eq!(
        first.join(" "),
        seed_7_record(),
        "the stored record of seed 7"
    );
}

/// Perft from the start (tests/perft/plakoto.txt has the list): depth 4 differs from Gioul's 4377
/// by the two lines where Black's 6-6 pins the man White's 6-5 left alone on 13.
#[test]
fn perft_from_the_start_differs_from_gioul_by_the_pins() {
    let game = load(&[]);
    assert_eq!(game.perft(&game.initial, 4), 4379);
    let mut state = game.initial;
    game.play_tokens(&mut state, "roll:6-5 24/18 18/13 roll:6-6 1/7")
        .expect("legal");
    assert!(game.legal_tokens(&state).contains(&"7/13*".to_string()));
}
