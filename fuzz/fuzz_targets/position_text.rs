//! Arbitrary text as a position file of a shipped game (the first byte picks the game, see
//! `games.txt`), and as a line of the game's notation (`[notation]`, a FEN) where it has one.
//!
//! A line of notation that reads writes a line that reads back and writes the same, and plays on
//! as a position file does. A position file: if it reads: the position written with `write_position` reads back, with the same legal tokens
//! and to the same written text; the legal tokens each parse back and play; perft(1) is the count
//! of legal tokens (chance events expanded); and the same holds a few plies on (actions chosen by
//! the input's bytes). If not: at least one error, and every diagnostic renders and points inside
//! the text (or nowhere).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::Game;
use tabula::span::Sources;
use tabula_fuzz::{check_line, check_refusal, pick_game};

/// Plies played from the position read.
const PLIES: usize = 4;

fuzz_target!(|data: &[u8]| {
    let Some((_, game, rest)) = pick_game(data) else {
        return;
    };
    tabula::with_game!(game, game => read_and_play(game, rest));
});

fn read_and_play<const W: usize>(game: &Game<W>, rest: &[u8]) {
    let text = String::from_utf8_lossy(rest);
    // An error is a message, not a panic; there is nothing more to check about it.
    if let Ok(state) = game.read_notation(&text) {
        let written = game.write_notation(&state).expect("a game that reads a notation writes it");
        let back = game
            .read_notation(&written)
            .unwrap_or_else(|e| panic!("a written line does not read back: {written}: {e}"));
        assert_eq!(
            game.write_notation(&back).as_deref(),
            Some(written.as_str()),
            "a written line reads back to one written otherwise"
        );
        check_line(game, &state, rest, PLIES);
    }
    let mut sources = Sources::default();
    match game.read_position(&mut sources, "fuzz-position.toml", &text) {
        // A few plies from it too, chosen by the bytes of the text.
        Ok(state) => check_line(game, &state, rest, PLIES),
        Err(diagnostics) => check_refusal(&diagnostics, &sources),
    }
}
