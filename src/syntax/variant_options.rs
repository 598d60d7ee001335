//! Options whose choices load variant files: a reading of the rules that needs another setup,
//! board or paths is still a named option (`[options.NAME] variants = { CHOICE = "file" }`).

use super::game_file::ParsedGame;
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::span::{Located, Sources};
use std::path::Path;

/// The variant file the options' values call for, when it is not the file loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantChoice {
    pub option: String,
    pub choice: String,
    /// The game name or path of the variant file, where the option declares it.
    pub game: Located<String>,
}

/// The game name a path or name stands for: `games/gioul.toml` and `gioul` are both `gioul`.
fn game_name(name_or_path: &str) -> &str {
    Path::new(name_or_path)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or(name_or_path)
}

/// Which variant file the option values (the overrides, else the defaults) select, if it is not
/// the one loaded; an error when a value contradicts the variant that is loaded.
// A diagnostic is a few strings, made at most once per load.
#[allow(clippy::result_large_err)]
pub fn selected_variant(
    parsed: &ParsedGame,
    sources: &Sources,
    overrides: &[(String, String)],
) -> Result<Option<VariantChoice>, Diagnostic> {
    let chain: Vec<&str> = parsed
        .chain
        .iter()
        .map(|id| game_name(&sources.get(*id).path))
        .collect();
    let position = |game: &str| chain.iter().position(|c| *c == game_name(game));
    for (name, option) in &parsed.file.options {
        let variants = &option.value.variants;
        if variants.is_empty() {
            continue;
        }
        let chosen = match overrides.iter().rev().find(|(n, _)| n == name) {
            Some((_, value)) => value.clone(),
            None => match option.value.default.as_ref().map(|d| &d.value) {
                Some(toml::Value::String(s)) => s.clone(),
                // A missing or mistyped default is the checker's to report.
                _ => continue,
            },
        };
        // The variant loaded for this option: the last of its files in the chain.
        let loaded = variants
            .iter()
            .filter_map(|(choice, game)| position(&game.value).map(|at| (at, choice, game)))
            .max_by_key(|(at, _, _)| *at);
        match (variants.get(&chosen), loaded) {
            (Some(game), Some((at, _, _))) if position(&game.value) == Some(at) => {}
            (Some(game), _) if position(&game.value).is_none() => {
                return Ok(Some(VariantChoice {
                    option: name.clone(),
                    choice: chosen,
                    game: game.clone(),
                }));
            }
            (_, Some((_, choice, game))) => {
                return Err(Diagnostic::error(
                    ErrorKind::BadOptionValue {
                        option: name.clone(),
                        reason: format!(
                            "`{chosen}` does not apply to `{}`, the variant for `{choice}`",
                            game_name(&game.value)
                        ),
                    },
                    game.span,
                )
                .with_label(format!("the variant for `{choice}`"))
                .with_help(format!(
                    "play `{}` with `{name}={chosen}`",
                    game_name(&sources.get(option.span.file).path)
                )));
            }
            _ => {}
        }
    }
    Ok(None)
}
