//! `[roll]`: dice thrown at the start of every turn, their total read by the rules as `roll`,
//! on the Royal Game of Ur (`games/ur.toml`: four binary dice). The rules themselves are pinned
//! by the cases in `games/ur/cases/` and by `tools/crosscheck/ur.py`.

use rand::SeedableRng;
use rand_pcg::Pcg64;
use tabula::span::Sources;
use tabula::{Catalog, Game, State};

fn ur() -> Game {
    Catalog::default()
        .load("ur", &[])
        .unwrap_or_else(|e| panic!("ur does not load: {e:?}"))
        .0
}

fn ur_with_roll(section: &str) -> Result<Game, String> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/ur.toml"),
    )
    .unwrap()
    .replace("[roll]\ndice = 4\nfaces = [0, 1]\n", section);
    tabula::load_game_text("ur-changed.toml", text, &[])
        .map(|(g, _, _)| g)
        .map_err(|e| e.to_string())
}

fn read(game: &Game, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .map_err(|d| d.render(&sources))
}

/// Four binary dice: totals 0 to 4, as likely as the throws that make them (1, 4, 6, 4, 1 in 16).
#[test]
fn each_total_is_as_likely_as_the_throws_that_make_it() {
    let g = ur();
    assert!(g.is_chance(&g.initial) && g.is_roll_due(&g.initial));
    let mut throws = Vec::new();
    g.roll_actions(&mut throws);
    let tokens: Vec<String> = throws.iter().map(|a| g.action_token(a)).collect();
    assert_eq!(tokens, ["roll:0", "roll:1", "roll:2", "roll:3", "roll:4"]);
    let weights: Vec<(u32, u32)> = throws.iter().map(|a| g.roll_weight(a)).collect();
    assert_eq!(weights, [(1, 16), (4, 16), (6, 16), (4, 16), (1, 16)]);
}

/// Sampled throws follow those odds (a fixed seed: the counts are always the same).
#[test]
fn sampled_throws_follow_the_odds() {
    let g = ur();
    let mut rng = Pcg64::seed_from_u64(4);
    let mut counts = [0u32; 5];
    for _ in 0..16_000 {
        let throw = g.sample_roll(&mut rng);
        counts[g.action_token(&throw)[5..].parse::<usize>().unwrap()] += 1;
    }
    for (total, (&count, ways)) in counts.iter().zip([1, 4, 6, 4, 1]).enumerate() {
        // Within five standard deviations of the count the odds give.
        let expected = 1000 * ways;
        let spread = 5.0 * (f64::from(expected) * (1.0 - f64::from(ways) / 16.0)).sqrt();
        assert!(
            f64::from(count.abs_diff(expected)) < spread,
            "total {total}: {count} throws of 16,000, expected about {expected}: {counts:?}"
        );
    }
}

/// The total holds for the turn and is forgotten when it is over; a rosette's extra turn throws
/// again.
#[test]
fn the_throw_lasts_one_turn() {
    let g = ur();
    let mut state = g.initial;
    g.play_tokens(&mut state, "roll:2").unwrap();
    assert_eq!(state.thrown(), 2);
    assert!(!g.is_chance(&state));
    assert_eq!(g.legal_tokens(&state), ["c1"]);
    g.play_tokens(&mut state, "c1").unwrap();
    assert_eq!((state.thrown(), state.to_move), (0, 1), "black throws next");
    assert!(g.is_roll_due(&state));
    g.play_tokens(&mut state, "roll:4 a3").unwrap();
    assert_eq!(state.to_move, 1, "a rosette: black again");
    assert!(g.is_roll_due(&state), "and throws afresh");
    assert_eq!(state.ply, 2, "throws are not plies");
}

/// `[roll]` alone is one six-sided die; `sides` and `faces` change its faces.
#[test]
fn the_faces_of_the_dice() {
    let totals = |g: &Game| {
        let mut throws = Vec::new();
        g.roll_actions(&mut throws);
        throws
            .iter()
            .map(|a| (g.action_token(a), g.roll_weight(a)))
            .collect::<Vec<_>>()
    };
    let one_die = ur_with_roll("[roll]\n").unwrap();
    let six: Vec<_> = (1..=6).map(|n| (format!("roll:{n}"), (1, 6))).collect();
    assert_eq!(totals(&one_die), six);
    let two_d4 = ur_with_roll("[roll]\ndice = 2\nsides = 4\n").unwrap();
    let ways = [1, 2, 3, 4, 3, 2, 1];
    let expected: Vec<_> = (2..=8)
        .zip(ways)
        .map(|(n, w)| (format!("roll:{n}"), (w, 16)))
        .collect();
    assert_eq!(totals(&two_d4), expected);
    let repeated = ur_with_roll("[roll]\nfaces = [1, 1, 2, 2, 3, 3]\n").unwrap();
    let thirds: Vec<_> = (1..=3).map(|n| (format!("roll:{n}"), (2, 6))).collect();
    assert_eq!(totals(&repeated), thirds);
}

#[test]
fn bad_dice_are_located_errors() {
    for (section, message) in [
        ("[roll]\ndice = 7\n", "`dice` must be from 1 to 6"),
        ("[roll]\nsides = 1\n", "`sides` must be from 2 to 20"),
        ("[roll]\nfaces = [3]\n", "a die has 2 to 20 faces"),
    ] {
        let Err(error) = ur_with_roll(section) else {
            panic!("{section} loaded");
        };
        assert!(error.contains(message), "{section}: {error}");
        assert!(error.contains("ur-changed.toml:"), "located: {error}");
    }
}

/// A position file says the throw with `roll = N`, and `show --format toml` writes it back.
#[test]
fn a_position_holds_the_throw() {
    let g = ur();
    let text = "to_move = \"white\"\nroll = 3\npieces = { white = [\"c1\"], black = [] }\n\
                off = { white = 2 }\n[hand]\nwhite = { piece = 4 }\nblack = { piece = 7 }\n";
    let state = read(&g, text).unwrap();
    assert_eq!((state.thrown(), state.off[0]), (3, 2));
    assert_eq!(g.legal_tokens(&state), ["b1", "c1-a2"]);
    let written = g.write_position(&state);
    assert!(
        written.contains("roll = 3\n") && written.contains("white = 2"),
        "{written}"
    );
    assert_eq!(read(&g, &written).unwrap(), state);
    let error = read(&g, "to_move = \"white\"\nroll = 5\n").unwrap_err();
    assert!(error.contains("the dice cannot throw 5"), "{error}");
}

/// A captured piece goes back to its owner's hand (`returns_home`), not the captor's.
#[test]
fn a_captured_piece_goes_back_to_its_owners_hand() {
    let g = ur();
    let text = "to_move = \"white\"\nroll = 2\npieces = { white = [\"a2\"], black = [\"c2\"] }\n\
                [hand]\nwhite = { piece = 6 }\nblack = { piece = 6 }\n";
    let mut state = read(&g, text).unwrap();
    g.play_tokens(&mut state, "a2xc2").unwrap();
    assert_eq!((state.hand[0][0], state.hand[1][0]), (6, 7));
    assert!(
        state.pieces_of(1).is_empty(),
        "none of black's on the board"
    );
}

/// Random games end, every piece accounted for: on the board, in hand or borne off.
#[test]
fn random_games_keep_every_piece() {
    let g = ur();
    let mut rng = Pcg64::seed_from_u64(3);
    for _ in 0..30 {
        let mut state = g.initial;
        let mut actions = Vec::new();
        for _ in 0..5000 {
            if g.legal_actions(&state, &mut actions).is_some() {
                break;
            }
            let action = if g.is_roll_due(&state) {
                g.sample_roll(&mut rng)
            } else {
                actions[rand::RngExt::random_range(&mut rng, 0..actions.len())]
            };
            g.apply(&mut state, &action);
            for p in 0..2u8 {
                // On the board, in hand and borne off.
                assert_eq!(state.pieces_in_play(p), 7, "player {p}'s pieces");
            }
        }
        assert!(
            g.legal_actions(&state, &mut actions).is_some(),
            "the game ended"
        );
    }
}

fn two_dice() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/two-dice.toml");
    tabula::load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// `[roll] each = true`: the outcomes are the dice, highest first, each as likely as the ordered
/// throws that show them (a 6 and a 5 in 2 of 36 throws, a double 6 in 1), and the rules read
/// each die (`die(1)` the higher, `die(2)` the lower) as well as the total.
#[test]
fn dice_read_one_by_one_are_outcomes_of_their_own() {
    let g = two_dice();
    let mut throws = Vec::new();
    g.roll_actions(&mut throws);
    let tokens: Vec<String> = throws.iter().map(|a| g.action_token(a)).collect();
    assert_eq!(tokens.len(), 21);
    assert_eq!(&tokens[..3], ["roll:1-1", "roll:2-1", "roll:2-2"]);
    let weight = |token: &str| {
        let a = throws[tokens.iter().position(|t| t == token).unwrap()];
        g.roll_weight(&a)
    };
    assert_eq!(weight("roll:6-5"), (2, 36));
    assert_eq!(weight("roll:6-6"), (1, 36));
    let total: u32 = throws.iter().map(|a| g.roll_weight(a).0).sum();
    assert_eq!(total, 36);
    // The higher die, then the lower; a doublet moves by one die and throws again.
    let mut state = g.initial;
    g.play_tokens(&mut state, "roll:5-3").unwrap();
    assert_eq!(g.legal_tokens(&state), ["a1-d1", "a1-f1", "b1-e1", "b1-g1"]);
    g.play_tokens(&mut state, "a1-f1 roll:4-4").unwrap();
    assert_eq!(g.legal_tokens(&state), ["a2-e2", "b2-f2"]);
    g.play_tokens(&mut state, "a2-e2").unwrap();
    assert_eq!(state.to_move, 1, "a doublet throws again");
    assert!(g.is_roll_due(&state));
}

/// A position gives the dice thrown as a list, highest first, and is written back so; a total,
/// or dice the game cannot throw, are refused with the form to write.
#[test]
fn a_position_gives_the_dice_one_by_one() {
    let g = two_dice();
    let text = "to_move = \"white\"\nroll = [5, 3]\n[pieces]\nwhite = [\"a1\", \"b1\"]\nblack = [\"a2\", \"b2\"]\n";
    let state = read(&g, text).unwrap();
    assert_eq!(g.legal_tokens(&state), ["a1-d1", "a1-f1", "b1-e1", "b1-g1"]);
    assert!(g.write_position(&state).contains("roll = [5, 3]\n"));
    let total = read(&g, &text.replace("[5, 3]", "8")).unwrap_err();
    assert!(
        total.contains("not a throw of the dice") && total.contains("roll = [1, 1]"),
        "{total}"
    );
    let low_first = read(&g, &text.replace("[5, 3]", "[3, 5]")).unwrap_err();
    assert!(low_first.contains("not a throw of the dice"), "{low_first}");
}

/// The rules may read each of 3 dice at most, and `die(n)` only in a game that reads them.
#[test]
fn dice_read_one_by_one_are_few_and_declared() {
    let four = ur_with_roll("[roll]\ndice = 4\nfaces = [0, 1]\neach = true\n").unwrap_err();
    assert!(four.contains("each of 3 dice at most"), "{four}");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/two-dice.toml"),
    )
    .unwrap();
    let undeclared = tabula::load_game_text("t.toml", text.replace("each = true\n", ""), &[])
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        undeclared.contains("no dice read one by one"),
        "{undeclared}"
    );
    let third = tabula::load_game_text("t.toml", text.replace("die(2)", "die(3)"), &[])
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(third.contains("not a number from 1 to 2"), "{third}");
}
