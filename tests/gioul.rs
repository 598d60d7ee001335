//! Gioul: one snapshot per rule sentence of document 003 (RU Wikipedia) and per test situation and
//! ruling of `docs/rulings/gioul.md` (3.9.1-3.9.10, 3.10), plus the options, a replayed game and the
//! determinism of a seed.
//!
//! Each test loads a tiny position from `tests/positions/gioul/<name>.toml` (or the game's initial
//! position) and snapshots a text made of: a one-line note of what is pinned, the diagram (points
//! 1-12 above 13-24, men and how many, men borne off, the pool of pips and what it is), the side to
//! move with the ply and the number of rolls made, then the outcome or the sorted legal tokens;
//! tests about a move also show the position after it. Where the ruling names a move or a pool,
//! the test asserts it too, so a wrong snapshot cannot be accepted by accident.
//!
//! Points are numbered as White sees them: White moves 24 -> 1, Black 1 -> 24 (ruling 3.1). A token
//! `from/to` moves one man by one pip; `roll:A-B` is the chance event that fills the pool.
//!
//! The opening roll and who starts the next game belong to match play (ruling 3.3, 3.10), not to a
//! position: that test runs the `tabula` binary. Where the ruling is silent the test pins what the
//! engine does and says so in its doc comment.

use tabula::engine::movegen::Outcome;
use tabula::engine::playout::seeded_rng;
use tabula::engine::state::Pool;
use tabula::{Catalog, Game, State};

mod dice_support;
use dice_support::*;

const GAME: &str = "gioul";

struct Gioul;

impl DiceGame for Gioul {
    const ID: &'static str = GAME;
}

type Case = dice_support::Case<Gioul>;

fn load(options: &[(&str, &str)]) -> Game {
    dice_support::load::<Gioul>(options)
}

fn read(game: &Game, name: &str) -> State {
    dice_support::read::<Gioul>(game, name)
}

fn positions() -> std::path::PathBuf {
    dice_support::positions::<Gioul>()
}

/// The pips a die token moves a man on the board: `20/14` is 6 for White, `1/7` is 6 for Black.
fn pips_of(token: &str) -> u32 {
    let (from, to) = token
        .split_once('/')
        .unwrap_or_else(|| panic!("not a die move: {token}"));
    let from: u32 = from.parse().expect("from point");
    let to: u32 = to.parse().expect("a move on the board, not off");
    from.abs_diff(to)
}

/// Every complete play of the player to move from `state` (which holds a pool): the token lines
/// until the turn passes, the pips pass to the opponent, or the game ends.
fn complete_plays(game: &Game, state: &State) -> Vec<(String, State)> {
    fn walk(game: &Game, state: &State, mover: u8, line: &str, out: &mut Vec<(String, State)>) {
        if game.is_chance(state) || state.to_move != mover || game.outcome(state).is_some() {
            out.push((line.trim().to_string(), *state));
            return;
        }
        let mut actions = Vec::new();
        game.legal_actions(state, &mut actions);
        for a in &actions {
            let token = game.action_token(a);
            walk(
                game,
                &game.after(state, a),
                mover,
                &format!("{line} {token}"),
                out,
            );
        }
    }
    let mut out = Vec::new();
    walk(game, state, state.to_move, "", &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

const WHITE_WINS: Option<Outcome> = Some(Outcome::Win(WHITE, 1));
const WHITE_WINS_2: Option<Outcome> = Some(Outcome::Win(WHITE, 2));
const BLACK_WINS: Option<Outcome> = Some(Outcome::Win(BLACK, 1));

// ---------------------------------------------------------------------------------------------
// Set-up and starting the game (003 «Каждый игрок выставляет 15 фишек…», «Этот игрок перебрасывает
// кубики»; ruling 3.2, 3.3, 3.9.1, 3.10)

/// 003 «Каждый игрок выставляет 15 фишек или людей на точку Ace противника»: White's 15 men on 24
/// (Black's ace point), Black's 15 on 1 (White's ace point); ruling 3.2.
#[test]
fn doc_003_setup_15_men_each_on_the_opponents_ace_point() {
    let case = Case::new(
        "start",
        "003 «Каждый игрок выставляет 15 фишек … на точку Ace противника» / ruling 3.2: W15@24, B15@1",
    );
    assert_eq!(
        case.state, case.game.initial,
        "the game's setup must equal tests/positions/gioul/start.toml"
    );
    let s = &case.state;
    assert_eq!(white_on(s, &case.game, "24"), 15);
    let one = case.game.board.parse_cell("1").expect("1");
    assert_eq!((s.owner(one), s.height(one)), (Some(BLACK), 15));
    assert_eq!(s.off, [0; 4]);
    let case =
        case.note("setup equals game.initial; 15 White men on 24, 15 Black men on 1, none off");
    insta::assert_snapshot!(case.finish());
}

/// 003 «Каждый игрок бросает кубик для первого хода, и тот, у кого больше очков, побеждает. Этот
/// игрок перебрасывает кубики, чтобы начать игру.» Ruling 3.3 / 3.9.1 / 3.10: the opening roll
/// belongs to the match; the initial position is White (the winner) about to roll two fresh dice,
/// so its actions are the 21 distinct rolls of two dice and nothing is played from the opening dice.
#[test]
fn ruling_3_9_1_winner_rerolls_two_fresh_dice() {
    let case = Case::initial(
        "ruling 3.9.1 / 3.10 / 003 «Этот игрок перебрасывает кубики»: White to roll two fresh dice, the 21 rolls",
    );
    assert!(case.game.is_chance(&case.state));
    assert_eq!(case.state.to_move, WHITE);
    assert_eq!(case.state.rolls, 0);
    assert_eq!(case.tokens_after(""), all_rolls());
    let case = case
        .pool("roll:6-4", WHITE, &[6, 4], Pool::Roll)
        .pool("roll:3-1", WHITE, &[3, 1], Pool::Roll)
        .note("the pool holds both fresh dice: no opening die is played");
    insta::assert_snapshot!(case.finish());
}

/// 003 «Каждый игрок бросает кубик для первого хода, и тот, у кого больше очков, побеждает» and
/// «После этого победитель игры переходит к следующей»: the opening roll and who starts later games
/// belong to the match, not to a position (ruling 3.3, 3.10), so this runs `tabula play --match`.
/// The opening single dice are rolled again on a tie (ruling 3.8.7, GUESS); the higher starts the
/// first game with a fresh roll of two dice; the winner of each game starts the next.
#[test]
fn doc_003_opening_roll_and_the_winner_starts_the_next_game() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", GAME, "--white", "random", "--black", "random"])
        // Seed 19 has a tied opening roll and four games, each won by the other player.
        .args(["--match", "3", "--seed", "19"])
        .output()
        .expect("tabula runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    let mut summary = vec![
        "# 003 opening roll and «победитель игры переходит к следующей»: `tabula play gioul --match 3 --seed 19`, random players".to_string(),
    ];
    let mut opening = Vec::new();
    let mut starters = Vec::new();
    let mut winners = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rolls) = line.strip_prefix("opening roll: ") {
            let dice: Vec<u8> = rolls
                .split(", ")
                .map(|r| {
                    r.rsplit(' ')
                        .next()
                        .expect("a die")
                        .parse()
                        .expect("a number")
                })
                .collect();
            opening.push((dice[0], dice[1]));
            summary.push(line.to_string());
        } else if let Some(rest) = line.strip_prefix("=== game ") {
            let starter = rest
                .split(": ")
                .nth(1)
                .expect("starter")
                .trim_end_matches(" starts ===");
            starters.push(starter.to_string());
            // The first action of the game is the starter's roll of two fresh dice.
            let first = lines[i + 1..]
                .iter()
                .find(|l| l.contains(" rolls roll:"))
                .expect("a first roll");
            assert!(
                first.starts_with(&format!("{starter} rolls roll:")),
                "{first}"
            );
            summary.push(line.to_string());
            summary.push(format!("  {first}"));
        } else if let Some(result) = line.strip_prefix("game over: ") {
            winners.push(result.split(' ').next().expect("winner").to_string());
            summary.push(format!("  {line}"));
        } else if line.starts_with("match") {
            summary.push(line.to_string());
        }
    }
    let (&(white, black), ties) = opening.split_last().expect("an opening roll");
    assert!(
        ties.iter().all(|(w, b)| w == b),
        "only ties are rolled again"
    );
    assert_ne!(white, black);
    let higher = if white > black { "white" } else { "black" };
    assert_eq!(starters[0], higher, "the higher opening die starts");
    assert!(starters.len() >= 2, "the match has more than one game");
    for (g, winner) in winners.iter().enumerate().take(starters.len() - 1) {
        assert_eq!(
            &starters[g + 1],
            winner,
            "game {} is started by the winner of game {}",
            g + 2,
            g + 1
        );
    }
    insta::assert_snapshot!(summary.join("\n") + "\n");
}

// ---------------------------------------------------------------------------------------------
// Movement (003 «игра противоположного движения», the movement paragraph; ruling 3.1, 3.4)

/// 003 «Gioul — это игра противоположного движения, то есть игроки играют в противоположных
/// направлениях по доске»: White moves 24 -> 1, Black 1 -> 24 (ruling 3.1).
#[test]
fn doc_003_contrary_movement() {
    let case = Case::initial(
        "003 «игроки играют в противоположных направлениях»: White 24 -> 1, Black 1 -> 24",
    )
    .only("roll:6-4", &["24/18", "24/20"])
    .only("roll:6-4 24/18 24/20 roll:5-3", &["1/4", "1/6"])
    .after("roll:6-4 24/18 24/20 roll:5-3 1/6");
    insta::assert_snapshot!(case.finish());
}

/// 003 «каждый игрок продвигает две фигуры по доске …, каждый ход соответствует одному из чисел на
/// кубике. В качестве альтернативы одна фигура может быть перемещена на общую сумму»: each die is
/// one action moving one man; 6-4 from the start is two men (24/18 24/20) or one man (to 14) by
/// either order.
#[test]
fn doc_003_each_die_moves_one_man_or_one_man_takes_both() {
    let case = Case::initial(
        "003 «каждый ход соответствует одному из чисел на кубике» / «одна фигура … на общую сумму»: 6-4 from the start",
    );
    let rolled = case.play("roll:6-4");
    let plays = complete_plays(&case.game, &rolled);
    let lines: Vec<&str> = plays.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        lines,
        ["24/18 18/14", "24/18 24/20", "24/20 20/14", "24/20 24/18"]
    );
    // Both orders of the same two men give the same position; so do both orders of one man. (Compared
    // as written: `State`'s `==` also sees the used pips left behind in the pool array.)
    let written = |i: usize| case.game.write_position(&plays[i].1);
    assert_eq!(written(1), written(3));
    assert_eq!(written(0), written(2));
    assert_eq!(white_on(&plays[0].1, &case.game, "14"), 1);
    let case = case
        .note(&format!("complete plays of 6-4: {}", lines.join(" | ")))
        .after("roll:6-4 24/18 18/14");
    insta::assert_snapshot!(case.finish());
}

/// 003 «при условии, что промежуточная точка открыта»: the man on 13 could reach 8 with 4-1 only
/// through 12 or 9, and Black holds both, so no play puts a man on 8 (the other men play the dice).
#[test]
fn doc_003_one_man_takes_both_dice_only_through_an_open_point() {
    let case = Case::new(
        "total_via_blocked",
        "003 «при условии, что промежуточная точка открыта»: 13 -> 8 with 4-1 needs 12 or 9, both Black's",
    )
    .only("roll:4-1", &["24/20", "24/23"])
    .check("roll:4-1", &[], &["13/12", "13/9"]);
    let plays = complete_plays(&case.game, &case.play("roll:4-1"));
    assert!(!plays.is_empty());
    for (line, state) in &plays {
        assert_eq!(white_on(state, &case.game, "8"), 0, "{line} reaches 8");
        assert_eq!(white_on(state, &case.game, "13"), 1, "{line} moves 13");
    }
    let lines: Vec<&str> = plays.iter().map(|(l, _)| l.as_str()).collect();
    let case = case.note(&format!("complete plays: {}", lines.join(" | ")));
    insta::assert_snapshot!(case.finish());
}

/// 003 «Чтобы быть открытой, точка должна быть не занята ни одной фигурой противника»: an empty
/// point and a point of White's own men (13) are open to White; a point with a Black man is not.
#[test]
fn doc_003_open_point_holds_no_opposing_man() {
    let case = Case::new(
        "open_point",
        "003 «точка должна быть не занята ни одной фигурой противника»: 4-2, own 13 open, Black's 11 and 9 shut",
    )
    .check("roll:4-2", &["15/13", "24/22", "24/20"], &["13/11", "13/9", "15/11"])
    .after("roll:4-2 15/13");
    insta::assert_snapshot!(case.finish());
}

/// 003 «Одна фигура на точке блокирует ее для противника»: a lone White man shuts a point to
/// Black (there is no hitting, ruling 3.4): Black's 5-3 cannot leave 1 for 6 or 4.
#[test]
fn doc_003_one_man_blocks_a_point() {
    let case = Case::new(
        "one_man_blocks",
        "003 «Одна фигура на точке блокирует ее»: lone W on 6 and 4 shut them to Black's 5-3 from 1; no hitting",
    )
    .only("", &["10/13", "10/15"])
    .check("", &[], &["1/6", "1/4"])
    .after("10/15");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.4 / 003 (stacks): any number of own men may share a point: a 15th man joins 18, and
/// the start already has 15 men on one point.
#[test]
fn ruling_3_4_any_number_of_own_men_share_a_point() {
    let case = Case::new(
        "stacks",
        "ruling 3.4 «Any number of own men may share a point»: 24/18 makes 15 White men on 18",
    )
    .check("roll:6-1", &["24/18"], &[])
    .after("roll:6-1 24/18");
    let after = case.play("roll:6-1 24/18");
    assert_eq!(white_on(&after, &case.game, "18"), 15);
    insta::assert_snapshot!(case.finish());
}

/// 003 «Шесть точек подряд, занятых одним и тем же игроком, составляют простое число» (a prime):
/// the document only defines it; ruling 3.4 / 3.8.2: primes are allowed with no restriction (no
/// Fevga or Moultezim rule). 19/18 makes 13-18; Black's man on 12 then cannot pass.
#[test]
fn doc_003_six_points_in_a_row_a_prime_is_allowed() {
    let case = Case::new(
        "prime",
        "003 prime sentence / ruling 3.4, 3.8.2: making six points in a row (13-18) is legal; nothing restricts it",
    )
    .check("roll:2-1", &["19/18"], &[])
    .check("roll:2-1 19/18", &["24/22"], &[])
    .only("roll:2-1 19/18 24/22 roll:6-5", &["1/6", "1/7"])
    .only("roll:2-1 19/18 24/22 roll:6-6", &["1/7"])
    .note("Black's man on 12 has no move with 6-5 or 6-6: 17 and 18 are White's")
    .after("roll:2-1 19/18 24/22");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Doublets (003 doublets paragraph; ruling 3.5, 3.9.4-3.9.7)

/// 003 «При броске дублета игрок играет выпавшее число 4 раза. Затем игрок играет следующее большее
/// число 4 раза и так далее, пока не будет сыграно четыре 6. Только после этого ход переходит к
/// противнику.» Ruling 3.9.4: 3-3 from the start is 4x3, 4x4, 4x5, 4x6 (16 moves, 72 pips) before
/// Black moves; at the stage of the 4s only 4-pip moves are legal.
#[test]
fn ruling_3_9_4_doublet_escalates_to_four_sixes() {
    let case = Case::initial(
        "ruling 3.9.4 / 003 doublets sentence: 3-3 from the start, 16 moves (72 pips) before Black moves",
    );
    let stages: [(u8, [&str; 4]); 4] = [
        (3, ["24/21", "24/21", "21/18", "24/21"]),
        (4, ["24/20", "21/17", "20/16", "24/20"]),
        (5, ["24/19", "19/14", "18/13", "24/19"]),
        (6, ["24/18", "18/12", "14/8", "24/18"]),
    ];
    let mut state = case.play("roll:3-3");
    let mut played = Vec::new();
    let mut case = case;
    let mut pips = 0;
    for (i, (stage, moves)) in stages.iter().enumerate() {
        let want: Vec<u8> = (*stage..=6).flat_map(|p| [p; 4]).collect();
        assert_eq!(
            (state.to_move, state.pips(), state.pool_kind),
            (WHITE, &want[..], Pool::Doublet),
            "before the stage of the {stage}s"
        );
        let legal = case.game.legal_tokens(&state);
        case = case.note(&format!(
            "stage {}: pool {}; legal: {}",
            i + 1,
            pool(&state),
            legal.join(" ")
        ));
        for (j, m) in moves.iter().enumerate() {
            assert_eq!(
                state.to_move, WHITE,
                "White keeps the turn during the doublet"
            );
            assert_eq!(state.pips().len(), 4 * (7 - usize::from(*stage)) - j);
            let legal = case.game.legal_tokens(&state);
            assert!(
                legal.iter().all(|t| pips_of(t) == u32::from(*stage)),
                "pip {} of the stage of the {stage}s: {}",
                j + 1,
                legal.join(" ")
            );
            case.game
                .play_tokens(&mut state, m)
                .unwrap_or_else(|e| panic!("{e}"));
            played.push(*m);
            pips += stage;
        }
    }
    assert_eq!((played.len(), pips), (16, 72));
    assert_eq!((state.to_move, state.pool_kind), (BLACK, Pool::Empty));
    assert_eq!(case.game.legal_tokens(&state), all_rolls());
    let case = case.after(&format!("roll:3-3 {}", played.join(" ")));
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.9.5 / 3.5 «6-6 gives only four 6s»: exactly four 6s, then Black's turn.
#[test]
fn ruling_3_9_5_six_six_is_four_sixes() {
    let case = Case::initial("ruling 3.9.5: 6-6 is exactly four 6s, then Black rolls")
        .pool("roll:6-6", WHITE, &[6, 6, 6, 6], Pool::Doublet)
        .pool("roll:6-6 24/18 24/18 18/12", WHITE, &[6], Pool::Doublet)
        .pool("roll:6-6 24/18 24/18 18/12 18/12", BLACK, &[], Pool::Empty)
        .after("roll:6-6 24/18 24/18 18/12 18/12");
    insta::assert_snapshot!(case.finish());
}

/// 003 «Если игрок не может воспользоваться броском, ход заканчивается, а оставшиеся ходы переходят к
/// противнику, который затем разыгрывает их как можно дальше, прежде чем снова бросить для своего
/// хода.» Ruling 3.9.6: W14@24, W1@20; B1@18, B1@8, B13@1; 6-6: only 20/14, then the three 6s pass
/// to Black, who plays them with his own men (1/7 …), then rolls his own turn.
#[test]
fn ruling_3_9_6_transfer_mid_sequence() {
    let case = Case::new(
        "transfer_mid_sequence",
        "ruling 3.9.6 / 003 «оставшиеся ходы переходят к противнику»: 6-6, only 20/14; three 6s pass to Black",
    )
    .only("roll:6-6", &["20/14"])
    .pool("roll:6-6 20/14", BLACK, &[6, 6, 6], Pool::Transferred)
    .only("roll:6-6 20/14", &["1/7"])
    .check("roll:6-6 20/14", &[], &["8/14", "18/24"])
    .pool("roll:6-6 20/14 1/7", BLACK, &[6, 6], Pool::Transferred)
    .only("roll:6-6 20/14 1/7", &["1/7", "7/13"])
    .pool("roll:6-6 20/14 1/7 7/13 13/19", BLACK, &[], Pool::Empty)
    .after("roll:6-6 20/14")
    .after("roll:6-6 20/14 1/7 7/13 13/19");
    assert_eq!(
        case.tokens_after("roll:6-6 20/14 1/7 7/13 13/19"),
        all_rolls(),
        "Black rolls his own turn after the transferred pips"
    );
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.9.7: White plays the four 5s of an escalated 5-5 but no 6 (18, 13, 8 and 3 are Black's
/// and bearing off is not allowed): all four 6s pass to Black, whose first move is a 6.
#[test]
fn ruling_3_9_7_transfer_after_escalation() {
    let played = "roll:5-5 24/19 24/19 19/14 14/9";
    let case = Case::new(
        "transfer_after_escalation",
        "ruling 3.9.7: White plays 4x5 but no 6: all four 6s pass to Black, whose first transferred move is a 6",
    )
    .pool("roll:5-5", WHITE, &[5, 5, 5, 5, 6, 6, 6, 6], Pool::Doublet)
    .pool("roll:5-5 24/19 24/19 19/14", WHITE, &[5, 6, 6, 6, 6], Pool::Doublet)
    .pool(played, BLACK, &[6, 6, 6, 6], Pool::Transferred)
    .only(played, &["1/7", "8/14"])
    .check(played, &[], &["3/9", "13/19", "18/24", "1/6"])
    .after(played);
    assert!(
        case.tokens_after(played).iter().all(|t| pips_of(t) == 6),
        "Black's first transferred move is a 6"
    );
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Ordinary rolls (ruling 3.4, 3.9.2, 3.9.3, 3.9.8)

/// Ruling 3.9.2: W15@24; B1@20, B14@1; 4-1. 24/20 is shut by one man, so the 4 can only follow the
/// 1 with the same man: the only complete play is 24/23 23/19 (reaching 19 "via 20" is illegal).
#[test]
fn ruling_3_9_2_single_man_block_and_intermediate_point() {
    let case = Case::new(
        "block_intermediate",
        "ruling 3.9.2: W15@24, B1@20, 4-1: only 24/23 then 23/19 (24/20 blocked by one man)",
    )
    .only("roll:4-1", &["24/23"])
    .check("roll:4-1", &[], &["24/20"])
    .only("roll:4-1 24/23", &["23/19"])
    .check("roll:4-1 24/23", &[], &["24/20", "23/22"]);
    let plays = complete_plays(&case.game, &case.play("roll:4-1"));
    let lines: Vec<&str> = plays.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(lines, ["24/23 23/19"]);
    let case = case
        .note(&format!("complete plays: {}", lines.join(" | ")))
        .after("roll:4-1 24/23 23/19");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.9.3: W15@24; B1@20, B1@19, B13@1; 5-4: no legal move (20 and 19 are Black's and the 9
/// needs one of them as the intermediate point): `pass`, and Black rolls with no pips passed on
/// (recommended reading 3.8.3: transfer only for doublets).
#[test]
fn ruling_3_9_3_no_move_passes_without_transfer() {
    let case = Case::new(
        "no_move",
        "ruling 3.9.3: 5-4 with 20 and 19 Black's: only `pass`; Black rolls, nothing passed on",
    )
    .only("roll:5-4", &["pass"])
    .pool("roll:5-4 pass", BLACK, &[], Pool::Empty)
    .after("roll:5-4 pass");
    assert_eq!(case.tokens_after("roll:5-4 pass"), all_rolls());
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.9.8 (3.4, GUESS by inheritance from Moultezim): the man on 10 can play the 6 (10/4) or
/// the 2 (10/8) but not both, and nothing else moves: only the 6 is legal. The 2 is then lost
/// without a token and Black rolls.
#[test]
fn ruling_3_9_8_higher_die_when_only_one_can_be_played() {
    let case = Case::new(
        "higher_die",
        "ruling 3.9.8: 6-2, either die alone but not both: only the 6 (10/4); the 2 is lost",
    )
    .only("roll:6-2", &["10/4"])
    .check("roll:6-2", &[], &["10/8"])
    .pool("roll:6-2 10/4", BLACK, &[], Pool::Empty)
    .after("roll:6-2 10/4");
    insta::assert_snapshot!(case.finish());
}

// ---------------------------------------------------------------------------------------------
// Bearing off and scoring (003 «Снятие выполняется стандартным способом…», scoring sentences;
// ruling 3.6, 3.7, 3.9.9, 3.9.10)

/// 003 «Снятие выполняется стандартным способом, как только все фигуры достигнут домашнего стола»
/// (ruling 3.6): with every man home, a die bears off a man from its point (2/off with the 2), a
/// larger die the man furthest back (5/off with the 6) but not a man with one behind it (3/off with
/// the 6); men may also move inside home (5/3), but not onto Black's 1 (3/1).
#[test]
fn doc_003_bearing_off_in_the_standard_way() {
    let case = Case::new(
        "bear_off",
        "003 «Снятие выполняется стандартным способом» / ruling 3.6: exact, larger die from the highest point only, moves inside home",
    )
    .only("roll:6-2", &["2/off", "5/3", "5/off"])
    .check("roll:6-2", &[], &["3/off", "3/1"])
    .after("roll:6-2 5/off");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.9.9: W14 on 2-6, W1@7, Black on 1; 6-1. 6/off first is illegal (not all home; 7/1 is
/// Black's), so the only complete play is 7/6 then 6/off; using the 1 elsewhere (3/2) would leave
/// the 6 unplayable and is illegal (maximum use).
#[test]
fn ruling_3_9_9_bear_off_only_with_all_men_home() {
    let case = Case::new(
        "bear_off_all_home",
        "ruling 3.9.9: 6-1 with a man on 7: only 7/6 then 6/off",
    )
    .only("roll:6-1", &["7/6"])
    .check("roll:6-1", &[], &["6/off", "7/1", "3/2", "6/5", "2/1"])
    .only("roll:6-1 7/6", &["6/off"]);
    let plays = complete_plays(&case.game, &case.play("roll:6-1"));
    let lines: Vec<&str> = plays.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(lines, ["7/6 6/off"]);
    let case = case.after("roll:6-1 7/6 6/off");
    insta::assert_snapshot!(case.finish());
}

/// 003 «Победителем становится игрок, первым снявший все 15 фигур, зарабатывающий 1 очко.» Black
/// bears off his 15th man while White has borne off 3: Black wins 1 point (ruling 3.7).
#[test]
fn doc_003_first_to_bear_off_all_15_wins_one_point() {
    let case = Case::new(
        "black_wins",
        "003 «первым снявший все 15 фигур, зарабатывающий 1 очко»: Black's 15th man off, White has 3 off",
    )
    .only("roll:2-1", &["24/off"])
    .outcome("roll:2-1", None)
    .outcome("roll:2-1 24/off", BLACK_WINS)
    .after("roll:2-1 24/off");
    insta::assert_snapshot!(case.finish());
}

/// 003 «Если это сделано до того, как противник снял хоть одну фигуру, игра приносит 2 очка.»
/// Ruling 3.9.10: White's 15th man off with Black's none off: White +2; with one of Black's off:
/// White +1.
#[test]
fn ruling_3_9_10_scoring_two_points_or_one() {
    let gammon = Case::new(
        "gammon",
        "ruling 3.9.10 / 003 «игра приносит 2 очка»: White's 15th man off, Black has borne off none: 2 points",
    )
    .outcome("roll:2-1 1/off", WHITE_WINS_2)
    .after("roll:2-1 1/off");
    let single = Case::new("single_game", "same with one Black man borne off: 1 point")
        .outcome("roll:2-1 1/off", WHITE_WINS)
        .after("roll:2-1 1/off");
    insta::assert_snapshot!(format!("{}\n{}", gammon.finish(), single.finish()));
}

// ---------------------------------------------------------------------------------------------
// Further rulings (3.10)

/// Ruling 3.10 «No look-ahead inside a doubles sequence»: the last 5 of an escalated 5-5 may be
/// played by any man that can: 9/4 is legal although it leaves no 6 playable (7/1 is Black's, the
/// man on 7 keeps White from bearing off); the four 6s then pass to Black. 7/2 would have let
/// White play the 6s.
#[test]
fn ruling_3_10_no_look_ahead_inside_a_doublet() {
    let case = Case::new(
        "no_look_ahead",
        "ruling 3.10: no look-ahead in a doublet: 9/4 is legal though it stops the sequence; 7/2 too",
    )
    .only("", &["7/2", "9/4"])
    .pool("9/4", BLACK, &[6, 6, 6, 6], Pool::Transferred)
    .pool("7/2", WHITE, &[6, 6, 6, 6], Pool::Doublet)
    .after("9/4");
    insta::assert_snapshot!(case.finish());
}

/// Option `doubles_max_use` (ruling 3.10 names it, default off): with it on, a doublet's pips must
/// be played as many as possible, so 9/4 (after which no 6 can be played) is illegal.
#[test]
fn option_doubles_max_use() {
    let case = Case::with_options(
        "no_look_ahead",
        "option doubles_max_use=true (ruling 3.10, off by default): only 7/2, after which the 6s can be played",
        &[("doubles_max_use", "true")],
    )
    .only("", &["7/2"])
    .check("", &[], &["9/4"]);
    insta::assert_snapshot!(case.finish());
}

/// Option `doubles_max_use` with ruling 3.10 «Bearing off the 15th man … counts as full use»: the
/// last 1 of an escalated 1-1, White's last men on 2 and 1. 1/off then 2/off ends the game with two
/// pips, 2/1 then 1/off 1/off with three; a line that bears off the 15th man is a full line, so both
/// first moves stay legal. (Before the fix in `longest_line` the option kept only 2/1.)
#[test]
fn option_doubles_max_use_bearing_off_the_last_man_is_full_use() {
    let case = Case::with_options(
        "max_use_last_man",
        "option doubles_max_use=true / ruling 3.10: bearing off the 15th man is full use: 1/off and 2/1 both legal",
        &[("doubles_max_use", "true")],
    )
    .only("", &["1/off", "2/1"])
    .only("1/off", &["2/off"])
    .outcome("1/off 2/off", WHITE_WINS_2)
    .outcome("2/1 1/off 1/off", WHITE_WINS_2);
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.10 «No look-ahead … or transferred pips … the sequence stops at the first pip that cannot
/// be played … remaining transferred pips are dropped» and «Transferred pips follow every movement
/// rule of the player who receives them (blocking, bearing off)»: White's 5-5 from 24 cannot start
/// (19 is Black's), so `pass` sends all eight pips to Black. Black bears off with them (20/off
/// exactly; 21-23 have men behind them on 19 and 20, and 19/24 is White's); at the fourth 5 nothing
/// can be played, so the four 6s are dropped although 19/off could use them; nothing goes back to
/// White, and Black rolls.
#[test]
fn ruling_3_10_transferred_pips_follow_the_receivers_rules() {
    let case = Case::new(
        "transfer_receiver_rules",
        "ruling 3.10: transferred pips obey the receiver's blocking and bearing off; the first unplayable one drops the rest",
    )
    .only("roll:5-5", &["pass"])
    .pool("roll:5-5 pass", BLACK, &[5, 5, 5, 5, 6, 6, 6, 6], Pool::Transferred)
    .only("roll:5-5 pass", &["20/off"])
    .check("roll:5-5 pass", &[], &["19/24", "21/off", "23/off"])
    .only("roll:5-5 pass 20/off 20/off", &["20/off"])
    .pool("roll:5-5 pass 20/off 20/off 20/off", BLACK, &[], Pool::Empty)
    .after("roll:5-5 pass 20/off 20/off 20/off");
    let end = case.play("roll:5-5 pass 20/off 20/off 20/off");
    assert_eq!(end.off[BLACK as usize], 3);
    assert_eq!(case.game.legal_tokens(&end), all_rolls());
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.10 «When two dice could make the same move (`3/off` with a 3 and a 6, nothing above
/// point 3), it is one action and uses the smaller die»: one token `3/off`; the 6 stays in the pool
/// and then bears off the other man from 3.
#[test]
fn ruling_3_10_same_move_by_two_dice_is_one_action_with_the_smaller_die() {
    let case = Case::new(
        "same_move_two_dice",
        "ruling 3.10: 6-3, nothing above 3: one action `3/off`, using the 3; the 6 is left",
    )
    .only("", &["3/off"])
    .pool("3/off", WHITE, &[6], Pool::Roll)
    .only("3/off", &["3/off"])
    .pool("3/off 3/off", BLACK, &[], Pool::Empty)
    .after("3/off");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.10 «Bearing off the 15th man with the first die counts as full use of the roll; the
/// game ends the moment the 15th man is off»: with 4-1 and the last man on 4, `4/off` (one die) is
/// as legal as `4/3` (both dice), and ends the game at once with the 1 unplayed.
#[test]
fn ruling_3_10_fifteenth_man_off_with_the_first_die_ends_the_game() {
    let case = Case::new(
        "last_man_first_die",
        "ruling 3.10: 4-1, last man on 4: 4/off counts as full use and ends the game at once",
    )
    .only("roll:4-1", &["4/3", "4/off"])
    .outcome("roll:4-1 4/off", WHITE_WINS_2)
    .only("roll:4-1 4/3", &["3/off"])
    .outcome("roll:4-1 4/3 3/off", WHITE_WINS_2)
    .after("roll:4-1 4/off");
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.10 «… also in the middle of a doubles sequence»: 1-1 with the last two men on 1: the
/// second 1/off ends the game with 22 pips of the escalation unplayed; none pass to Black.
#[test]
fn ruling_3_10_fifteenth_man_off_mid_doublet_ends_the_game() {
    let case = Case::new(
        "last_men_mid_doublet",
        "ruling 3.10: 1-1, the last two men on 1: the game ends at the second 1/off, mid-escalation",
    )
    .pool(
        "roll:1-1 1/off",
        WHITE,
        &[1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6],
        Pool::Doublet,
    )
    .outcome("roll:1-1 1/off", None)
    .outcome("roll:1-1 1/off 1/off", WHITE_WINS)
    .after("roll:1-1 1/off 1/off");
    let end = case.play("roll:1-1 1/off 1/off");
    assert_eq!(
        (end.pips(), end.to_move),
        (&[][..], WHITE),
        "nothing passes to Black"
    );
    insta::assert_snapshot!(case.finish());
}

/// Ruling 3.10 «`pass` only answers a fresh roll of which nothing can be played (for a double: all
/// pips of the whole escalation then go to the opponent)»; conventions: pips that cannot be played
/// later in a turn, or transferred pips the receiver cannot play, are dropped with no token.
#[test]
fn ruling_3_10_pass_only_answers_a_fresh_roll() {
    // A fresh doublet of which nothing can be played: `pass` sends the whole escalation on.
    let fresh = Case::new(
        "no_move",
        "ruling 3.10: `pass` after a fresh 5-5 of which nothing can be played sends all eight pips to Black",
    )
    .only("roll:5-5", &["pass"])
    .pool("roll:5-5 pass", BLACK, &[5, 5, 5, 5, 6, 6, 6, 6], Pool::Transferred)
    .after("roll:5-5 pass");
    // A die that cannot be played after the first: dropped without a token (3.9.8's position).
    let later = Case::new(
        "higher_die",
        "the 2 left after 10/4 cannot be played: the turn ends by itself, no `pass` token",
    )
    .pool("roll:6-2 10/4", BLACK, &[], Pool::Empty);
    assert_eq!(later.tokens_after("roll:6-2 10/4"), all_rolls());
    // Transferred pips the receiver cannot play at all: dropped, and the receiver rolls.
    let received = Case::new(
        "transfer_dropped",
        "three 6s passed to Black, who can play none of them (7, 14, 24 are White's): dropped, Black rolls",
    )
    .only("roll:6-6", &["20/14"])
    .pool("roll:6-6 20/14", BLACK, &[], Pool::Empty);
    assert_eq!(received.tokens_after("roll:6-6 20/14"), all_rolls());
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}",
        fresh.finish(),
        later.finish(),
        received.finish()
    ));
}

// ---------------------------------------------------------------------------------------------
// Options (ruling 3.8.3, 3.8.4)

/// Option `transfer_unplayed = always` (ruling 3.8.3, the other reading; default `doublets`): the
/// die of an ordinary roll that cannot be played passes to the opponent too. The ruling does not
/// say in which order two transferred dice are played; the engine keeps the roll's order, larger
/// first (pinned here).
#[test]
fn option_transfer_unplayed_always() {
    let one = Case::with_options(
        "higher_die",
        "option transfer_unplayed=always: the 2 that cannot follow 10/4 passes to Black",
        &[("transfer_unplayed", "always")],
    )
    .only("roll:6-2", &["10/4"])
    .pool("roll:6-2 10/4", BLACK, &[2], Pool::Transferred)
    .only("roll:6-2 10/4", &["1/3", "18/20"])
    .pool("roll:6-2 10/4 1/3", BLACK, &[], Pool::Empty)
    .after("roll:6-2 10/4");
    let both = Case::with_options(
        "no_move",
        "option transfer_unplayed=always: after `pass` on 5-4 both dice pass to Black, played in order (5 first)",
        &[("transfer_unplayed", "always")],
    )
    .only("roll:5-4", &["pass"])
    .pool("roll:5-4 pass", BLACK, &[5, 4], Pool::Transferred)
    .only("roll:5-4 pass", &["1/6"])
    .after("roll:5-4 pass");
    insta::assert_snapshot!(format!("{}\n{}", one.finish(), both.finish()));
}

/// Option `escalation_from_turn` (ruling 3.8.4, GUESS: 1, escalation from the very first roll). It
/// counts the rolls of both players (`rolls` in a position file is the number already made): with 3,
/// a doublet on the game's 2nd roll is only four of its number, on the 3rd it escalates. With the
/// default, the same 2nd-roll doublet escalates.
#[test]
fn option_escalation_from_turn() {
    let option = [("escalation_from_turn", "3")];
    let second = Case::with_options(
        "escalation_roll_1",
        "option escalation_from_turn=3: a doublet on the 2nd roll of the game plays only four 3s",
        &option,
    )
    .pool("roll:3-3", BLACK, &[3, 3, 3, 3], Pool::Doublet)
    .pool("roll:3-3 1/4 1/4 4/7 4/7", WHITE, &[], Pool::Empty);
    let third = Case::with_options(
        "escalation_roll_2",
        "option escalation_from_turn=3: a doublet on the 3rd roll escalates",
        &option,
    )
    .pool(
        "roll:3-3",
        WHITE,
        &[3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6],
        Pool::Doublet,
    );
    let default = Case::new(
        "escalation_roll_1",
        "default escalation_from_turn=1: the 2nd roll's doublet escalates",
    )
    .pool(
        "roll:3-3",
        BLACK,
        &[3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6],
        Pool::Doublet,
    );
    let first = Case::with_options(
        "start",
        "option escalation_from_turn=3: the first roll of the game (6-6 is four 6s either way; 1-1 is four 1s)",
        &option,
    )
    .pool("roll:1-1", WHITE, &[1, 1, 1, 1], Pool::Doublet);
    insta::assert_snapshot!(format!(
        "{}\n{}\n{}\n{}",
        second.finish(),
        third.finish(),
        default.finish(),
        first.finish()
    ));
}

// ---------------------------------------------------------------------------------------------
// A whole game

/// The record of `tests/positions/gioul/seed_7.txt` (without its `#` comment lines).
fn seed_7_record() -> String {
    let path = positions().join("seed_7.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A whole game of two random players, as `tabula play gioul --white random --black random --seed
/// 7` recorded it, replays token by token from the initial position (rolls, passes, escalations
/// and transfers included) to its end.
#[test]
fn replay_of_a_recorded_game() {
    let game = load(&[]);
    let record = seed_7_record();
    let tokens: Vec<&str> = record.split_whitespace().collect();
    let mut state = game.initial;
    let (mut rolls, mut passes, mut transferred) = (0, 0, 0);
    for (i, token) in tokens.iter().enumerate() {
        assert!(
            game.outcome(&state).is_none(),
            "the game ended before token {}",
            i + 1
        );
        game.play_tokens(&mut state, token)
            .unwrap_or_else(|e| panic!("token {} `{token}`: {e}", i + 1));
        rolls += usize::from(token.starts_with("roll:"));
        passes += usize::from(*token == "pass");
        transferred += usize::from(state.pool_kind == Pool::Transferred);
    }
    let outcome = game.outcome(&state).expect("the recorded game is over");
    assert_eq!(usize::from(state.rolls), rolls);
    assert!(
        passes > 0 && transferred > 0,
        "the record passes and transfers"
    );
    let mut out = format!(
        "# tests/positions/gioul/seed_7.txt: {} tokens, {rolls} rolls, {passes} passes, {transferred} positions with transferred pips\n",
        tokens.len()
    );
    out.push_str(&game.diagram(&state));
    out.push_str(&status(&game, &state));
    assert_eq!(outcome, Outcome::Win(BLACK, 2));
    insta::assert_snapshot!(out);
}

/// The random players and the dice of a seed make the same game every time, and the library
/// (`Game::random_action` with `engine::playout::seeded_rng`) makes the record `tabula play` made.
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
    assert_ne!(first, record(8), "another seed, another game");
}

/// Option `max_use` (ruling 3.4, a GUESS by inheritance): with `false` an ordinary roll has no
/// maximum-use rule, so in 3.9.8's position the 2 may be played although it loses the 6.
#[test]
fn option_max_use_false_lets_either_die_be_played() {
    let mut out = String::new();
    for value in ["true", "false"] {
        let game = load(&[("max_use", value)]);
        let mut state = read(&game, "higher_die");
        game.play_tokens(&mut state, "roll:6-2")
            .unwrap_or_else(|e| panic!("{e}"));
        let tokens = game.legal_tokens(&state);
        let expected: &[&str] = if value == "true" {
            &["10/4"]
        } else {
            &["10/4", "10/8"]
        };
        assert_eq!(tokens, expected, "max_use={value}");
        out.push_str(&format!(
            "max_use={value}, roll 6-2: {}\n",
            tokens.join(" ")
        ));
    }
    insta::assert_snapshot!(out);
}

/// Option `transfer_back` (ruling 3.5, 3.8.5: "no ping-pong back to the first player", GUESS): with
/// `true`, transferred pips the receiver cannot play go back once to the first player.
#[test]
fn option_transfer_back() {
    let mut out = String::new();
    for value in ["false", "true"] {
        let game = load(&[("transfer_back", value)]);
        let mut state = read(&game, "transfer_back");
        game.play_tokens(&mut state, "3/9")
            .unwrap_or_else(|e| panic!("{e}"));
        let tokens = game.legal_tokens(&state);
        if value == "true" {
            assert_eq!(tokens, ["13/7"], "the 6 went back to White");
            assert_eq!(state.pool_kind, Pool::Returned);
        } else {
            assert_eq!(tokens, all_rolls(), "the 6 is lost and Black rolls");
        }
        out.push_str(&format!(
            "transfer_back={value}, after 3/9: {} to move: {}\n",
            game.players[state.to_move as usize],
            tokens.join(" ")
        ));
    }
    insta::assert_snapshot!(out);
}

/// Option `direction` (ruling 3.8.1, GUESS: contrary movement). `same` reads [S20]/[S21] as both
/// players moving the same way round; the ruling gives no geometry for it, so the option loads
/// `games/gioul-same-direction.toml`: Black starts on 12 and goes 12 -> 1, then 24 -> 13, bearing off
/// from 13..18. Here Black's man on 2 crosses from 1 to 24 with a 3, and no man bears off while it
/// is still out of the home table.
#[test]
fn option_direction_same() {
    let game = load(&[("direction", "same")]);
    let variant = Catalog::default()
        .load("gioul-same-direction", &[])
        .unwrap_or_else(|e| panic!("gioul-same-direction does not load: {e:?}"))
        .0;
    assert_eq!(game.name, variant.name, "the option loads the variant file");
    let mut out = format!(
        "# option direction=same: the start, then Black's way round\n{}",
        game.diagram(&game.initial)
    );
    let mut state = game.initial;
    game.play_tokens(&mut state, "roll:6-5 24/18 18/13 roll:6-5")
        .unwrap_or_else(|e| panic!("{e}"));
    let from_start = game.legal_tokens(&state);
    assert_eq!(from_start, ["12/6", "12/7"], "Black leaves 12 going down");
    out.push_str(&format!(
        "after `roll:6-5 24/18 18/13 roll:6-5`, Black: {}\n",
        from_start.join(" ")
    ));
    let mut state = read(&game, "same_direction_wrap");
    game.play_tokens(&mut state, "roll:3-1")
        .unwrap_or_else(|e| panic!("{e}"));
    let wrap = game.legal_tokens(&state);
    assert!(wrap.contains(&"2/23".to_string()), "{wrap:?}");
    assert!(!wrap.iter().any(|t| t.ends_with("/off")), "{wrap:?}");
    out.push_str(&game.diagram(&state));
    out.push_str(&format!("roll 3-1, Black: {}\n", wrap.join(" ")));
    insta::assert_snapshot!(out);
}

/// The variant `direction=same` loads cannot be played with `direction=contrary`: a located error
/// that names the game to load instead.
#[test]
fn option_direction_contradicting_the_loaded_variant() {
    let overrides = vec![("direction".to_string(), "contrary".to_string())];
    let Err(error) = Catalog::default().load("gioul-same-direction", &overrides) else {
        panic!("direction=contrary on the same-direction variant is an error");
    };
    let text = error.diagnostics.render(&error.sources);
    assert!(
        text.contains("play `gioul` with `direction=contrary`"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

/// `games/gioul-transfer-always.toml` is the option `transfer_unplayed=always` as a variant file
/// (ruling 3.8.3): the same legal actions where the option matters (situation 3.9.3's 5-4).
#[test]
fn variant_transfer_always_is_the_option() {
    let variant = Catalog::default()
        .load("gioul-transfer-always", &[])
        .unwrap_or_else(|e| panic!("gioul-transfer-always does not load: {e:?}"))
        .0;
    let option = load(&[("transfer_unplayed", "always")]);
    for tokens in ["roll:5-4", "roll:5-4 pass"] {
        let mut a = read(&variant, "no_move");
        let mut b = read(&option, "no_move");
        variant
            .play_tokens(&mut a, tokens)
            .unwrap_or_else(|e| panic!("{e}"));
        option
            .play_tokens(&mut b, tokens)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            variant.legal_tokens(&a),
            option.legal_tokens(&b),
            "after {tokens}"
        );
    }
    let mut state = read(&variant, "no_move");
    variant
        .play_tokens(&mut state, "roll:5-4 pass")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        variant.legal_tokens(&state),
        ["1/6"],
        "the 5 passed to Black"
    );
}
