//! `tabula verify`: runs the rule cases of one game, or of every game in the catalog.

use tabula::Catalog;
use tabula::cases::verify_game;

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// A game name from `games/` or a path to a game file; without one, every game in `games/`.
    game: Option<String>,
    /// Also list the rules of the game that no case exercises.
    #[arg(long)]
    coverage: bool,
}

pub fn verify(args: VerifyArgs) -> super::CliResult {
    let catalog = Catalog::default();
    let games: Vec<String> = match args.game {
        Some(game) => vec![game],
        None => catalog.list().into_iter().map(|l| l.id).collect(),
    };
    if games.is_empty() {
        return Err(super::CliError::input(format!(
            "no game files in `{}`",
            catalog.dir.display()
        )));
    }
    let mut failed = Vec::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            outln!();
        }
        match verify_game(&catalog, game) {
            Ok(report) => {
                out!("{}", report.render(args.coverage));
                if !report.all_passed() {
                    failed.push(game.clone());
                }
            }
            Err(e) => {
                outln!("{game}: the game does not load");
                eprintln!("{e}");
                failed.push(game.clone());
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(super::CliError::input(format!(
            "failing cases in {}",
            failed.join(", ")
        )))
    }
}
