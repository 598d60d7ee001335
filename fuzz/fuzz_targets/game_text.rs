//! Arbitrary bytes as a game file.
//!
//! If the text loads: its warnings render and point into the files read, with no error among them;
//! in the initial position and a few plies after it (actions chosen by the input's bytes), every
//! legal token parses back to its action and plays, perft(1) is the count of legal tokens (chance
//! events expanded, see `reference_perft1`), perft(2) is the sum of perft_divide(2), and the
//! written position reads back. If it does not load: at least one error, and every diagnostic
//! renders and points inside a file read (or nowhere).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::Game;
use tabula_fuzz::{
    GAMES_DIR, check_line, check_perft1, check_perft2, check_refusal, check_warnings,
};

/// Plies played from the initial position.
const PLIES: usize = 6;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    // In the games folder, so that `extends` finds the shipped games beside it.
    let path = format!("{GAMES_DIR}/fuzz-input.toml");
    let loaded = match tabula::catalog::check_game_text(&path, text, &[]) {
        Ok(loaded) => loaded,
        Err(e) => {
            check_refusal(&e.diagnostics, &e.sources);
            let _ = e.to_string();
            return;
        }
    };
    check_warnings(&loaded.warnings, &loaded.sources);
    // With the cell sets its board needs, as `tabula` loads it: large boards are fuzzed too.
    let game = tabula::compile::compile_any(loaded.checked);
    tabula::with_game!(&game, game => play(game, data));
});

fn play<const W: usize>(game: &Game<W>, data: &[u8]) {
    let perft1 = check_perft1(game, &game.initial, &[]);
    check_perft2(game, &game.initial, &[], perft1);
    check_line(game, &game.initial, data, PLIES);
}
