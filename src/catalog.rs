//! Finding game files by name or path, and loading one through all three stages.

use crate::check::{self, CheckedGame, OptionOverrides};
use crate::compile::{self, AnyGame, Game};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind, LoadError};
use crate::span::Sources;
use crate::syntax::ParsedGame;
use crate::syntax::game_file::parse_game;
use crate::syntax::variant_options::selected_variant;
use std::path::{Path, PathBuf};

/// The folder of game files: `TABULA_GAMES`, else `games/` here, else the one this crate shipped with.
/// Read at run time, so an edited or added file takes effect without a rebuild.
pub struct Catalog {
    pub dir: PathBuf,
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog {
            dir: crate::input::games_folder(),
        }
    }
}

/// One entry of `tabula list`.
pub struct Listing {
    pub id: String,
    pub name: String,
    pub sources: Vec<String>,
    pub extends: Option<String>,
}

impl Catalog {
    /// A name from the catalog, or a path to a file.
    pub fn locate(&self, game: &str) -> PathBuf {
        let as_path = Path::new(game);
        if game.ends_with(".toml") || game.contains('/') || as_path.is_file() {
            as_path.to_path_buf()
        } else {
            self.dir.join(format!("{game}.toml"))
        }
    }

    /// A game whose board has at most 256 cells (see [`Catalog::load_any`] for any board).
    pub fn load(
        &self,
        game: &str,
        overrides: &OptionOverrides,
    ) -> Result<(Game, Sources, Diagnostics), LoadError> {
        self.load_as(game, overrides)
    }

    /// A game compiled with cell sets of `W` words; a larger board is an error.
    pub fn load_as<const W: usize>(
        &self,
        game: &str,
        overrides: &OptionOverrides,
    ) -> Result<(Game<W>, Sources, Diagnostics), LoadError> {
        let path = self.existing(game)?;
        load_game_text_as(&path.display().to_string(), read_file(&path)?, overrides)
    }

    /// A game of any board size, compiled with the cell sets its board needs.
    pub fn load_any(
        &self,
        game: &str,
        overrides: &OptionOverrides,
    ) -> Result<(AnyGame, Sources, Diagnostics), LoadError> {
        let path = self.existing(game)?;
        let loaded = check_game_text(&path.display().to_string(), read_file(&path)?, overrides)?;
        Ok((
            compile::compile_any(loaded.checked),
            loaded.sources,
            loaded.warnings,
        ))
    }

    /// The game checked but not compiled, with its syntax tree: what `tabula rules` describes.
    pub fn load_checked(
        &self,
        game: &str,
        overrides: &OptionOverrides,
    ) -> Result<Checked, LoadError> {
        let path = self.existing(game)?;
        let text = read_file(&path)?;
        check_game_text(&path.display().to_string(), text, overrides)
    }

    /// The file of a game name or path; an unknown name is an error with the nearest known one.
    fn existing(&self, game: &str) -> Result<PathBuf, LoadError> {
        let path = self.locate(game);
        if !path.is_file() && !game.ends_with(".toml") && !game.contains('/') {
            let mut diagnostics = Diagnostics::default();
            let known: Vec<String> = self.list().into_iter().map(|l| l.id).collect();
            let help = crate::check::nearest_name(game, known.iter().map(|s| s.as_str()))
                .unwrap_or_else(|| {
                    format!("`tabula list` shows the games in `{}`", self.dir.display())
                });
            diagnostics.push(
                Diagnostic::error(ErrorKind::UnknownGame(game.to_string()), None).with_help(help),
            );
            return Err(LoadError {
                diagnostics,
                sources: Sources::default(),
            });
        }
        Ok(path)
    }

    pub fn list(&self) -> Vec<Listing> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .filter_map(|path| {
                let id = path.file_stem()?.to_string_lossy().into_owned();
                let loaded = read_file(&path)
                    .and_then(|text| check_game_text(&path.display().to_string(), text, &[]));
                match loaded {
                    Ok(Checked { checked: game, .. }) => {
                        let text = crate::input::read_text(&path).ok()?;
                        let extends = toml::from_str::<toml::Table>(&text).ok().and_then(|t| {
                            t.get("extends").and_then(|v| v.as_str().map(String::from))
                        });
                        Some(Listing {
                            id,
                            name: game.name,
                            sources: game.sources,
                            extends,
                        })
                    }
                    Err(_) => Some(Listing {
                        id,
                        name: "(does not load: run `tabula check`)".into(),
                        sources: vec![],
                        extends: None,
                    }),
                }
            })
            .collect()
    }
}

/// Loads a game file through all three stages. Warnings come back with the game.
pub fn load_game_file(
    path: &Path,
    overrides: &OptionOverrides,
) -> Result<(Game, Sources, Diagnostics), LoadError> {
    load_game_text(&path.display().to_string(), read_file(path)?, overrides)
}

fn read_file(path: &Path) -> Result<String, LoadError> {
    crate::input::read_text(path).map_err(|e| {
        let mut diagnostics = Diagnostics::default();
        diagnostics.push(Diagnostic::error(
            ErrorKind::Io {
                path: path.display().to_string(),
                reason: e.to_string(),
            },
            None,
        ));
        LoadError {
            diagnostics,
            sources: Sources::default(),
        }
    })
}

/// A game through the first two stages: its syntax tree, the checked game, the text of every file
/// read and the warnings.
pub struct Checked {
    pub parsed: ParsedGame,
    pub checked: CheckedGame,
    pub sources: Sources,
    pub warnings: Diagnostics,
}

/// Loads a game from text; `extends` is looked up beside `path`, then in the catalog. Its board
/// has at most 256 cells (see [`load_game_text_as`]).
pub fn load_game_text(
    path: &str,
    text: String,
    overrides: &OptionOverrides,
) -> Result<(Game, Sources, Diagnostics), LoadError> {
    load_game_text_as(path, text, overrides)
}

/// [`load_game_text`] with cell sets of `W` words; a board with more cells is an error.
pub fn load_game_text_as<const W: usize>(
    path: &str,
    text: String,
    overrides: &OptionOverrides,
) -> Result<(Game<W>, Sources, Diagnostics), LoadError> {
    let loaded = check_game_text(path, text, overrides)?;
    if !compile::fits::<W>(&loaded.checked) {
        let mut diagnostics = Diagnostics::default();
        diagnostics.push(Diagnostic::error(
            ErrorKind::BadBoard(format!(
                "a board of {} cells needs wider cell sets than this caller asked for ({}): \
                 load it with `Catalog::load_any`",
                loaded.checked.board.cell_count(),
                W * 64
            )),
            None,
        ));
        return Err(LoadError {
            diagnostics,
            sources: loaded.sources,
        });
    }
    Ok((
        compile::compile(loaded.checked),
        loaded.sources,
        loaded.warnings,
    ))
}

/// Parses and checks a game from text, without compiling it.
pub fn check_game_text(
    path: &str,
    text: String,
    overrides: &OptionOverrides,
) -> Result<Checked, LoadError> {
    let mut sources = Sources::default();
    let dir = Path::new(path)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut resolve = |name: &str| -> Result<(String, String), String> {
        let file = if name.ends_with(".toml") {
            name.to_string()
        } else {
            format!("{name}.toml")
        };
        let candidates = [dir.join(&file), Catalog::default().dir.join(&file)];
        for candidate in candidates {
            if let Ok(text) = crate::input::read_text(&candidate) {
                return Ok((candidate.display().to_string(), text));
            }
        }
        Err(format!(
            "no file `{file}` beside this one or in the games folder"
        ))
    };
    let fail = |diagnostics: Diagnostics, sources: Sources| LoadError {
        diagnostics,
        sources,
    };
    let mut parsed = match parse_game(&mut sources, path, text, &mut resolve) {
        Ok(p) => p,
        Err(diagnostics) => return Err(fail(diagnostics, sources)),
    };
    // An option value may call for a variant file in place of this one (and that file may have
    // options of its own that do): a few rounds at most.
    for round in 0.. {
        let choice = match selected_variant(&parsed, &sources, overrides) {
            Ok(None) => break,
            Ok(Some(choice)) => choice,
            Err(d) => return Err(fail(Diagnostics { items: vec![d] }, sources)),
        };
        let found = if round < 4 {
            resolve(&choice.game.value)
        } else {
            Err("options keep selecting other variants (a cycle?)".to_string())
        };
        let (variant_path, variant_text) = match found {
            Ok(found) => found,
            Err(reason) => {
                let d = Diagnostic::error(
                    ErrorKind::UnknownGame(choice.game.value.clone()),
                    choice.game.span,
                )
                .with_label(format!(
                    "the variant for `{}={}`",
                    choice.option, choice.choice
                ))
                .with_help(reason);
                return Err(fail(Diagnostics { items: vec![d] }, sources));
            }
        };
        let declaring = sources
            .get(*parsed.chain.last().expect("a chain has a file"))
            .path
            .clone();
        parsed = match parse_game(&mut sources, &variant_path, variant_text, &mut resolve) {
            Ok(p) => p,
            Err(diagnostics) => return Err(fail(diagnostics, sources)),
        };
        if !parsed
            .chain
            .iter()
            .any(|id| same_file(&sources.get(*id).path, &declaring))
        {
            let d = Diagnostic::error(
                ErrorKind::BadOptionValue {
                    option: choice.option.clone(),
                    reason: format!("`{}` is not a variant of `{declaring}`", choice.game.value),
                },
                choice.game.span,
            )
            .with_label("this file does not extend the file that declares the option");
            return Err(fail(Diagnostics { items: vec![d] }, sources));
        }
    }
    match check::check(&parsed, overrides) {
        Ok((checked, warnings)) => Ok(Checked {
            parsed,
            checked,
            sources,
            warnings,
        }),
        Err(diagnostics) => Err(LoadError {
            diagnostics,
            sources,
        }),
    }
}

/// Whether two paths name one file (`games/x.toml` and `./games/x.toml` do).
fn same_file(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
