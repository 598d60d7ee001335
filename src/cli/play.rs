//! `tabula play`: humans type tokens, random players pick with a seeded RNG, and chance (dice, pieces
//! turned up) comes from a generator of its own, seeded by the operating system unless `--seed` is
//! given.

use super::CliError;
use std::io::{BufRead, Write};
use tabula::Game;
use tabula::ai::{MctsConfig, PlayerSpec};
use tabula::check::MatchDecl;
use tabula::engine::matches::MatchScore;
use tabula::engine::movegen::Outcome;
use tabula::engine::playout::{GameRng, os_seeded_rng, seeded_chance_rng, seeded_rng};
use tabula::record::{MatchGame, MatchPlay, Record};
use tabula::{Action, State};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A game name from `games/` or a path to a game file (with `--resume`, the record's game).
    game: Option<String>,
    /// Keep the game's record in FILE as it is played (see FORMAT.md, "Game records").
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
    /// Continue the game recorded in FILE, and keep saving it there (or to `--save`). Its game,
    /// options, seed and players are the record's; players named here replace the record's.
    #[arg(long, value_name = "FILE")]
    resume: Option<std::path::PathBuf>,
    /// Colour: `auto` (on a terminal, unless `NO_COLOR` is set), `always` or `never`.
    #[arg(long, value_enum, default_value = "auto")]
    color: super::ColorChoice,
    /// Seed of the random players and of chance (dice, pieces turned up): the same seed replays the
    /// same game. Without it the random players use seed 1 and chance is seeded by the operating
    /// system, so that no one can know the dice or a face-down piece in advance.
    #[arg(long)]
    seed: Option<u64>,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Play a match: games until a player has this many points (the winner of a game starts the
    /// next; in a dice game an opening roll of one die each decides the first). Without a number,
    /// the match the game file describes (`[match]`: a number of games, sides changing).
    // Absent, present alone (the file's match) and present with points are three different things.
    // Read as text: before the players, clap takes a player's flag that follows `--match` alone
    // for its value (`--match --white human`), which `play` gives back to the players.
    #[arg(long = "match", value_name = "POINTS", num_args = 0..=1)]
    match_points: Option<Option<String>>,
    /// Who plays each side: `--white human --black random` (the names are the game's players).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "--PLAYER human|random"
    )]
    players: Vec<String>,
}

/// `--match POINTS`: the points a match is played to.
fn points(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("the points to play to must be 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{text}` is not a number of points: give 1 or more, or `--match` alone for the game's own match"
        )),
    }
}

/// The generators of a game: the random players' choices, and chance apart from them so that a
/// known players' seed tells nothing of the dice or of a face-down piece.
#[derive(Clone)]
struct Draws {
    players: GameRng,
    chance: GameRng,
}

impl Draws {
    fn new(seed: Option<u64>) -> Result<Draws, CliError> {
        Ok(match seed {
            Some(seed) => Draws {
                players: seeded_rng(seed),
                chance: seeded_chance_rng(seed),
            },
            None => Draws {
                players: seeded_rng(1),
                chance: os_seeded_rng().map_err(|e| {
                    CliError::input(format!(
                        "cannot seed chance (dice, pieces turned up) from the operating system ({e}): give `--seed N`"
                    ))
                })?,
            },
        })
    }
}

/// Who chooses a side's actions: a person, the random player or a search.
type Controller = PlayerSpec;

/// Who plays each side, and any `--seed`/`--option` given after the game name, parsed with a command
/// built from the game's own player names.
fn controllers(
    players: &[String],
    args: &[String],
    seed: &mut Option<u64>,
    options: &mut Vec<String>,
    match_points: &mut Option<Option<u32>>,
) -> Result<Vec<Option<Controller>>, CliError> {
    use clap::{Arg, ArgAction, Command, value_parser};
    let mut command = Command::new("tabula play GAME")
        .no_binary_name(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("N")
                .value_parser(value_parser!(u64)),
        )
        .arg(
            Arg::new("option")
                .short('o')
                .long("option")
                .value_name("NAME=VALUE")
                .action(ArgAction::Append),
        )
        .arg(
            Arg::new("match")
                .long("match")
                .value_name("POINTS")
                .num_args(0..=1)
                .value_parser(points),
        );
    for player in players {
        command = command.arg(
            Arg::new(player.clone())
                .long(player.clone())
                .value_name("human|random|mcts[:KEY=VALUE,...]")
                .value_parser(|text: &str| PlayerSpec::parse(text))
                .help(format!(
                    "who plays {player}: `human`, `random`, or `mcts` or `solver` with `iterations=N` or `time=2s` (and `threads=N`)"
                )),
        );
    }
    let matches = command.try_get_matches_from(args).map_err(|e| {
        unknown_player(&e, players).unwrap_or_else(|| CliError::Usage(e.render().to_string()))
    })?;
    if let Some(s) = matches.get_one::<u64>("seed") {
        *seed = Some(*s);
    }
    if let Some(more) = matches.get_many::<String>("option") {
        options.extend(more.cloned());
    }
    if matches.contains_id("match") {
        *match_points = Some(matches.get_one::<u32>("match").copied());
    }
    Ok(players
        .iter()
        .map(|p| matches.get_one::<PlayerSpec>(p).copied())
        .collect())
}

/// An unknown `--NAME` after the game name is most likely a misnamed player: the message lists the
/// players, where clap would suggest the nearest flag (`--seed` for `--red`).
fn unknown_player(e: &clap::Error, players: &[String]) -> Option<CliError> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let name = arg.strip_prefix("--")?.split('=').next()?;
    // `--help` among the players is no misnamed player: clap's own message says it is unexpected.
    if name == "help" {
        return None;
    }
    let listed: Vec<String> = players.iter().map(|p| format!("`{p}`")).collect();
    Some(CliError::usage(format!(
        "unknown player `{name}`: the players are {}",
        listed.join(", ")
    )))
}

pub fn play(mut args: PlayArgs) -> super::CliResult {
    take_trailing_flags(&mut args)?;
    let resumed = match &args.resume {
        Some(path) => Some(super::replay::read_record(path)?),
        None => None,
    };
    let game_name = game_to_play(args.game.as_ref(), resumed.as_ref().map(|(r, _)| r))?;
    // The record's options first: one given again on the command line replaces it.
    let mut base_options = resumed
        .as_ref()
        .map(|(r, _)| r.option_args())
        .unwrap_or_default();
    base_options.extend(args.options.iter().cloned());
    // Player names come from the game file, so the players' flags are known only once it is loaded.
    let mut game = super::load(&game_name, &base_options)?;
    let (mut seed, mut options) = (args.seed, base_options.clone());
    let mut match_points = match args.match_points.take() {
        None => None,
        Some(None) => Some(None),
        Some(Some(flag)) if flag.starts_with("--") => {
            args.players.insert(0, flag);
            Some(None)
        }
        Some(Some(text)) => Some(Some(points(&text).map_err(CliError::usage)?)),
    };
    let players = tabula::with_game!(&game, g => g.players.clone());
    let given = controllers(
        &players,
        &args.players,
        &mut seed,
        &mut options,
        &mut match_points,
    )?;
    if options.len() > base_options.len() {
        game = super::load(&game_name, &options)?;
    }
    let record = resumed.as_ref().map(|(r, _)| r);
    let seed = resumed_seed(seed, record.and_then(|r| r.seed))?;
    let chosen = choose_players(&players, &given, record)?;
    let match_points = resumed_match(match_points, record)?;
    let saver = args
        .save
        .as_ref()
        .or(args.resume.as_ref())
        .map(|path| Saver {
            path: path.clone(),
            record: new_record(
                &game_name,
                record,
                seed,
                &options,
                &players,
                &chosen,
                match_points,
            ),
            saved: None,
        });
    let draws = Draws::new(seed)?;
    let colour = args.color.wanted();
    let resumed = resumed.map(|(record, sources)| (record, sources, game_name));
    tabula::with_game!(game, game => {
        // Each game of the record, as (the player who moved first, its tokens).
        let mut recorded = Vec::new();
        if let Some((record, sources, name)) = &resumed {
            super::replay::check_record(&game, record, sources, name)?;
            for g in super::replay::recorded_games(record) {
                let first = (g.first.map(|_| super::replay::first_player(&game, g.first)))
                    .transpose()?;
                recorded.push((first, g.tokens.to_vec()));
            }
        }
        play_loaded(&game, &chosen, draws, match_points, saver, recorded, colour)
    })
}

/// `--save`, `--resume` and `--color` given after the players, where clap leaves them to the
/// game's own command, taken out of the players' arguments: they are needed before the game is
/// loaded.
fn take_trailing_flags(args: &mut PlayArgs) -> Result<(), CliError> {
    let mut i = 0;
    while i < args.players.len() {
        let arg = args.players[i].clone();
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) => (f.to_string(), Some(v.to_string())),
            None => (arg.clone(), None),
        };
        if !matches!(flag.as_str(), "--save" | "--resume" | "--color") {
            i += 1;
            continue;
        }
        let value = match inline {
            Some(v) => v,
            None if i + 1 < args.players.len() => args.players.remove(i + 1),
            None => return Err(CliError::usage(format!("`{flag}` needs a value"))),
        };
        args.players.remove(i);
        match flag.as_str() {
            "--save" => args.save = Some(value.into()),
            "--resume" => args.resume = Some(value.into()),
            _ => {
                args.color = <super::ColorChoice as clap::ValueEnum>::from_str(&value, false)
                    .map_err(|_| {
                        CliError::usage(format!(
                            "`--color {value}`: give `auto`, `always` or `never`"
                        ))
                    })?;
            }
        }
    }
    Ok(())
}

/// The game to play: the one given, or the resumed record's (which a game given must match).
fn game_to_play(given: Option<&String>, record: Option<&Record>) -> Result<String, CliError> {
    match (given, record) {
        (Some(given), Some(record)) if *given != record.game => Err(CliError::usage(format!(
            "the record is a game of `{}`, not `{given}`: leave the game out to resume it",
            record.game
        ))),
        (Some(given), _) => Ok(given.clone()),
        (None, Some(record)) => Ok(record.game.clone()),
        (None, None) => Err(CliError::usage(
            "give a game to play (`tabula play breakthrough`) or a record to resume (`--resume FILE`)",
        )),
    }
}

/// The seed to play from: a resumed record's, which `--seed` given again must repeat.
fn resumed_seed(given: Option<u64>, recorded: Option<u64>) -> Result<Option<u64>, CliError> {
    match (given, recorded) {
        (Some(s), Some(r)) if s != r => Err(CliError::usage(format!(
            "the record was played from seed {r}, not {s}: leave `--seed` out to resume it"
        ))),
        (None, Some(r)) => Ok(Some(r)),
        _ => Ok(given),
    }
}

/// Who plays each side: as given, else as the resumed record says, else a person for the first
/// player and random players for the others.
fn choose_players(
    players: &[String],
    given: &[Option<Controller>],
    record: Option<&Record>,
) -> Result<Vec<Controller>, CliError> {
    let mut chosen = Vec::new();
    for (i, (name, spec)) in players.iter().zip(given).enumerate() {
        let recorded = record.and_then(|r| r.players.get(name));
        chosen.push(match (spec, recorded) {
            (Some(spec), _) => *spec,
            (None, Some(text)) => PlayerSpec::parse(text)
                .map_err(|e| CliError::input(format!("the record's player `{name}`: {e}")))?,
            (None, None) if i == 0 => Controller::Human,
            (None, None) => Controller::Random,
        });
    }
    Ok(chosen)
}

/// The match to play: a match record resumes as a match; `--match` given again must say the same.
fn resumed_match(
    match_points: Option<Option<u32>>,
    record: Option<&Record>,
) -> Result<Option<Option<u32>>, CliError> {
    let Some(record) = record else {
        return Ok(match_points);
    };
    let recorded = record.match_play.map(|m| match m {
        MatchPlay::Points(n) => Some(n),
        MatchPlay::Rules => None,
    });
    match (match_points, recorded) {
        (None, Some(m)) => Ok(Some(m)),
        (Some(given), Some(m)) if given != m => Err(CliError::usage(
            "the record's match is played to other points: leave `--match` out to resume it",
        )),
        (Some(_), None) => Err(CliError::usage(
            "the record is a single game, not a match: leave `--match` out to resume it",
        )),
        _ => Ok(match_points),
    }
}

/// The record `--save` keeps: of this game, its options, seed and players, and a resumed
/// record's date and finished games.
fn new_record(
    game_name: &str,
    resumed: Option<&Record>,
    seed: Option<u64>,
    options: &[String],
    players: &[String],
    chosen: &[Controller],
    match_points: Option<Option<u32>>,
) -> Record {
    Record {
        game: game_name.to_string(),
        date: resumed
            .map(|r| r.date.clone())
            .filter(|d| !d.is_empty())
            .unwrap_or_else(tabula::record::today),
        seed,
        options: options
            .iter()
            .filter_map(|o| o.split_once('='))
            .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
            .collect(),
        players: players
            .iter()
            .zip(chosen)
            .map(|(name, spec)| (name.clone(), spec.to_string()))
            .collect(),
        match_play: match_points.map(|m| match m {
            Some(n) => MatchPlay::Points(n),
            None => MatchPlay::Rules,
        }),
        // A resumed match's finished games are replayed and kept as they are.
        games: resumed.map(|r| r.games.clone()).unwrap_or_default(),
        ..Record::default()
    }
}

/// `play` once the game is loaded with every option and the players are chosen; `recorded`
/// holds the games of a resumed record (the player who moved first when not the game's own, and
/// the tokens), played again before play goes on.
fn play_loaded<const W: usize>(
    game: &Game<W>,
    chosen: &[Controller],
    mut draws: Draws,
    match_points: Option<Option<u32>>,
    mut saver: Option<Saver>,
    recorded: Vec<(Option<u8>, Vec<String>)>,
    colour: bool,
) -> super::CliResult {
    COLOUR.set(colour);
    let Some(match_points) = match_points else {
        let (first, tokens) = recorded.into_iter().next().unwrap_or_default();
        let starter = first.unwrap_or(game.initial.to_move);
        play_game(game, chosen, &mut draws, starter, saver.as_mut(), &tokens);
        return Ok(());
    };
    if game.players.len() != 2 {
        return Err(CliError::usage(format!(
            "a match is played by two players; `{}` has {}",
            game.name,
            game.players.len()
        )));
    }
    let mut matched = MatchGames {
        recorded,
        saver,
        game,
    };
    let Some(target) = match_points else {
        return match game.match_format {
            Some(format) => {
                play_games_match(game, chosen, &mut draws, format, &mut matched);
                Ok(())
            }
            None => Err(CliError::usage(format!(
                "`{}` describes no match (`[match]`): give the points to play to, `--match 5`",
                game.name
            ))),
        };
    };
    let mut points = vec![0u32; game.players.len()];
    let mut starter = opening_roll(game, &mut draws.chance);
    for number in 1.. {
        // Without a seed the opening roll is not drawn again the same: the record says.
        if let Some(first) = matched.recorded_first(number) {
            starter = first;
        }
        outln!(
            "\n=== game {number}: {} starts ===",
            game.players[starter as usize]
        );
        match matched.play(number, chosen, &mut draws, starter) {
            Some(Outcome::Win(p, score)) => {
                // Points towards a target: a huge score reaches it rather than overflow.
                points[p as usize] = points[p as usize].saturating_add(score.max(0) as u32);
                // In a dice game the winner starts the next game; otherwise the rules say who does.
                if game.dice.is_some() {
                    starter = p;
                }
            }
            Some(Outcome::Draw) => {}
            None => {
                outln!("match stopped");
                return Ok(());
            }
        }
        let standing: Vec<String> = game
            .players
            .iter()
            .zip(&points)
            .map(|(name, p)| format!("{name} {p}"))
            .collect();
        outln!("match: {} (to {target})", standing.join(", "));
        if let Some(winner) = points.iter().position(|&p| p >= target) {
            let result = format!("{} wins, {}", game.players[winner], standing.join(", "));
            outln!("match over: {result}");
            matched.finish(result);
            break;
        }
    }
    Ok(())
}

/// The games of a match as they are played: those of a resumed record first, then new ones,
/// each kept in the record being saved (if any) once it ends.
struct MatchGames<'g, const W: usize> {
    game: &'g Game<W>,
    recorded: Vec<(Option<u8>, Vec<String>)>,
    saver: Option<Saver>,
}

impl<const W: usize> MatchGames<'_, W> {
    /// The first player the record gives for game `number` (from 1).
    fn recorded_first(&self, number: usize) -> Option<u8> {
        self.recorded.get(number - 1).and_then(|(first, _)| *first)
    }

    /// Plays game `number` (its recorded tokens first); a game that ends goes to the record's
    /// finished games.
    fn play(
        &mut self,
        number: usize,
        chosen: &[Controller],
        draws: &mut Draws,
        starter: u8,
    ) -> Option<Outcome> {
        let tokens = self
            .recorded
            .get(number - 1)
            .map(|(_, t)| t.clone())
            .unwrap_or_default();
        // The record already holds the games that ended before it was resumed.
        let finished = self.saver.as_ref().map_or(0, |s| s.record.games.len());
        let saving = number > finished;
        let game = self.game;
        let mut saver = self.saver.as_mut().filter(|_| saving);
        if let Some(saver) = saver.as_deref_mut() {
            saver.record.first =
                (starter != game.initial.to_move).then(|| game.players[starter as usize].clone());
        }
        let outcome = play_game(game, chosen, draws, starter, saver, &tokens);
        if let (Some(saver), Some(o), true) = (self.saver.as_mut(), outcome, saving) {
            let tokens = std::mem::take(&mut saver.record.tokens);
            saver.record.games.push(MatchGame {
                first: saver.record.first.take(),
                tokens,
                token_spans: Vec::new(),
                result: game.describe_outcome(o),
            });
            saver.record.result = None;
            if let Err(e) = saver.save(Vec::new(), None) {
                eprintln!("{e}");
            }
        }
        outcome
    }

    /// The match is over: its result goes into the record.
    fn finish(&mut self, result: String) {
        if let Some(saver) = self.saver.as_mut()
            && let Err(e) = saver.save(Vec::new(), Some(result))
        {
            eprintln!("{e}");
        }
    }
}

/// A match of at most `format.games` games, won by winning more than half of them; with
/// `swap_sides` the two players (A and B) change sides after every game. The net result is each
/// player's points from games won less the points of games lost.
fn play_games_match<const W: usize>(
    game: &Game<W>,
    chosen: &[Controller],
    draws: &mut Draws,
    format: MatchDecl,
    matched: &mut MatchGames<W>,
) {
    let mut score = MatchScore::default();
    for number in 0..format.games {
        // Player p plays side p, or the other side in every second game when sides change.
        let swapped = usize::from(format.swap_sides && number % 2 == 1);
        let controllers = [chosen[swapped], chosen[1 - swapped]];
        outln!(
            "\n=== game {}: A plays {}, B plays {} ===",
            number + 1,
            game.players[swapped],
            game.players[1 - swapped]
        );
        match matched.play(
            number as usize + 1,
            &controllers,
            draws,
            game.initial.to_move,
        ) {
            Some(Outcome::Win(side, points)) => {
                let p = side as usize ^ swapped;
                score.record(p, i64::from(points));
                outln!("game {}: {} wins {points}", number + 1, ["A", "B"][p]);
            }
            Some(Outcome::Draw) => outln!("game {}: draw", number + 1),
            None => {
                outln!("match stopped");
                return;
            }
        }
        if score.decided(format.games) {
            break;
        }
    }
    outln!(
        "match: A won {} game(s) ({} points, {} lost), B won {} ({} points, {} lost)",
        score.wins[0],
        score.won[0],
        score.lost[0],
        score.wins[1],
        score.won[1],
        score.lost[1]
    );
    let winner = match score.winner() {
        Some(p) => format!("{} wins", ["A", "B"][p]),
        None => "no winner".to_string(),
    };
    outln!("match over: {winner}");
    let net = match score.net().cmp(&0) {
        std::cmp::Ordering::Greater => format!("B pays A {} point(s)", score.net()),
        std::cmp::Ordering::Less => format!("A pays B {} point(s)", -score.net()),
        std::cmp::Ordering::Equal => "even".to_string(),
    };
    outln!("net: {net}");
    matched.finish(format!(
        "{winner}; A won {} game(s), B won {}; net: {net}",
        score.wins[0], score.wins[1]
    ));
}

/// Who starts the first game: in a dice game each player rolls one die, the higher starts
/// (ties roll again); otherwise the game's own first player.
fn opening_roll<const W: usize>(game: &Game<W>, rng: &mut GameRng) -> u8 {
    use rand::RngExt;
    let Some(dice) = game.dice else {
        return game.initial.to_move;
    };
    loop {
        let rolls: Vec<u8> = game
            .players
            .iter()
            .map(|_| rng.random_range(1..=dice.sides))
            .collect();
        let shown: Vec<String> = game
            .players
            .iter()
            .zip(&rolls)
            .map(|(name, r)| format!("{name} {r}"))
            .collect();
        outln!("opening roll: {}", shown.join(", "));
        if rolls[0] != rolls[1] {
            return u8::from(rolls[1] > rolls[0]);
        }
    }
}

/// Who chose a step of a game.
#[derive(Clone, Copy, PartialEq)]
enum Chooser {
    Chance,
    /// A person at the keyboard.
    Human,
    /// The random player or a search.
    Machine,
}

/// One step of a game: the position before it, how long the history was, the generators before
/// its action was chosen, the action and who chose it; what `undo` takes back.
struct Step<const W: usize> {
    before: State<W>,
    history_len: usize,
    draws: Draws,
    action: Action,
    chooser: Chooser,
}

/// A record kept on disk as the game goes: rewritten whole (to a temporary file then renamed
/// over it) whenever a person is asked to move, after `undo`, at the end, and at least every
/// second in between, so that an interrupted game loses nothing a person did or saw (a machine's
/// moves since the last save are chosen again on resuming, the same from a seed) and a long
/// game between machines is not rewritten at every action.
pub struct Saver {
    pub path: std::path::PathBuf,
    pub record: Record,
    pub saved: Option<std::time::Instant>,
}

impl Saver {
    fn save(&mut self, tokens: Vec<String>, result: Option<String>) -> Result<(), String> {
        self.record.tokens = tokens;
        self.record.result = result;
        self.saved = Some(std::time::Instant::now());
        let temporary = self.path.with_extension("tmp~");
        std::fs::write(&temporary, self.record.to_text())
            .and_then(|()| std::fs::rename(&temporary, &self.path))
            .map_err(|e| format!("cannot save the game to `{}`: {e}", self.path.display()))
    }
}

/// The commands a person may type instead of an action.
const HELP: &str = "type an action token (several in one line play one after another), or:
  moves        every legal action        moves NAME  the actions of one piece or point (`moves e2`)
  hint         the search's choice       undo        take back your last move (and the replies)
  help         this list                 quit        stop the game";

/// A game in progress: the position, its history and the steps that led to it.
struct Session<'g, const W: usize> {
    game: &'g Game<W>,
    state: State<W>,
    /// The keys of the positions before this one, for `repetitions`.
    history: Vec<u64>,
    steps: Vec<Step<W>>,
    /// Chance outcomes taken back by `undo`, the next one last: they come again, so that dice
    /// cannot be thrown again by taking a move back.
    chance_to_come: Vec<Action>,
    saver: Option<&'g mut Saver>,
    /// The generators of the random players and of chance.
    draws: &'g mut Draws,
    /// The generators as the last step left them: before the next step's action is chosen.
    draws_after_last: Draws,
}

thread_local! {
    /// Whether diagrams are drawn in colour (`--color`), set once per command.
    static COLOUR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl<const W: usize> Session<'_, W> {
    /// The position's diagram, the last move marked when in colour.
    fn diagram(&self) -> String {
        let last = self
            .steps
            .iter()
            .rev()
            .find(|s| s.chooser != Chooser::Chance)
            .map(|s| self.game.action_cells(&s.action))
            .unwrap_or_default();
        let look = tabula::engine::position::Look {
            colour: COLOUR.get(),
            marked: last,
        };
        self.game.diagram_with(&self.state, &look)
    }

    fn tokens(&self) -> Vec<String> {
        self.steps
            .iter()
            .map(|s| self.game.action_token(&s.action))
            .collect()
    }

    fn play(&mut self, action: Action, chooser: Chooser) {
        let draws = std::mem::replace(&mut self.draws_after_last, self.draws.clone());
        self.steps.push(Step {
            before: self.state,
            history_len: self.history.len(),
            draws,
            action,
            chooser,
        });
        self.game.note_position(&mut self.history, &self.state);
        self.game.apply(&mut self.state, &action);
        // Only with a file to save to: the tokens are written out afresh each time.
        if self
            .saver
            .as_ref()
            .is_some_and(|s| s.saved.is_none_or(|t| t.elapsed().as_secs() >= 1))
        {
            self.save(None);
        }
    }

    fn save(&mut self, result: Option<String>) {
        if self.saver.is_none() {
            return;
        }
        let tokens = self.tokens();
        if let Some(saver) = &mut self.saver
            && let Err(e) = saver.save(tokens, result)
        {
            eprintln!("{e}");
        }
    }

    /// Takes back everything since the last decision a person made, that decision included;
    /// false when there is none. The generators go back too, so that the game from here is the
    /// one its record resumes: a seeded game saved after an undo goes on as it does here.
    fn undo(&mut self) -> bool {
        let Some(last) = self.steps.iter().rposition(|s| s.chooser == Chooser::Human) else {
            return false;
        };
        while self.steps.len() > last {
            let step = self.steps.pop().expect("a step");
            if step.chooser == Chooser::Chance {
                self.chance_to_come.push(step.action);
            }
            self.state = step.before;
            self.history.truncate(step.history_len);
            *self.draws = step.draws.clone();
            self.draws_after_last = step.draws;
        }
        self.save(None);
        true
    }

    /// The chance outcome due now: one taken back by `undo` if it is still possible here, else a
    /// new draw. A draw is made either way, as a resumed game makes one for each chance token.
    fn chance(&mut self) -> Option<Action> {
        let drawn = draw_chance(self.game, &self.state, &self.history, self.draws);
        if let Some(next) = self.chance_to_come.pop() {
            let mut legal = Vec::new();
            self.game
                .legal_actions_with_history(&self.state, &self.history, &mut legal);
            if legal.contains(&next) || self.game.is_roll_due(&self.state) {
                return Some(next);
            }
            // Another move changed what chance decides here: what was taken back is void.
            self.chance_to_come.clear();
        }
        drawn
    }
}

/// A chance outcome drawn from chance's generator: the dice, or another event (a face-down piece
/// turned up) among its equally likely outcomes.
fn draw_chance<const W: usize>(
    game: &Game<W>,
    state: &State<W>,
    history: &[u64],
    draws: &mut Draws,
) -> Option<Action> {
    if game.is_roll_due(state) {
        Some(game.sample_roll(&mut draws.chance))
    } else {
        game.random_action_with_history(state, history, &mut draws.chance)
    }
}

/// One game from the initial position with `starter` to move, or from a record's tokens; `None`
/// if a human stopped it.
fn play_game<const W: usize>(
    game: &Game<W>,
    chosen: &[Controller],
    draws: &mut Draws,
    starter: u8,
    saver: Option<&mut Saver>,
    resumed: &[String],
) -> Option<Outcome> {
    let mut session = Session {
        game,
        state: game.initial,
        history: Vec::new(),
        steps: Vec::new(),
        chance_to_come: Vec::new(),
        saver,
        draws_after_last: draws.clone(),
        draws,
    };
    session.state.to_move = starter;
    if !session.replay(chosen, resumed) {
        return None;
    }
    if !resumed.is_empty() {
        outln!("resumed after {} actions", resumed.len());
    }
    let outcome = session.play_to_end(chosen);
    let result = outcome.map(|o| game.describe_outcome(o));
    match &result {
        Some(text) => outln!("game over: {text}"),
        None => outln!("game stopped"),
    }
    session.save(result);
    outln!("record: {}", session.tokens().join(" "));
    outcome
}

impl<const W: usize> Session<'_, W> {
    /// A resumed game: its tokens again, each drawing from the generators what it drew when it
    /// was played, so that a seeded game goes on as it would have without the interruption.
    /// False (said) if a token is not legal.
    fn replay(&mut self, chosen: &[Controller], tokens: &[String]) -> bool {
        let game = self.game;
        for token in tokens {
            let chooser = if game.is_chance(&self.state) {
                let _ = draw_chance(game, &self.state, &self.history, self.draws);
                Chooser::Chance
            } else {
                match chosen[self.state.to_move as usize] {
                    Controller::Human => Chooser::Human,
                    Controller::Random => {
                        let _ = game.random_action_with_history(
                            &self.state,
                            &self.history,
                            &mut self.draws.players,
                        );
                        Chooser::Machine
                    }
                    Controller::Mcts(_) => Chooser::Machine,
                }
            };
            match game.parse_action_with_history(&self.state, &self.history, token) {
                Ok(action) => self.play(action, chooser),
                Err(e) => {
                    // Checked before the game started: only a record changed since can fail here.
                    outln!("the record's action `{token}` is not legal: {e}");
                    return false;
                }
            }
        }
        true
    }

    /// Chance, the machines and the people play until the game is over; `None` if a person
    /// stopped it or no action could be chosen.
    fn play_to_end(&mut self, chosen: &[Controller]) -> Option<Outcome> {
        let game = self.game;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut actions = Vec::new();
        // Tokens typed ahead in one line, played while the same person keeps the move.
        let mut typed_ahead: std::collections::VecDeque<String> = Default::default();
        let mut typed_by = None;
        let mut shown = None;
        let people_play = chosen.contains(&Controller::Human);
        loop {
            if let Some(outcome) =
                game.legal_actions_with_history(&self.state, &self.history, &mut actions)
            {
                outln!("\n{}", self.diagram());
                return Some(outcome);
            }
            let chance = game.is_chance(&self.state);
            let mover = self.state.to_move as usize;
            if !typed_ahead.is_empty()
                && (chance || typed_by != Some(mover) || chosen[mover] != Controller::Human)
            {
                let rest: Vec<String> = typed_ahead.drain(..).collect();
                outln!("not played, the turn is over: {}", rest.join(" "));
            }
            // One diagram per decision a person watches: before a person's move (or every move
            // when machines play each other), never before chance or twice for one position.
            let watched = chosen[mover] == Controller::Human || !people_play;
            if !chance && watched && shown != Some(self.steps.len()) {
                outln!("\n{}", self.diagram());
                shown = Some(self.steps.len());
            }
            let name = &game.players[mover];
            let goes_on = if chance {
                self.chance_turn(name)
            } else {
                match chosen[mover] {
                    Controller::Random => self.random_turn(name),
                    Controller::Mcts(config) => self.mcts_turn(name, &config),
                    Controller::Human => self.human_turn(
                        &mut input,
                        &mut typed_ahead,
                        &mut typed_by,
                        &mut shown,
                        mover,
                    ),
                }
            };
            if !goes_on {
                return None;
            }
        }
    }

    /// Chance's action (a roll, or a piece turned up), said; false if there is none.
    fn chance_turn(&mut self, name: &str) -> bool {
        let game = self.game;
        let Some(action) = self.chance() else {
            return false;
        };
        if game.is_roll_due(&self.state) {
            outln!("{name} rolls {}", game.action_token(&action));
        } else {
            outln!("chance: {}", game.action_token(&action));
        }
        self.play(action, Chooser::Chance);
        true
    }

    /// A random player's action; false if there is none.
    fn random_turn(&mut self, name: &str) -> bool {
        let game = self.game;
        let Some(action) =
            game.random_action_with_history(&self.state, &self.history, &mut self.draws.players)
        else {
            return false;
        };
        outln!("{name} (random) plays {}", game.action_token(&action));
        self.play(action, Chooser::Machine);
        true
    }

    /// The search's action, with how it judges the position; false if it finds none.
    fn mcts_turn(&mut self, name: &str, config: &MctsConfig) -> bool {
        let game = self.game;
        let Some(found) = game.mcts(&self.state, &self.history, config) else {
            return false;
        };
        outln!(
            "{name} ({}) plays {}  ({}, {} iterations)",
            if config.solver { "solver" } else { "mcts" },
            game.action_token(&found.action),
            found.prospects(),
            found.iterations
        );
        self.play(found.action, Chooser::Machine);
        true
    }

    /// A person's turn: a token typed ahead, or a line read from `input` (the game saved first);
    /// false when they stop the game (`quit`, or the input closed).
    fn human_turn(
        &mut self,
        input: &mut impl BufRead,
        typed_ahead: &mut std::collections::VecDeque<String>,
        typed_by: &mut Option<usize>,
        shown: &mut Option<usize>,
        mover: usize,
    ) -> bool {
        let name = &self.game.players[mover];
        let typed = match typed_ahead.pop_front() {
            Some(token) => token,
            None => {
                // What the person sees is on disk before they answer.
                self.save(None);
                out!(
                    "{name} to move (ply {}), type an action or `help`: ",
                    self.state.ply
                );
                let _ = std::io::stdout().flush();
                match read_line(input) {
                    Line::Text(line) => line,
                    Line::TooLong => {
                        outln!("that line is longer than {MAX_LINE} bytes: type one action");
                        return true;
                    }
                    Line::NotText => {
                        outln!("that line is not UTF-8 text: type one action");
                        return true;
                    }
                    Line::End => {
                        outln!();
                        return false;
                    }
                }
            }
        };
        let mut words = typed.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let game = self.game;
        match (first, rest.as_slice()) {
            ("", _) => {}
            ("quit", []) => return false,
            ("help", []) => outln!("{HELP}"),
            ("moves" | "?", []) => outln!(
                "{}",
                game.legal_tokens_with_history(&self.state, &self.history)
                    .join(" ")
            ),
            ("moves" | "?", [name]) => {
                let tokens = game.tokens_from(&self.state, &self.history, name);
                if tokens.is_empty() {
                    outln!("no legal action from `{name}`");
                } else {
                    outln!("{}", tokens.join(" "));
                }
            }
            ("undo", []) => {
                if self.undo() {
                    outln!("taken back to ply {}", self.state.ply);
                    *shown = None;
                } else {
                    outln!("nothing to undo: no move of yours yet");
                }
            }
            ("hint", []) => self.hint(),
            (token, rest) => match game.read_typed_action(&self.state, &self.history, token) {
                Ok(action) => {
                    let written = game.action_token(&action);
                    if written != token {
                        outln!("{name} plays {written}");
                    }
                    self.play(action, Chooser::Human);
                    typed_ahead.extend(rest.iter().map(|t| t.to_string()));
                    *typed_by = Some(mover);
                }
                Err(e) => {
                    outln!("{e}");
                    if !rest.is_empty() {
                        outln!("not played: {}", rest.join(" "));
                    }
                }
            },
        }
        true
    }

    /// `hint`: the search's choice, and the next best.
    fn hint(&self) {
        let game = self.game;
        // The hint proves what it can: sound in any game, and exact near the end of one.
        let hint_config = MctsConfig {
            solver: true,
            ..MctsConfig::default()
        };
        match game.mcts(&self.state, &self.history, &hint_config) {
            Some(found) => outln!(
                "hint: {} ({} after {} iterations; then {})",
                game.action_token(&found.action),
                found.prospects(),
                found.iterations,
                found
                    .choices
                    .iter()
                    .skip(1)
                    .take(3)
                    .map(|c| format!("{} {}", game.action_token(&c.action), c.prospects()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => outln!("no hint here"),
        }
    }
}

/// A line typed, or `None` when the input is closed; a line too long or not text is reported
/// and skipped.
pub(super) fn read_typed_line(input: &mut impl BufRead) -> Option<String> {
    loop {
        match read_line(input) {
            Line::Text(line) => return Some(line),
            Line::End => return None,
            Line::TooLong => outln!("that line is longer than {MAX_LINE} bytes"),
            Line::NotText => outln!("that line is not UTF-8 text"),
        }
    }
}

/// The longest line a player may type: no action token comes near it.
const MAX_LINE: usize = 4096;

/// A line typed by a player.
enum Line {
    Text(String),
    /// Longer than [`MAX_LINE`]: read to its end and dropped, so that endless input cannot
    /// fill the memory.
    TooLong,
    NotText,
    /// The input is closed (or cannot be read).
    End,
}

fn read_line(input: &mut impl BufRead) -> Line {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if buffer.is_empty() {
            if bytes.is_empty() && !too_long {
                return Line::End;
            }
            break;
        }
        let (part, newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i)),
            None => (buffer, None),
        };
        if bytes.len() + part.len() > MAX_LINE {
            too_long = true;
            bytes.clear();
        } else if !too_long {
            bytes.extend_from_slice(part);
        }
        let used = newline.map_or(part.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Line::TooLong;
    }
    match String::from_utf8(bytes) {
        Ok(line) => Line::Text(line),
        Err(_) => Line::NotText,
    }
}
