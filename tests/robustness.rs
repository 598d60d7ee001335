//! Bad input never panics: game files, position files and action tokens mutated at random are
//! either accepted or refused with diagnostics, and rendering those diagnostics never fails.

use proptest::prelude::*;
use tabula::span::Sources;
use tabula::{Catalog, load_game_text};

const GAME: &str = include_str!("../games/epaminondas.toml");
const POSITION: &str = "to_move = \"white\"\nply = 3\n[pieces]\nwhite = [\"f5\", \"f6\", \"f7\"]\nblack = [\"f8\", \"f9\"]\n";

/// `text` with `edits` applied: each replaces, inserts or deletes a character at some place.
fn mutate(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, op, c) in edits {
        if chars.is_empty() {
            chars.push(c);
            continue;
        }
        let at = at % chars.len();
        match op % 3 {
            0 => chars[at] = c,
            1 => chars.insert(at, c),
            _ => {
                chars.remove(at);
            }
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = (usize, u8, char)> {
    let interesting = prop_oneof![
        Just('{'),
        Just('}'),
        Just('('),
        Just(')'),
        Just('"'),
        Just('\''),
        Just('\n'),
        Just('='),
        Just('['),
        Just(']'),
        Just(','),
        Just(':'),
        Just('-'),
        Just('x'),
        Just('9'),
        Just('é'),
        Just('\\'),
        any::<char>(),
    ];
    (any::<usize>(), any::<u8>(), interesting)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_mutated_game_file_loads_or_is_refused(edits in proptest::collection::vec(edit(), 1..6)) {
        let text = mutate(GAME, &edits);
        match load_game_text("mutated.toml", text, &[]) {
            Ok((game, _, _)) => {
                // A file that still loads still plays.
                let mut actions = Vec::new();
                game.legal_actions(&game.initial, &mut actions);
            }
            Err(e) => {
                prop_assert!(e.diagnostics.has_errors());
                let _ = e.to_string();
            }
        }
    }

    #[test]
    fn a_mutated_position_is_read_or_refused(edits in proptest::collection::vec(edit(), 1..6)) {
        let (game, _, _) = Catalog::default().load("epaminondas", &[]).expect("the game loads");
        let mut sources = Sources::default();
        match game.read_position(&mut sources, "p.toml", &mutate(POSITION, &edits)) {
            Ok(state) => {
                let _ = game.legal_tokens(&state);
                let _ = game.write_position(&state);
            }
            Err(d) => {
                prop_assert!(d.has_errors());
                let _ = d.render(&sources);
            }
        }
    }

    #[test]
    fn any_token_is_played_or_refused(tokens in proptest::collection::vec("[a-p]{0,2}[0-9]{0,3}[-x/]?[a-p]?[0-9]{0,2}|pass|roll:6-4", 1..4)) {
        let (game, _, _) = Catalog::default().load("epaminondas", &[]).expect("the game loads");
        let mut state = game.initial;
        let _ = game.play_tokens(&mut state, &tokens.join(" "));
    }
}

/// Found by the `game_text` fuzz target: a TOML error's empty span was widened one byte past the
/// end of the text (`a`), or into the middle of a character (`é` after a table).
#[test]
fn a_toml_error_points_inside_the_text() {
    for text in ["a", "x = {a=1}é\n", "é", "x = \"é"] {
        let error = load_game_text("t.toml", text.to_string(), &[]).expect_err("not a game");
        for d in &error.diagnostics.items {
            if let Some(span) = d.span.filter(|s| s.file.0 == 0) {
                let range = span.range();
                assert!(range.end <= text.len(), "{text:?}: {range:?}");
                assert!(
                    text.is_char_boundary(range.start) && text.is_char_boundary(range.end),
                    "{text:?}: {range:?}"
                );
            }
        }
    }
}
