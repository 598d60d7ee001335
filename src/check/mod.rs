//! The checked stage: every name resolved to an index, every rule typed, every problem reported.

mod attack;
pub mod board;
mod cells;
mod columns;
mod connection;
mod dice;
mod expr;
pub(crate) mod fold;
mod line_step;
pub mod notation;
mod options;
mod pair;
mod primitives;
mod ride;
mod roll;
pub mod rotate;
mod routes;
mod rules;
mod show;
pub mod shuffle;
pub mod tables;
pub mod types;
mod warnings;

pub use board::MAX_PIECES;
pub use board::{MAX_CELLS, STACK_CELLS};
pub use expr::SET_STACK;

/// The owner of neutral pieces, which belong to no player: the owner slot a game of at most three
/// players leaves free.
pub const NEUTRAL: u8 = 3;
/// How symbols, set-ups and position files name the owner of neutral pieces.
pub const NEUTRAL_NAME: &str = "neutral";
pub use board::parse_cell as board_cell;
pub use cells::{ALL_DIRECTIONS, SET_FUNCTIONS};
pub use options::parse_option_value;
pub use rules::{MAX_MOVE_RULES, PRIMITIVES, call_params};
pub use tables::{TableDecl, TableKey};
pub use types::*;

use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::syntax::ParsedGame;

/// Option values given from outside the file (command line), by name.
pub type OptionOverrides = [(String, String)];

/// Checks a parsed game. Reports every problem it can find, not just the first.
pub fn check(
    parsed: &ParsedGame,
    overrides: &OptionOverrides,
) -> Result<(CheckedGame, Diagnostics), Diagnostics> {
    let mut diags = Diagnostics::default();
    let file = &parsed.file;
    let whole_file = parsed
        .chain
        .last()
        .map(|&id| crate::span::Span::new(id, 0..0));

    let game = file.game.clone().unwrap_or_default();
    let name = match &game.name {
        Some(n) => n.value.clone(),
        None => {
            diags.push(
                Diagnostic::error(ErrorKind::Missing("`[game] name`".into()), whole_file)
                    .with_label("in this file")
                    .with_help("add `name = \"...\"` under `[game]`"),
            );
            String::new()
        }
    };
    let (players, players_ok) = players(&game, whole_file, &mut diags);
    let (board, board_ok) = board::check_board_size(file, whole_file, &mut diags);
    let mut cx = Context::new(players, board);
    cx.players_ok = players_ok;
    cx.board_ok = board_ok;
    board::check_regions(file, &mut cx, &mut diags);
    board::check_paths(file, &mut cx, &mut diags);
    board::check_lines(file, &mut cx, &mut diags);
    cx.routes = ride::check_routes(file, &cx, &mut diags);
    board::check_pieces(file, &mut cx, whole_file, &mut diags);
    let setup = board::check_setup(file, &cx, &mut diags);
    cx.unmoved = board::check_memory(file, &cx, &mut diags);
    let unmoved_kinds = board::check_unmoved_kinds(file, &cx, &mut diags);
    cx.rolls = file.roll.is_some();
    let (hand_kinds, hands) = board::check_hands(file, &cx, &mut diags);
    options::check_options(file, overrides, &mut cx, &mut diags);
    options::check_counters(file, &mut cx, &mut diags);
    tables::check_tables(file, &mut cx, &mut diags);
    check_name_clashes(file, &cx, &mut diags);
    // Declaring options looks their names up too: only the lookups from here on are uses.
    cx.used.get_mut().clear();
    // A region where captured pieces are sent is used by the pieces.
    cx.used.get_mut().extend(
        (cx.pieces.iter())
            .filter_map(|p| p.sent_to)
            .map(|r| cx.regions[r as usize].name.clone()),
    );
    // Choosing a variant file is a use, even if no rule reads the option.
    cx.used.get_mut().extend(
        file.options
            .iter()
            .filter(|(_, o)| !o.value.variants.is_empty())
            .map(|(name, _)| name.clone()),
    );
    let first_player = match file.turn.as_ref().and_then(|t| t.first.as_ref()) {
        // A player, or a choice option whose choices are players (first player by lot, say).
        Some(first) => cx
            .player(&first.value)
            .or_else(|| {
                cx.chosen_name(&first.value)
                    .and_then(|chosen| cx.player(&chosen))
            })
            .unwrap_or_else(|| {
                if let Some(d) = board::unknown_player(&first.value, first.span, &cx) {
                    diags.push(d);
                }
                0
            }),
        None => 0,
    };
    let dice = dice::check_dice(file, &cx, &mut diags);
    let roll = roll::check_roll(file, whole_file, &mut diags);
    cx.roll_each = (roll.as_ref())
        .filter(|r| !r.each.is_empty())
        .map_or(0, |r| r.dice);
    let shuffle = shuffle::check_shuffle(file, &cx, &setup, &mut diags);
    let notation = notation::check_notation(file, &cx, &mut diags);
    let shown = show::check_show(file, &cx, &mut diags);
    let match_format = dice::check_match(file, &cx, &mut diags);
    let program = rules::check_rules(
        &parsed.rules,
        parsed.rules_incomplete,
        &cx,
        whole_file,
        &mut diags,
    );
    dice::check_dice_moves(&program, dice.is_some(), cx.board.stacks, &mut diags);
    board::check_empty_start(file, &parsed.rules, whole_file, &mut diags);
    // With an error some uses may not have been seen: "never used" would be guessed, not known.
    if !diags.has_errors() {
        // The kinds drawn by lot are on the board too.
        let mut on_board = setup.clone();
        for s in shuffle.iter() {
            let first = s.cells.first().zip(s.arrangements.first());
            for (&cell, &kind) in first.into_iter().flat_map(|(c, a)| c.iter().zip(a)) {
                on_board.push((cell, 0, kind, 1));
            }
        }
        warnings::warn(file, &cx, &on_board, &program, &mut diags);
    }

    if diags.has_errors() {
        return Err(diags);
    }
    let checked = CheckedGame {
        name,
        summary: game.summary.map(|s| s.value).unwrap_or_default(),
        sources: game.sources.iter().map(|s| s.value.clone()).collect(),
        players: cx.players,
        board: cx.board,
        regions: cx.regions,
        paths: cx.paths,
        routes: cx.routes,
        lines: cx.lines,
        pieces: cx.pieces,
        setup,
        hand_kinds,
        hands,
        options: cx.options,
        counters: cx.counters,
        tables: cx.tables,
        unmoved: cx.unmoved,
        unmoved_kinds,
        notation,
        shown,
        first_player,
        dice,
        roll,
        shuffle,
        match_format,
        program,
    };
    Ok((checked, diags))
}

/// The player names, and whether the list is sound enough to check other names against.
fn players(
    game: &crate::syntax::game_file::GameSection,
    whole_file: Option<crate::span::Span>,
    diags: &mut Diagnostics,
) -> (Vec<String>, bool) {
    let Some(list) = &game.players else {
        diags.push(
            Diagnostic::error(ErrorKind::Missing("`[game] players`".into()), whole_file)
                .with_label("in this file")
                .with_help("add `players = [\"white\", \"black\"]` under `[game]`"),
        );
        return (vec!["first".into(), "second".into()], false);
    };
    let mut ok = true;
    let mut names: Vec<String> = Vec::new();
    for (i, p) in list.value.iter().enumerate() {
        if let Some(first) = list.value[..i].iter().find(|q| q.value == p.value) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Duplicate {
                        what: "player",
                        name: p.value.clone(),
                    },
                    p.span,
                )
                .with_label("listed again here")
                .with_note_at(first.span, "first listed here")
                .with_help("list each player once"),
            );
            ok = false;
        } else if !is_identifier(&p.value) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("player name `{}` is not a plain name", p.value)),
                    p.span,
                )
                .with_help("use letters, digits and `_`, starting with a letter"),
            );
        }
        names.push(p.value.clone());
    }
    if !(1..=4).contains(&names.len()) {
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!("a game has 1 to 4 players, found {}", names.len())),
                list.span,
            )
            .with_label(format!("{} player(s)", names.len())),
        );
        names.resize(names.len().clamp(1, 4), "player".into());
        ok = false;
    }
    (names, ok)
}

pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Finds names in a table that only grows, with a map brought up to date with the table at each
/// lookup: a linear search at every use made checking quadratic in the size of the file.
#[derive(Default)]
struct NameIndex {
    positions: std::cell::RefCell<std::collections::HashMap<String, usize>>,
    /// How many entries of the table the map has seen.
    seen: std::cell::Cell<usize>,
}

impl NameIndex {
    /// The position of the first entry of `table` named `name`, as the index type of the table.
    fn find<E, T: TryFrom<usize>>(
        &self,
        table: &[E],
        name_of: impl Fn(&E) -> &str,
        name: &str,
    ) -> Option<T> {
        let mut positions = self.positions.borrow_mut();
        let seen = self.seen.get().min(table.len());
        for (i, entry) in table.iter().enumerate().skip(seen) {
            positions.entry(name_of(entry).to_string()).or_insert(i);
        }
        self.seen.set(table.len());
        positions.get(name).and_then(|&i| T::try_from(i).ok())
    }
}

/// One [`NameIndex`] per table of [`Context`].
#[derive(Default)]
struct NameIndexes {
    pieces: NameIndex,
    counters: NameIndex,
    lines: NameIndex,
    paths: NameIndex,
    regions: NameIndex,
    options: NameIndex,
    direction_sets: NameIndex,
    tables: NameIndex,
}

/// Names known so far, shared by the passes of the checker.
pub(crate) struct Context {
    pub players: Vec<String>,
    pub board: CheckedBoard,
    pub regions: Vec<RegionDecl>,
    pub paths: Vec<PathDecl>,
    pub routes: Vec<RouteDecl>,
    pub lines: Vec<LinesDecl>,
    pub pieces: Vec<PieceDecl>,
    pub options: Vec<OptionDecl>,
    pub counters: Vec<CounterDecl>,
    pub tables: Vec<TableDecl>,
    /// `[memory] unmoved`: the cells whose pieces' moving the rules may ask about.
    pub unmoved: Vec<CellId>,
    /// `[roll]`: the game throws dice every turn, whose total the rules name `roll`.
    pub rolls: bool,
    /// `[roll] each = true`: how many dice the rules read one by one (`die(n)`); 0 otherwise.
    pub roll_each: u8,
    /// False once `[game] players` had an error: names are then not checked against it, so that
    /// one mistake is not reported again at every use of a player.
    pub players_ok: bool,
    /// False once the board's size had an error: cells are then not checked against it.
    pub board_ok: bool,
    /// Names of options and regions looked up so far, for the warnings about unused ones.
    pub used: std::cell::RefCell<std::collections::BTreeSet<String>>,
    indexes: NameIndexes,
}

impl Context {
    fn new(players: Vec<String>, board: CheckedBoard) -> Self {
        Context {
            players,
            board,
            regions: Vec::new(),
            unmoved: Vec::new(),
            rolls: false,
            roll_each: 0,
            paths: Vec::new(),
            routes: Vec::new(),
            lines: Vec::new(),
            pieces: Vec::new(),
            counters: Vec::new(),
            tables: Vec::new(),
            options: Vec::new(),
            players_ok: true,
            board_ok: true,
            used: Default::default(),
            indexes: NameIndexes::default(),
        }
    }

    pub fn player(&self, name: &str) -> Option<u8> {
        self.players.iter().position(|p| p == name).map(|i| i as u8)
    }

    /// Who a piece belongs to, by the name a symbol or set-up gives: a player, or `neutral` for
    /// pieces of nobody ([`NEUTRAL`]), which a game of four players has no room for and a player
    /// named `neutral` takes the place of.
    pub fn owner(&self, name: &str) -> Option<u8> {
        self.player(name).or_else(|| {
            (name == NEUTRAL_NAME && self.players.len() <= NEUTRAL as usize).then_some(NEUTRAL)
        })
    }

    pub fn piece(&self, name: &str) -> Option<u8> {
        self.indexes.pieces.find(&self.pieces, |p| &p.name, name)
    }

    /// The value of a choice option, as the name it chose: options can choose players,
    /// direction sets and the like where those are expected.
    pub fn chosen_name(&self, option: &str) -> Option<String> {
        let o = &self.options[self.option(option)? as usize];
        match &o.kind {
            OptionKind::Choice(choices) => choices.get(o.value as usize).cloned(),
            _ => None,
        }
    }

    pub fn counter(&self, name: &str) -> Option<u8> {
        self.indexes
            .counters
            .find(&self.counters, |c| &c.name, name)
    }

    pub fn table(&self, name: &str) -> Option<u16> {
        self.indexes.tables.find(&self.tables, |t| &t.name, name)
    }

    pub fn lines(&self, name: &str) -> Option<u16> {
        self.indexes.lines.find(&self.lines, |l| &l.name, name)
    }

    pub fn path(&self, name: &str) -> Option<u16> {
        self.indexes.paths.find(&self.paths, |p| &p.name, name)
    }

    /// A region by name; looking it up counts as a use.
    pub fn region(&self, name: &str) -> Option<u16> {
        let found = self.indexes.regions.find(&self.regions, |r| &r.name, name);
        if found.is_some() {
            self.used.borrow_mut().insert(name.to_string());
        }
        found
    }

    /// An option by name; looking it up counts as a use.
    pub fn option(&self, name: &str) -> Option<u16> {
        let found = self.indexes.options.find(&self.options, |o| &o.name, name);
        if found.is_some() {
            self.used.borrow_mut().insert(name.to_string());
        }
        found
    }

    pub fn direction_set(&self, name: &str) -> Option<u16> {
        self.indexes
            .direction_sets
            .find(&self.board.direction_sets, |s| &s.name, name)
    }
}

/// The closest of `candidates` to `name`, for "did you mean" hints.
pub fn nearest_name<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    nearest(name, candidates)
}

pub(crate) fn nearest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    if name.is_empty() {
        return None;
    }
    candidates
        .into_iter()
        .map(|c| (strsim_distance(name, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

pub(crate) fn strsim_distance(a: &str, b: &str) -> usize {
    // Levenshtein distance; names are short.
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Players, options and regions share one namespace in rule expressions with the built-in names:
/// a name that means two things would silently mean only one of them.
fn check_name_clashes(file: &crate::syntax::GameFile, cx: &Context, diags: &mut Diagnostics) {
    const BUILT_IN: [&str; 16] = [
        "to",
        "from",
        "last_to",
        "marked",
        "visited",
        "passed",
        "mover",
        "opponent",
        "ply",
        "repetitions",
        "captured",
        "moving",
        "enemy_run",
        "mirror_files",
        "mirror_ranks",
        "rotate180",
    ];
    let mut taken: std::collections::HashMap<&str, &'static str> =
        BUILT_IN.iter().map(|n| (*n, "a built-in name")).collect();
    if cx.rolls {
        taken.insert("roll", "the total of the dice (`[roll]`)");
    }
    let players = cx.players.iter().map(|p| (p.as_str(), "a player", None));
    let options = file
        .options
        .iter()
        .map(|(n, d)| (n.as_str(), "an option", Some(d.span)));
    let regions = file
        .regions
        .iter()
        .map(|(n, d)| (n.as_str(), "a region", Some(d.span)));
    let counters = file
        .counters
        .iter()
        .map(|(n, d)| (n.as_str(), "a counter", Some(d.span)));
    let tables = file
        .tables
        .iter()
        .map(|(n, d)| (n.as_str(), "a table", Some(d.span)));
    let named = players
        .chain(options)
        .chain(regions)
        .chain(counters)
        .chain(tables);
    for (name, what, span) in named {
        // A rule may name a cell (`e1`): no other name may be one.
        if board::cell_on_board(&cx.board, name).is_some() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("`{name}` is both {what} and a cell of the board")),
                    span,
                )
                .with_label("this name is taken")
                .with_help("rename it: a rule that names the cell could not tell them apart"),
            );
        }
        // Two players of one name are reported where players are read.
        let clash = taken
            .get(name)
            .filter(|other| !(what == "a player" && **other == "a player"));
        if let Some(other) = clash {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("`{name}` is both {what} and {other}")),
                    span,
                )
                .with_label("this name is taken")
                .with_help("rename one of them: rules could not tell them apart"),
            );
        }
        taken.entry(name).or_insert(what);
    }
}
