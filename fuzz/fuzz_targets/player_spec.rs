//! Arbitrary text as a player specification (`mcts:iterations=20000,c=0.7`), as `--players`,
//! `--black` and Python's players read it.
//!
//! Parsing never panics; a refused text says why, naming the part it refuses in backquotes; an
//! accepted one is written back (`Display`) as a text that reads back to the very same player and
//! is written the same again, so a tournament's records name their players exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::ai::PlayerSpec;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match PlayerSpec::parse(&text) {
        Err(why) => assert!(why.contains('`'), "{text:?}: a reason without its subject: {why}"),
        Ok(spec) => {
            let written = spec.to_string();
            let again = PlayerSpec::parse(&written)
                .unwrap_or_else(|e| panic!("{text:?} is written {written:?}, which is refused: {e}"));
            assert_eq!(again, spec, "{text:?} is written {written:?}, which reads otherwise");
            assert_eq!(again.to_string(), written, "{text:?}: written two ways");
        }
    }
});
