//! `tabula rules GAME`: the rulebook generated from a game file.

use clap::ValueEnum;
use tabula::Catalog;
use tabula::rulebook::{self, Format};

#[derive(clap::Args)]
pub struct RulesArgs {
    /// A game name from `games/` or a path to a game file.
    game: String,
    /// Set a game option: `--option max_plies=200`. Repeatable; the rulebook shows the values in effect.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    #[arg(long, value_enum, default_value = "text")]
    format: RulesFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesFormat {
    Text,
    Markdown,
}

pub fn rules(args: RulesArgs) -> super::CliResult {
    let overrides = super::parse_overrides(&args.options)?;
    let loaded = Catalog::default()
        .load_checked(&args.game, &overrides)
        .map_err(|e| super::CliError::load(&e))?;
    if !loaded.warnings.items.is_empty() {
        eprint!("{}", loaded.warnings.render(&loaded.sources));
    }
    let format = match args.format {
        RulesFormat::Text => Format::Text,
        RulesFormat::Markdown => Format::Markdown,
    };
    outln!("{}", rulebook::render(&loaded, format));
    Ok(())
}
