//! Positions as hand-writable TOML: `show --format toml` prints what `--position` reads.

use crate::check::{Layout, Slant};
use crate::compile::{Game, Primitive};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::model::action::Action;
use crate::model::state::State;
use crate::span::{Located, Sources, Span, with_current_file};
use serde::Deserialize;
use std::collections::BTreeMap;

/// `roll` of a position file: a total, or the dice.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum Thrown {
    Total(i64),
    Dice(Vec<i64>),
}

/// A position file as read, every value with its span. Also the `[position]` table of a case file
/// ([`crate::cases`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    game: Option<Located<String>>,
    to_move: Located<String>,
    ply: Option<Located<i64>>,
    #[serde(default)]
    pieces: BTreeMap<String, Located<PlayerPieces>>,
    /// Values of the game's counters; those not given keep their initial values.
    #[serde(default)]
    counters: BTreeMap<String, Located<i64>>,
    /// Pieces each player has borne off.
    #[serde(default)]
    off: BTreeMap<String, Located<i64>>,
    /// Pieces each player has on the bar.
    #[serde(default)]
    bar: BTreeMap<String, Located<i64>>,
    /// Pieces pinned under another player's stack (`die_move` with `hit: pin`), written as in
    /// `[pieces]`.
    #[serde(default)]
    pinned: BTreeMap<String, Located<PlayerPieces>>,
    /// A board of columns: the pieces under the top piece of a cell, by symbol, the one right
    /// under the top first (`c3 = "bbW"`); the top pieces are those of `[pieces]`.
    #[serde(default)]
    pub(super) under: BTreeMap<String, Located<String>>,
    /// Dice games: the pips still to play, in order, and what they are.
    pool: Option<Located<Vec<i64>>>,
    pool_kind: Option<Located<String>>,
    /// Rolls made so far (doublets escalate from a given roll on).
    rolls: Option<Located<i64>>,
    /// `[roll]` games: the total thrown this turn, or the dice where the rules read each (none:
    /// the player to move throws first).
    roll: Option<Located<Thrown>>,
    /// `[shuffle]` games: the set-up is still to be drawn (the position before the draw).
    setup_due: Option<Located<bool>>,
    /// Cells whose pieces, of the kinds written, are still face down.
    #[serde(default)]
    face_down: Vec<Located<String>>,
    /// A reveal still due: the cell whose piece is to be revealed, and the move rule that moved it.
    reveal_at: Option<Located<String>>,
    moved_by: Option<Located<String>>,
    /// Extra turns owed (`extra_turn`): to whom (the player to move if not given) and how many
    /// (1 if not given).
    bonus: Option<Located<String>>,
    bonus_moves: Option<Located<i64>>,
    /// Pieces in hand: player -> kind -> how many.
    #[serde(default)]
    hand: BTreeMap<String, Located<BTreeMap<String, Located<i64>>>>,
    /// In the middle of a turn of several parts: the move rule the mover goes on with, and the
    /// cell where the previous part landed.
    part: Option<Located<String>>,
    last_to: Option<Located<String>>,
    /// The cells of the pieces marked in this turn (`mark`).
    #[serde(default)]
    marked: Vec<Located<String>>,
    /// The cells the parts of this turn have started from and landed on (`visited`).
    #[serde(default)]
    visited: Vec<Located<String>>,
    /// `[memory] unmoved`: the declared cells whose piece has not moved (all that hold a piece if
    /// not given).
    unmoved: Option<Located<Vec<Located<String>>>>,
    /// Where the previous action started and ended (`previous_from`, `previous_to`).
    previous_from: Option<Located<String>>,
    previous_to: Option<Located<String>>,
    /// A test situation with more pieces than the set-up gives a player, which no game reaches:
    /// then only the byte that counts a player's pieces limits them.
    beyond_setup: Option<Located<bool>>,
}

/// Counts of pieces read from a position file: (player, how many, where).
type Tally = Vec<(u8, u32, Span)>;

/// A list of cells when the game has one kind of piece, else a table of kind -> cells.
pub(crate) enum PlayerPieces {
    Cells(Vec<Located<String>>),
    Kinds(BTreeMap<String, Vec<Located<String>>>),
}

// A visitor rather than an untagged enum, which would lose the spans.
impl<'de> Deserialize<'de> for PlayerPieces {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = PlayerPieces;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of cells, or a table of piece kind -> list of cells")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element()? {
                    out.push(item);
                }
                Ok(PlayerPieces::Cells(out))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    out.insert(key, map.next_value()?);
                }
                Ok(PlayerPieces::Kinds(out))
            }
        }
        d.deserialize_any(V)
    }
}

impl<const W: usize> Game<W> {
    /// Reads a position written for this game. Errors point into `sources`.
    pub fn read_position(
        &self,
        sources: &mut Sources,
        path: &str,
        text: &str,
    ) -> Result<State<W>, Diagnostics> {
        let id = sources.add(path, text);
        let file: PositionFile = match with_current_file(id, || toml::from_str(text)) {
            Ok(f) => f,
            Err(e) => {
                let mut diags = Diagnostics::default();
                diags.push(crate::syntax::game_file::toml_error(id, text, &e));
                return Err(diags);
            }
        };
        self.position_from(&file)
    }

    /// The position a parsed position file describes; errors point where its values were read.
    pub fn position_from(&self, file: &PositionFile) -> Result<State<W>, Diagnostics> {
        let mut diags = Diagnostics::default();
        if let Some(g) = file.game.as_ref().filter(|g| g.value != self.name) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadPosition(format!(
                        "this position is for `{}`, not `{}`",
                        g.value, self.name
                    )),
                    g.span,
                )
                .with_label("another game"),
            );
        }
        let to_move = self
            .player_or_error(&file.to_move.value, file.to_move.span, &mut diags)
            .unwrap_or(0) as u8;
        let mut state = State::empty(to_move);
        if let Some(ply) = &file.ply {
            match u32::try_from(ply.value) {
                Ok(p) => state.ply = p,
                Err(_) => diags.push(Diagnostic::error(
                    ErrorKind::BadPosition("`ply` must be 0 or more".into()),
                    ply.span,
                )),
            }
        }
        // Every count of pieces read, with its player and where it was read: see `check_material`.
        let mut tally: Tally = Vec::new();
        self.read_pieces(&file.pieces, &mut state, &mut tally, &mut diags);
        self.read_hands(file, &mut state, &mut tally, &mut diags);
        self.read_pinned(file, &mut state, &mut tally, &mut diags);
        self.read_under(file, &mut state, &mut tally, &mut diags);
        for (i, counter) in self.counters.iter().enumerate() {
            state.counters[i] = counter.initial;
        }
        for (name, value) in &file.counters {
            let Some(i) = self.counters.iter().position(|c| c.name == *name) else {
                let names: Vec<String> = self
                    .counters
                    .iter()
                    .map(|c| format!("`{}`", c.name))
                    .collect();
                let help = if names.is_empty() {
                    "this game keeps no counters".to_string()
                } else {
                    format!("the counters are {}", names.join(", "))
                };
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!("unknown counter `{name}`")),
                        value.span,
                    )
                    .with_help(help),
                );
                continue;
            };
            match i32::try_from(value.value) {
                Ok(v) => state.counters[i] = v,
                Err(_) => diags.push(Diagnostic::error(
                    ErrorKind::BadPosition(format!("counter `{name}` is out of range")),
                    value.span,
                )),
            }
        }
        self.read_dice_state(file, &mut state, &mut tally, &mut diags);
        let beyond_setup = file.beyond_setup.as_ref().is_some_and(|b| b.value);
        self.check_material(&tally, beyond_setup, &mut diags);
        self.read_effects(file, &mut state, &mut diags);
        for cell in &file.face_down {
            match self.board.parse_cell(&cell.value) {
                Some(c)
                    if state
                        .piece(c)
                        .is_some_and(|(_, k)| !self.pieces[k as usize].hides.is_empty()) =>
                {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition(format!(
                                "the piece on `{}` is face down by its kind already",
                                cell.value
                            )),
                            cell.span,
                        )
                        .with_help("`face_down` lists pieces written with the kind they will show"),
                    )
                }
                Some(c)
                    if state
                        .piece(c)
                        .is_some_and(|(_, k)| self.hiding_kind(k).is_none()) =>
                {
                    let kind = state.piece(c).map_or(0, |(_, k)| k);
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition(format!(
                                "the piece on `{}` cannot be face down: no kind hides `{}`",
                                cell.value, self.pieces[kind as usize].name
                            )),
                            cell.span,
                        )
                        .with_help("a face-down piece is of a kind some face-down kind `hides`"),
                    )
                }
                Some(c) if state.cell(c) != 0 => state.face_down.insert(c),
                _ => diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!(
                            "`{}` in `face_down` holds no piece",
                            cell.value
                        )),
                        cell.span,
                    )
                    .with_help("list the cells of pieces that are still face down"),
                ),
            }
        }
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(state)
        }
    }

    /// `[pieces]`: each player's pieces, by kind, onto the board of `state`.
    pub(crate) fn read_pieces(
        &self,
        pieces_of: &BTreeMap<String, Located<PlayerPieces>>,
        state: &mut State<W>,
        tally: &mut Tally,
        diags: &mut Diagnostics,
    ) {
        // In file order, so that a cell given twice is reported where it is given the second time.
        let mut players: Vec<_> = pieces_of.iter().collect();
        players.sort_by_key(|(_, pieces)| pieces.span.start);
        for (player, pieces) in players {
            let Some(p) = self.owner_named(player) else {
                self.player_or_error(player, pieces.span, diags);
                continue;
            };
            let mut place = |kind: u8, cells: &[Located<String>], diags: &mut Diagnostics| {
                for cell in cells {
                    // On a board with stacks, `"24*15"` is 15 pieces on 24.
                    let (name, count) = match cell.value.rsplit_once('*') {
                        Some((name, n)) if self.board.stacks => match n.trim().parse::<u8>() {
                            Ok(n) if n >= 1 => (name.trim(), n),
                            _ => {
                                diags.push(
                                    Diagnostic::error(
                                        ErrorKind::BadPosition(format!(
                                            "`{}` is not a count of pieces",
                                            cell.value
                                        )),
                                        cell.span,
                                    )
                                    .with_help("write `\"24*15\"` for 15 pieces on 24"),
                                );
                                continue;
                            }
                        },
                        _ => (cell.value.as_str(), 1),
                    };
                    let value = crate::model::state::encode(p, kind);
                    match self.board.parse_cell(name) {
                        Some(c)
                            if self.board.stacks
                                && (state.cell(c) == 0 || state.cell(c) == value) =>
                        {
                            for _ in 0..count {
                                state.push_piece(c, value);
                            }
                            tally.push((p, u32::from(count), cell.span));
                        }
                        Some(c) if state.cell(c) != 0 => diags.push(
                            Diagnostic::error(
                                ErrorKind::BadPosition(format!(
                                    "cell `{}` holds two pieces",
                                    cell.value
                                )),
                                cell.span,
                            )
                            .with_label("already taken"),
                        ),
                        Some(c) => {
                            state.put(c, p, kind);
                            tally.push((p, 1, cell.span));
                        }
                        None => diags.push(self.board.unknown_cell(&cell.value, cell.span)),
                    }
                }
            };
            match &pieces.value {
                PlayerPieces::Cells(cells) => {
                    if self.pieces.len() != 1 {
                        diags.push(
                            Diagnostic::error(
                                ErrorKind::BadPosition(
                                    "this game has several kinds of piece".into(),
                                ),
                                pieces.span,
                            )
                            .with_help(format!("write `{player} = {{ KIND = [...] }}`")),
                        );
                        continue;
                    }
                    place(0, cells, diags);
                }
                PlayerPieces::Kinds(kinds) => {
                    for (kind, cells) in kinds {
                        match self.pieces.iter().position(|k| k.name == *kind) {
                            Some(k) => place(k as u8, cells, diags),
                            None => diags.push(Diagnostic::error(
                                ErrorKind::UnknownPiece(kind.clone()),
                                pieces.span,
                            )),
                        }
                    }
                }
            }
        }
    }

    /// The number of the player named `name`; where there is none, an error at `span` that
    /// lists the players.
    fn player_or_error(&self, name: &str, span: Span, diags: &mut Diagnostics) -> Option<usize> {
        let found = self.players.iter().position(|p| p == name);
        if found.is_none() {
            let players: Vec<String> = self.players.iter().map(|p| format!("`{p}`")).collect();
            diags.push(
                Diagnostic::error(ErrorKind::UnknownPlayer(name.to_string()), span)
                    .with_help(format!("the players are {}", players.join(", "))),
            );
        }
        found
    }

    /// `pinned`: each piece under the pieces of another player, one per cell.
    fn read_pinned(
        &self,
        file: &PositionFile,
        state: &mut State<W>,
        tally: &mut Tally,
        diags: &mut Diagnostics,
    ) {
        for (player, pieces) in &file.pinned {
            let Some(p) = self.player_or_error(player, pieces.span, diags) else {
                continue;
            };
            let mut kinds: Vec<(u8, &Vec<Located<String>>)> = Vec::new();
            match &pieces.value {
                PlayerPieces::Cells(cells) if self.pieces.len() == 1 => kinds.push((0, cells)),
                PlayerPieces::Cells(_) => {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition("this game has several kinds of piece".into()),
                            pieces.span,
                        )
                        .with_help(format!("write `{player} = {{ KIND = [...] }}`")),
                    );
                    continue;
                }
                PlayerPieces::Kinds(map) => {
                    for (kind, cells) in map {
                        match self.pieces.iter().position(|k| k.name == *kind) {
                            Some(k) => kinds.push((k as u8, cells)),
                            None => diags.push(Diagnostic::error(
                                ErrorKind::UnknownPiece(kind.clone()),
                                pieces.span,
                            )),
                        }
                    }
                }
            }
            for (kind, cells) in kinds {
                for cell in cells {
                    let Some(c) = self.board.parse_cell(&cell.value) else {
                        diags.push(self.board.unknown_cell(&cell.value, cell.span));
                        continue;
                    };
                    let problem = if !self.board.stacks {
                        Some("pieces are pinned only on a board with stacks")
                    } else if state.owner(c).is_none_or(|owner| owner == p as u8) {
                        Some("a pinned piece lies under another player's pieces")
                    } else if state.pinned(c).is_some() {
                        Some("a cell holds one pinned piece at most")
                    } else {
                        None
                    };
                    if let Some(problem) = problem {
                        diags.push(
                            Diagnostic::error(
                                ErrorKind::BadPosition(format!("`{}`: {problem}", cell.value)),
                                cell.span,
                            )
                            .with_help("list the pinner's pieces on that cell under `[pieces]`"),
                        );
                        continue;
                    }
                    let top = state.cell(c);
                    state.set(c, crate::model::state::encode(p as u8, kind));
                    state.pin(c, top);
                    tally.push((p as u8, 1, cell.span));
                }
            }
        }
    }

    /// What the turn still holds: a reveal due, marked pieces, extra turns owed, the next part.
    fn read_effects(&self, file: &PositionFile, state: &mut State<W>, diags: &mut Diagnostics) {
        let cell = |c: &Located<String>, state: &State<W>, diags: &mut Diagnostics| match self
            .board
            .parse_cell(&c.value)
        {
            Some(cell) if state.cell(cell) != 0 => Some(cell),
            _ => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!("`{}` holds no piece", c.value)),
                        c.span,
                    )
                    .with_help("a reveal or a mark is for a piece on the board"),
                );
                None
            }
        };
        if let Some(c) = &file.reveal_at
            && let Some(at) = cell(c, state, diags)
        {
            state.reveal_at = at;
        }
        for c in &file.marked {
            if let Some(at) = cell(c, state, diags) {
                state.marked.insert(at);
            }
        }
        if let Some(b) = &file.bonus
            && let Some(p) = self.player_or_error(&b.value, b.span, diags)
        {
            state.bonus = p as u8;
            state.bonus_left = 1;
        }
        if let Some(n) = &file.bonus_moves {
            match u8::try_from(n.value) {
                Ok(n) => {
                    if file.bonus.is_none() {
                        state.bonus = state.to_move;
                    }
                    state.bonus_left = n;
                }
                Err(_) => diags.push(Diagnostic::error(
                    ErrorKind::BadPosition("`bonus_moves` is from 0 to 255".into()),
                    n.span,
                )),
            }
        }
        if state.bonus_left == 0 {
            // Nothing owed: the same position as one that never owed anything.
            state.bonus = crate::model::state::NONE;
        }
        self.read_part(file, state, diags);
        self.read_memory(file, state, diags);
        if let Some(m) = &file.moved_by {
            match self.moves.iter().position(|r| r.info.name == m.value) {
                Some(i) => state.moved_by = i as u8,
                None => diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!("no move rule is called `{}`", m.value)),
                        m.span,
                    )
                    .with_help("`moved_by` names the move rule of the last move"),
                ),
            }
        }
    }

    /// `[hand]`: each player's pieces in hand, by kind. A kind the game holds in no hand cannot be.
    fn read_hands(
        &self,
        file: &PositionFile,
        state: &mut State<W>,
        tally: &mut Tally,
        diags: &mut Diagnostics,
    ) {
        for (player, kinds) in &file.hand {
            let Some(p) = self.player_or_error(player, kinds.span, diags) else {
                continue;
            };
            for (kind, count) in &kinds.value {
                let slot = self
                    .pieces
                    .iter()
                    .position(|k| k.name == *kind)
                    .map(|k| self.hand_slot_of[k]);
                match (slot, u8::try_from(count.value)) {
                    (Some(slot), Ok(n)) if slot != crate::compile::NO_HAND => {
                        state.hand[p][slot as usize] = n;
                        tally.push((p as u8, u32::from(n), count.span));
                    }
                    (Some(_), Ok(_)) => diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition(format!(
                                "no player holds `{kind}` in hand in this game"
                            )),
                            count.span,
                        )
                        .with_help(
                            "the game file's `[hand.PLAYER]` tables say which kinds are held",
                        ),
                    ),
                    (None, _) => diags.push(Diagnostic::error(
                        ErrorKind::UnknownPiece(kind.clone()),
                        count.span,
                    )),
                    (_, Err(_)) => diags.push(Diagnostic::error(
                        ErrorKind::BadPosition("a hand holds 0 to 255 pieces of a kind".into()),
                        count.span,
                    )),
                }
            }
        }
    }

    /// `unmoved`, `previous_from` and `previous_to`: what the position remembers of the past.
    fn read_memory(&self, file: &PositionFile, state: &mut State<W>, diags: &mut Diagnostics) {
        state.unmoved = self.remembered_unmoved(state);
        if let Some(list) = &file.unmoved {
            if !self.tracks_unmoved {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(
                            "this game remembers no unmoved pieces: it has no `[memory] unmoved`"
                                .into(),
                        ),
                        list.span,
                    )
                    .with_label("not a part of this game's positions"),
                );
            }
            state.unmoved = Default::default();
            for c in &list.value {
                match self.board.parse_cell(&c.value) {
                    Some(cell) if self.unmoved_cells.contains(cell) && state.cell(cell) != 0 => {
                        state.unmoved.insert(cell)
                    }
                    Some(_) => diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition(format!(
                                "`{}` is not a cell of `[memory] unmoved` holding a piece",
                                c.value
                            )),
                            c.span,
                        )
                        .with_help(format!(
                            "the game remembers the pieces of {}",
                            self.unmoved_cells
                                .iter()
                                .map(|c| self.board.cell_name(c))
                                .collect::<Vec<_>>()
                                .join(" ")
                        )),
                    ),
                    None => diags.push(self.board.unknown_cell(&c.value, c.span)),
                }
            }
        }
        for (given, slot) in [
            (&file.previous_from, &mut state.previous_from),
            (&file.previous_to, &mut state.previous_to),
        ] {
            if let Some(cell) = given {
                match self.board.parse_cell(&cell.value) {
                    Some(c) => *slot = c,
                    None => diags.push(self.board.unknown_cell(&cell.value, cell.span)),
                }
            }
        }
    }

    /// `part` and `last_to`: the rest of a turn of several parts (see `next` in GRAMMAR.md).
    fn read_part(&self, file: &PositionFile, state: &mut State<W>, diags: &mut Diagnostics) {
        if let Some(part) = &file.part {
            match self.moves.iter().position(|r| r.info.name == part.value) {
                Some(i) if self.moves[i].continuation_only => state.pending = i as u8,
                Some(_) => diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!(
                            "`{}` is not the rest of a turn: no `next` names it",
                            part.value
                        )),
                        part.span,
                    )
                    .with_help("`part` names a move rule that a `next` clause names"),
                ),
                None => {
                    let names: Vec<&str> = self
                        .moves
                        .iter()
                        .filter(|r| r.continuation_only)
                        .map(|r| r.info.name.as_str())
                        .collect();
                    let mut d = Diagnostic::error(
                        ErrorKind::BadPosition(format!("no move rule is called `{}`", part.value)),
                        part.span,
                    );
                    if let Some(near) = crate::check::nearest_name(&part.value, names) {
                        d = d.with_help(near);
                    }
                    diags.push(d);
                }
            }
        }
        if let Some(cell) = &file.last_to {
            match self.board.parse_cell(&cell.value) {
                Some(c) => state.last_to = c,
                None => diags.push(self.board.unknown_cell(&cell.value, cell.span)),
            }
        }
        for cell in &file.visited {
            match self.board.parse_cell(&cell.value) {
                Some(c) => state.visited.insert(c),
                None => diags.push(self.board.unknown_cell(&cell.value, cell.span)),
            }
        }
    }

    /// Borne-off pieces, the pool of pips and the roll count of a position file.
    fn read_dice_state(
        &self,
        file: &PositionFile,
        state: &mut State<W>,
        tally: &mut Tally,
        diags: &mut Diagnostics,
    ) {
        let counts = file
            .off
            .iter()
            .map(|e| (e, false))
            .chain(file.bar.iter().map(|e| (e, true)));
        for ((player, given), on_bar) in counts {
            let count = (
                self.player_or_error(player, given.span, diags),
                u8::try_from(given.value),
            );
            if let (Some(p), Ok(count)) = count {
                tally.push((p as u8, u32::from(count), given.span));
            }
            match count {
                // Only dice games move pieces onto the bar (`die_move`), and off the board
                // with them or `path_step(bear_off: true)`.
                (Some(_), Ok(n)) if n > 0 && (if on_bar { self.dice.is_none() } else { !self.bears_off() }) => diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!(
                            "this game has no pieces {}",
                            if on_bar { "on a bar" } else { "borne off" }
                        )),
                        given.span,
                    )
                    .with_help(if on_bar {
                        "only a game with `[dice]` and `die_move` rules has them"
                    } else {
                        "only a game that bears pieces off (`die_move`, `path_step` with `bear_off`) has them"
                    }),
                ),
                (Some(p), Ok(n)) if on_bar => state.bar[p] = n,
                (Some(p), Ok(n)) => state.off[p] = n,
                (None, _) => {} // said by `player_or_error`
                (_, Err(_)) => diags.push(Diagnostic::error(
                    ErrorKind::BadPosition("a count of pieces is from 0 to 255".into()),
                    given.span,
                )),
            }
        }
        if let Some(rolls) = &file.rolls {
            match u16::try_from(rolls.value) {
                Ok(r) => state.rolls = r,
                Err(_) => diags.push(Diagnostic::error(
                    ErrorKind::BadPosition("`rolls` must be from 0 to 65535".into()),
                    rolls.span,
                )),
            }
        }
        self.read_throw(file, state, diags);
        self.read_setup_due(file, state, diags);
        let sides = self.dice.map_or(0, |d| i64::from(d.sides));
        if let Some(pool) = &file.pool {
            if self.dice.is_none() || pool.value.len() > crate::model::state::POOL {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition("not a pool of pips for this game".into()),
                        pool.span,
                    )
                    .with_help(if self.dice.is_none() {
                        "this game throws no dice".to_string()
                    } else {
                        format!("a pool holds at most {} pips", crate::model::state::POOL)
                    }),
                );
                return;
            }
            for (i, &pip) in pool.value.iter().enumerate() {
                if !(1..=sides).contains(&pip) {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition(format!("pip {pip} is not a face of the dice")),
                            pool.span,
                        )
                        .with_help(format!("pips are from 1 to {sides}")),
                    );
                    return;
                }
                state.pool[i] = pip as u8;
            }
            state.pool_len = pool.value.len() as u8;
            state.pool_kind = if pool.value.is_empty() {
                crate::model::state::Pool::Empty
            } else {
                crate::model::state::Pool::Roll
            };
        }
        if let Some(kind) = &file.pool_kind {
            use crate::model::state::Pool;
            let k = match kind.value.as_str() {
                "roll" => Pool::Roll,
                "doublet" => Pool::Doublet,
                "transferred" => Pool::Transferred,
                "returned" => Pool::Returned,
                _ => {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition(format!(
                                "`pool_kind` cannot be `{}`",
                                kind.value
                            )),
                            kind.span,
                        )
                        .with_help("write `roll`, `doublet` or `transferred`"),
                    );
                    return;
                }
            };
            if state.pool_len > 0 {
                state.pool_kind = k;
            }
        }
    }

    /// `setup_due = true`: the set-up of a `[shuffle]` game is still to be drawn.
    fn read_setup_due(&self, file: &PositionFile, state: &mut State<W>, diags: &mut Diagnostics) {
        let Some(due) = &file.setup_due else { return };
        if self.shuffle.is_none() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadPosition("this game draws no set-up by lot".into()),
                    due.span,
                )
                .with_help("`setup_due` belongs to a game with `[shuffle]`"),
            );
            return;
        }
        state.setup_due = due.value;
    }

    /// `roll = N`: the total of this turn's throw in a `[roll]` game; `roll = [5, 3]`, the dice,
    /// where its rules read each.
    fn read_throw(&self, file: &PositionFile, state: &mut State<W>, diags: &mut Diagnostics) {
        let Some(located) = &file.roll else { return };
        let total = match (&located.value, &self.roll) {
            (given, Some(roll)) if !roll.each.is_empty() => {
                let dice = match given {
                    Thrown::Dice(dice) => dice.clone(),
                    Thrown::Total(_) => Vec::new(),
                };
                match (roll.each.iter()).find(|(d, _)| d.iter().map(|&x| i64::from(x)).eq(dice.iter().copied())) {
                    Some((d, _)) => Game::apply_throw(state, &Action::thrown_each(d)),
                    None => diags.push(
                        Diagnostic::error(
                            ErrorKind::BadPosition("not a throw of the dice".into()),
                            located.span,
                        )
                        .with_help(format!(
                            "the rules read each die: give the {} dice, highest first, `roll = [{}]`",
                            roll.dice,
                            roll.each[0].0.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
                        )),
                    ),
                }
                return;
            }
            (Thrown::Dice(_), Some(_)) => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(
                            "the rules read the total thrown, not each die".into(),
                        ),
                        located.span,
                    )
                    .with_help("give the total: `roll = 7`"),
                );
                return;
            }
            (Thrown::Total(total), _) => *total,
            (Thrown::Dice(_), None) => 0,
        };
        let given = Located::new(total, located.span);
        let given = &given;
        let Some(roll) = &self.roll else {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadPosition("this game throws no `[roll]` dice".into()),
                    given.span,
                )
                .with_help("`roll` is the total thrown this turn in a game with `[roll]`"),
            );
            return;
        };
        if !roll
            .totals
            .iter()
            .any(|&(t, _)| i64::from(t) == given.value)
        {
            let totals: Vec<String> = roll.totals.iter().map(|(t, _)| t.to_string()).collect();
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadPosition(format!("the dice cannot throw {}", given.value)),
                    given.span,
                )
                .with_help(format!("the totals are {}", totals.join(", "))),
            );
            return;
        }
        Game::apply_throw(
            state,
            &crate::model::action::Action::thrown(given.value as u8),
        );
    }

    /// No player has more pieces than the set-up gives them: no rule but `place` creates pieces
    /// (promotions and reveals change a piece's kind, not how many there are), so more could never
    /// be reached in a game without one, and
    /// the set-up keeps every count within a byte (see `check_setup`), so the bytes of a stack, the
    /// bar and borne-off pieces cannot overflow. A player the set-up gives no pieces may have none
    /// here either, for the same reason. `beyond_setup` lifts the set-up's limit for test
    /// situations, not the byte's. The error points at the value that goes past the limit.
    fn check_material(&self, tally: &Tally, beyond_setup: bool, diags: &mut Diagnostics) {
        for p in self.owners() {
            // A `place` rule brings pieces from an unlimited supply: only the byte limits them.
            let supplied = self
                .moves
                .iter()
                .any(|m| matches!(m.primitive, Primitive::Place(_)));
            let limit = if beyond_setup || supplied {
                crate::check::MAX_PIECES
            } else {
                // The pieces drawn by lot (`[shuffle]`) are not on the board before the draw.
                let drawn = (self.shuffle.as_ref())
                    .and_then(|s| s.cells.get(p as usize))
                    .map_or(0, |cells| cells.len() as u32);
                self.initial.pieces_in_play(p) + drawn
            };
            let mut mine: Vec<(u32, Span)> = tally
                .iter()
                .filter(|(q, _, _)| *q == p)
                .map(|&(_, n, span)| (n, span))
                .collect();
            let total: u32 = mine.iter().fold(0, |t, (n, _)| t.saturating_add(*n));
            if total <= limit {
                continue;
            }
            mine.sort_by_key(|(_, span)| (span.file.0, span.start));
            let mut running = 0u32;
            let past = mine.iter().find(|(n, _)| {
                running = running.saturating_add(*n);
                running > limit
            });
            let pieces = if total == 1 { "piece" } else { "pieces" };
            let player = self.owner_name(p);
            let (message, label, help) = if beyond_setup || supplied {
                (
                    format!(
                        "{player} has {total} {pieces} here, a player may have at most {limit}"
                    ),
                    format!("past the {limit}"),
                    "a player's pieces are counted in a byte",
                )
            } else {
                let gives = match limit {
                    0 => "none".to_string(),
                    n => n.to_string(),
                };
                (
                    format!("{player} has {total} {pieces} here, the set-up gives {gives}"),
                    match limit {
                        0 => "the set-up gives this player no pieces".to_string(),
                        n => format!("past the set-up's {n}"),
                    },
                    "no rule creates pieces: count each one on the board (every piece of a stack), \
                     pinned, on the bar and borne off (a test situation no game reaches may say \
                     `beyond_setup = true`)",
                )
            };
            diags.push(
                Diagnostic::error(ErrorKind::BadPosition(message), past.map(|(_, span)| *span))
                    .with_label(label)
                    .with_help(help),
            );
        }
    }

    /// Writes a position in the format [`Game::read_position`] reads (counters last, if the game
    /// keeps any).
    pub fn write_position(&self, state: &State<W>) -> String {
        let mut out = format!(
            "game = {}\nto_move = {}\nply = {}\n",
            quote(&self.name),
            quote(&self.players[state.to_move as usize]),
            state.ply
        );
        if self.dice.is_some() {
            self.write_dice(state, &mut out);
        } else if self.bears_off() {
            let offs = self.per_player(&state.off, " = ");
            out.push_str(&format!("off = {{ {offs} }}\n"));
        }
        if state.setup_due {
            out.push_str("setup_due = true\n");
        }
        match &self.roll {
            Some(roll) if state.pool_len > 0 && !roll.each.is_empty() => {
                let dice: Vec<String> = (1..=roll.dice).map(|n| state.die(n).to_string()).collect();
                out.push_str(&format!("roll = [{}]\n", dice.join(", ")));
            }
            Some(_) if state.pool_len > 0 => out.push_str(&format!("roll = {}\n", state.thrown())),
            _ => {}
        }
        self.write_turn_in_progress(state, &mut out);
        self.write_remembered_cells(state, &mut out);
        let beyond =
            |p: usize| state.pieces_in_play(p as u8) > self.initial.pieces_in_play(p as u8);
        let supplied = self
            .moves
            .iter()
            .any(|m| matches!(m.primitive, Primitive::Place(_)));
        if !supplied && self.owners().any(|p| beyond(p as usize)) {
            // Else the file would not be read back.
            out.push_str("beyond_setup = true\n");
        }
        self.write_pinned(state, &mut out);
        if !state.face_down.is_empty() {
            let cells: Vec<String> = state
                .face_down
                .iter()
                .map(|c| quote(&self.board.cell_name(c)))
                .collect();
            out.push_str(&format!("face_down = [{}]\n", cells.join(", ")));
        }
        self.write_under(state, &mut out);
        self.write_pieces(state, &mut out);
        if !self.hand_kinds.is_empty() {
            out.push_str("\n[hand]\n");
            for (p, player) in self.players.iter().enumerate() {
                out.push_str(&format!(
                    "{player} = {{ {} }}\n",
                    self.hand_words(state, p, " = ")
                ));
            }
        }
        if !self.counters.is_empty() {
            out.push_str("\n[counters]\n");
            for (i, counter) in self.counters.iter().enumerate() {
                out.push_str(&format!("{} = {}\n", counter.name, state.counters[i]));
            }
        }
        out
    }

    /// The dice of a position: pieces borne off and on the bar, the pool and how it came.
    fn write_dice(&self, state: &State<W>, out: &mut String) {
        use crate::model::state::Pool;
        let offs = self.per_player(&state.off, " = ");
        out.push_str(&format!("off = {{ {offs} }}\n"));
        if state.bar.iter().any(|&n| n > 0) {
            let bars = self.per_player(&state.bar, " = ");
            out.push_str(&format!("bar = {{ {bars} }}\n"));
        }
        let pips: Vec<String> = state.pips().iter().map(|p| p.to_string()).collect();
        out.push_str(&format!("pool = [{}]\n", pips.join(", ")));
        let kind = match state.pool_kind {
            Pool::Empty | Pool::Roll => "roll",
            Pool::Doublet => "doublet",
            Pool::Transferred => "transferred",
            Pool::Returned => "returned",
        };
        out.push_str(&format!(
            "pool_kind = \"{kind}\"\nrolls = {}\n",
            state.rolls
        ));
    }

    /// A turn not over yet: a piece to turn up, moves owed, the rule whose part comes next, the
    /// last move's landing.
    fn write_turn_in_progress(&self, state: &State<W>, out: &mut String) {
        if state.reveal_at != crate::compile::NO_CELL {
            out.push_str(&format!(
                "reveal_at = {}\n",
                quote(&self.board.cell_name(state.reveal_at))
            ));
            if let Some(rule) = self.moves.get(state.moved_by as usize) {
                out.push_str(&format!("moved_by = {}\n", quote(&rule.info.name)));
            }
        }
        if state.bonus_left > 0 {
            if let Some(player) = self.players.get(state.bonus as usize) {
                out.push_str(&format!("bonus = {}\n", quote(player)));
            }
            out.push_str(&format!("bonus_moves = {}\n", state.bonus_left));
        }
        if state.pending != crate::model::state::NONE {
            let rule = &self.moves[state.pending as usize].info.name;
            out.push_str(&format!("part = {}\n", quote(rule)));
        }
        if state.last_to != crate::compile::NO_CELL {
            let cell = self.board.cell_name(state.last_to);
            out.push_str(&format!("last_to = {}\n", quote(&cell)));
        }
    }

    /// The cells the game remembers: marked, visited, unmoved, and the previous move's.
    fn write_remembered_cells(&self, state: &State<W>, out: &mut String) {
        if !state.marked.is_empty() {
            let cells: Vec<String> = state
                .marked
                .iter()
                .map(|c| quote(&self.board.cell_name(c)))
                .collect();
            out.push_str(&format!("marked = [{}]\n", cells.join(", ")));
        }
        if !state.visited.is_empty() {
            let cells: Vec<String> = state
                .visited
                .iter()
                .map(|c| quote(&self.board.cell_name(c)))
                .collect();
            out.push_str(&format!("visited = [{}]\n", cells.join(", ")));
        }
        if self.tracks_unmoved {
            let cells: Vec<String> = state
                .unmoved
                .iter()
                .map(|c| quote(&self.board.cell_name(c)))
                .collect();
            out.push_str(&format!("unmoved = [{}]\n", cells.join(", ")));
        }
        for (name, cell) in [
            ("previous_from", state.previous_from),
            ("previous_to", state.previous_to),
        ] {
            if cell != crate::compile::NO_CELL {
                let cell = self.board.cell_name(cell);
                out.push_str(&format!("{name} = {}\n", quote(&cell)));
            }
        }
    }

    /// `pinned`: each player's pinned pieces, by kind where the game has several.
    fn write_pinned(&self, state: &State<W>, out: &mut String) {
        let pinned: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .filter(|&(p, _)| state.has_pinned(p as u8))
            .map(|(p, name)| {
                let cells_of = |kind: u8| -> Vec<String> {
                    state
                        .pinned_cells(p as u8)
                        .filter(|&c| state.pinned(c) == Some((p as u8, kind)))
                        .map(|c| quote(&self.board.cell_name(c)))
                        .collect()
                };
                if self.pieces.len() == 1 {
                    format!("{name} = [{}]", cells_of(0).join(", "))
                } else {
                    let kinds: Vec<String> = (0..self.pieces.len())
                        .map(|k| (k, cells_of(k as u8)))
                        .filter(|(_, cells)| !cells.is_empty())
                        .map(|(k, cells)| {
                            format!("{} = [{}]", self.pieces[k].name, cells.join(", "))
                        })
                        .collect();
                    format!("{name} = {{ {} }}", kinds.join(", "))
                }
            })
            .collect();
        if !pinned.is_empty() {
            out.push_str(&format!("pinned = {{ {} }}\n", pinned.join(", ")));
        }
    }

    /// `[pieces]`: each owner's pieces by cell (a stack as `cell*height`), by kind where the game
    /// has several.
    fn write_pieces(&self, state: &State<W>, out: &mut String) {
        out.push_str("\n[pieces]\n");
        for p in self.owners() {
            let player = self.owner_name(p);
            let p = p as usize;
            let cells_of = |kind: u8| -> Vec<String> {
                (0..self.board.cells as u16)
                    .filter(|&c| state.piece(c) == Some((p as u8, kind)))
                    .map(|c| match state.height(c) {
                        1 => quote(&self.board.cell_name(c)),
                        n => quote(&format!("{}*{n}", self.board.cell_name(c))),
                    })
                    .collect()
            };
            if self.pieces.len() == 1 {
                out.push_str(&format!("{player} = [{}]\n", cells_of(0).join(", ")));
            } else {
                let kinds: Vec<String> = (0..self.pieces.len())
                    .map(|k| {
                        format!(
                            "{} = [{}]",
                            self.pieces[k].name,
                            cells_of(k as u8).join(", ")
                        )
                    })
                    .collect();
                out.push_str(&format!("{player} = {{ {} }}\n", kinds.join(", ")));
            }
        }
    }

    /// A player's pieces in hand, `man = 9` (with `separator` between a kind and its number).
    fn hand_words(&self, state: &State<W>, player: usize, separator: &str) -> String {
        self.hand_kinds
            .iter()
            .enumerate()
            .map(|(slot, &kind)| {
                format!(
                    "{}{separator}{}",
                    self.pieces[kind as usize].name, state.hand[player][slot]
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A board diagram: rank numbers on the left, files below.
    pub fn diagram(&self, state: &State<W>) -> String {
        self.diagram_with(state, &Look::default())
    }

    /// [`Game::diagram`] in colour and with the last action's cells marked, as `look` asks.
    pub fn diagram_with(&self, state: &State<W>, look: &Look) -> String {
        let paint = |cell: u16, label: &str| self.paint(state, look, cell, label);
        if self.board.numbered || self.board.stacks {
            return self.track_diagram(state, &paint);
        }
        let mut out = self.board_diagram(state, &paint);
        out.push_str(&self.show_key());
        for line in self.beside_board(state) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// What a diagram shows beside the board, a line each: the hands; in a dice game the men
    /// borne off, on the bar and pinned, and the dice.
    pub fn beside_board(&self, state: &State<W>) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(line) = self.columns_line(state) {
            lines.push(line);
        }
        if !self.hand_kinds.is_empty() {
            // Of several kinds, those held: a shogi hand is mostly empty.
            let several = self.hand_kinds.len() > 1;
            let hands: Vec<String> = (0..self.players.len())
                .map(|p| {
                    let held: Vec<String> = (self.hand_kinds.iter().enumerate())
                        .filter(|&(slot, _)| !several || state.hand[p][slot] > 0)
                        .map(|(slot, &kind)| {
                            format!(
                                "{} {}",
                                self.pieces[kind as usize].name, state.hand[p][slot]
                            )
                        })
                        .collect();
                    match held.is_empty() {
                        true => format!("{} none", self.players[p]),
                        false => format!("{} {}", self.players[p], held.join(", ")),
                    }
                })
                .collect();
            lines.push(format!("in hand: {}", hands.join("; ")));
        }
        if self.roll.is_some() {
            if self.bears_off() {
                lines.push(format!("off: {}", self.per_player(&state.off, " ")));
            }
            lines.push(match state.pool_len {
                0 => "dice: to throw".to_string(),
                _ => format!("dice: thrown {}", state.thrown()),
            });
        }
        if self.dice.is_some() {
            lines.push(format!("off: {}", self.per_player(&state.off, " ")));
            if state.bar.iter().any(|&n| n > 0) {
                lines.push(format!("bar: {}", self.per_player(&state.bar, " ")));
            }
            let pinned: Vec<String> = self
                .players
                .iter()
                .enumerate()
                .filter(|&(p, _)| state.has_pinned(p as u8))
                .map(|(p, name)| {
                    let cells: Vec<String> = state
                        .pinned_cells(p as u8)
                        .map(|c| self.board.cell_name(c))
                        .collect();
                    format!("{name} under {}", cells.join(" "))
                })
                .collect();
            if !pinned.is_empty() {
                lines.push(format!("pinned: {}", pinned.join(", ")));
            }
            let pips: Vec<String> = state.pips().iter().map(|p| p.to_string()).collect();
            let kind = match state.pool_kind {
                crate::model::state::Pool::Empty => "to roll",
                crate::model::state::Pool::Roll => "roll",
                crate::model::state::Pool::Doublet => "doublet, in order",
                crate::model::state::Pool::Transferred => "passed on, in order",
                crate::model::state::Pool::Returned => "passed back, in order",
            };
            if pips.is_empty() {
                lines.push(format!("dice: {kind}"));
            } else {
                lines.push(format!("dice: {} ({kind})", pips.join(" ")));
            }
        }
        lines
    }

    /// What an empty cell shows: the symbol of the first region, path or line of `[show]` it
    /// is part of, else `.`.
    pub fn empty_symbol(&self, cell: u16) -> char {
        self.shown
            .iter()
            .find(|s| s.cells.binary_search(&cell).is_ok())
            .map_or('.', |s| s.symbol)
    }

    /// The key to the symbols of `[show]` under a diagram: `+ centre, : captain`.
    fn show_key(&self) -> String {
        if self.shown.is_empty() {
            return String::new();
        }
        let each: Vec<String> = self
            .shown
            .iter()
            .filter(|s| s.between.is_empty() || !self.board.drawn_as_points)
            .map(|s| match s.between.is_empty() {
                true => format!("{} {}", s.symbol, s.name),
                false => format!("| {} (between cells)", s.name),
            })
            .collect();
        format!("marked: {}\n", each.join(", "))
    }

    /// The cells an action left and reached, for marking the last move: both ends of a move,
    /// jump, hop, die move or sowing, the cell of a placement or a removal; a joined turn's
    /// parts each. Chance and passes mark nothing.
    pub fn action_cells(&self, action: &Action) -> Vec<u16> {
        use crate::model::action::ActionKind;
        let mut cells = Vec::new();
        let parts = match action.joined_part() {
            Some(second) => vec![action.with_path(0), second],
            None => vec![*action],
        };
        for part in parts {
            let ends = match part.kind() {
                ActionKind::Move
                | ActionKind::Jump
                | ActionKind::Hop
                | ActionKind::Die
                | ActionKind::Sow => vec![part.from_cell(), part.to_cell()],
                // Every cell a piece of the line leaves or reaches.
                ActionKind::LineStep => {
                    let landings = self.line_step_landings(&part);
                    let left = landings
                        .iter()
                        .map(|&c| self.board.predecessor(c, part.dir()));
                    let mut cells: Vec<u16> = left.chain(landings.iter().copied()).collect();
                    cells.sort_unstable();
                    cells.dedup();
                    cells
                }
                ActionKind::Off => vec![part.from_cell()],
                ActionKind::Place | ActionKind::Take => vec![part.to_cell()],
                _ => Vec::new(),
            };
            // Dice moves from the bar or off the board name no cell.
            cells.extend(ends.into_iter().filter(|&c| c < self.board.cells as u16));
        }
        cells
    }

    /// A cell's label in the look asked for: each player's pieces in a colour of their own,
    /// empty cells dim, the cells the last action left and reached in reverse video.
    fn paint(&self, state: &State<W>, look: &Look, cell: u16, label: &str) -> String {
        if !look.colour {
            return label.to_string();
        }
        let mut codes: Vec<&str> = Vec::new();
        match state.owner(cell) {
            Some(p) => codes.push(PLAYER_COLOURS[p as usize & 3]),
            None => codes.push(DIM),
        }
        if look.marked.contains(&cell) {
            codes.push(REVERSE);
        }
        format!("\x1b[{}m{label}\x1b[0m", codes.join(";"))
    }

    /// The grid with each cell's piece.
    fn board_diagram(&self, state: &State<W>, paint: &dyn Fn(u16, &str) -> String) -> String {
        self.cell_diagram_painted(
            |cell| {
                let c = match state.piece(cell) {
                    // A face-down piece shows as the kind that hides it: its own stays unseen.
                    Some((p, k)) if state.face_down.contains(cell) => self
                        .hiding_kind(k)
                        .map_or('?', |h| self.pieces[h as usize].symbol(p)),
                    Some((p, k)) => self.pieces[k as usize].symbol(p),
                    None => self.empty_symbol(cell),
                };
                c.to_string()
            },
            paint,
        )
    }

    /// The board with a label on every cell, right-aligned to the widest: a grid with rank numbers
    /// on the left and files below, or numbered cells (and a single rank of stacks) twelve to a
    /// row, each name above its label.
    pub fn cell_diagram(&self, label: impl Fn(u16) -> String) -> String {
        self.cell_diagram_painted(label, &|_, l| l.to_string())
    }

    /// [`Game::cell_diagram`] with each label passed through `paint` once it is laid out (so that
    /// escape codes take no room).
    pub fn cell_diagram_painted(
        &self,
        label: impl Fn(u16) -> String,
        paint: &dyn Fn(u16, &str) -> String,
    ) -> String {
        let labels: Vec<String> = (0..self.board.cells as u16).map(&label).collect();
        let pad = |cell: u16, width: usize| -> String {
            let text = &labels[cell as usize];
            let room = width.saturating_sub(text.chars().count());
            format!("{}{}", " ".repeat(room), paint(cell, text))
        };
        let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
        let mut out = String::new();
        // A lettered board of stacks on several ranks (Kalah's pits) keeps its grid.
        if self.board.numbered || (self.board.stacks && self.board.ranks == 1) {
            let width = width.max(3) + 1;
            let cells: Vec<u16> = self.board.all_cells.iter().collect();
            // A numbered track of an even length is drawn as a U, as such boards are laid out:
            // the second half along the top from the left, the first half back along the
            // bottom, the names outside, and a bar between the halves of each row when they
            // split into four tables.
            if self.board.numbered && cells.len() >= 8 && cells.len().is_multiple_of(2) {
                let half = cells.len() / 2;
                let top: Vec<u16> = cells[half..].to_vec();
                let bottom: Vec<u16> = cells[..half].iter().rev().copied().collect();
                let bar = half.is_multiple_of(2).then_some(half / 2);
                let row = |out: &mut String, row: &[u16], text: &dyn Fn(u16) -> String| {
                    for (i, &c) in row.iter().enumerate() {
                        if Some(i) == bar {
                            out.push_str(" |");
                        }
                        out.push_str(&text(c));
                    }
                    out.push('\n');
                };
                let name = |c: u16| format!("{:>width$}", self.board.cell_name(c));
                let label = |c: u16| pad(c, width);
                row(&mut out, &top, &name);
                row(&mut out, &top, &label);
                // Between the rows, the bar (or nothing) runs on.
                let mut middle = String::new();
                row(&mut middle, &top, &|_| " ".repeat(width));
                out.push_str(middle.trim_end());
                out.push('\n');
                row(&mut out, &bottom, &label);
                row(&mut out, &bottom, &name);
                return out;
            }
            for row in cells.chunks(12) {
                for &c in row {
                    out.push_str(&format!("{:>width$}", self.board.cell_name(c)));
                }
                out.push('\n');
                for &c in row {
                    out.push_str(&pad(c, width));
                }
                out.push('\n');
            }
            return out;
        }
        // Each cell takes `pitch` columns, its label right-aligned after at least one space. A hex
        // layout draws each rank half a cell aside from the one below, so that the neighbours
        // along the diagonal the cells touch across stand next to each other, as they would on
        // a board of hexagons; the pitch is made even there, for a whole half.
        let (pitch, half) = match self.board.layout {
            Layout::Square => (width + 1, 0),
            Layout::Hex(_) => {
                let pitch = (width + 2) & !1;
                (pitch, pitch / 2)
            }
        };
        let ranks = self.board.ranks as usize;
        let indent = |rank: usize| match self.board.layout {
            Layout::Square => 0,
            Layout::Hex(Slant::Right) => half * rank,
            Layout::Hex(Slant::Left) => half * (ranks - 1 - rank),
        };
        let lines = LinesBetween::new(self);
        let mut line = String::new();
        for rank in (0..self.board.ranks).rev() {
            if rank + 1 < self.board.ranks {
                lines.row_above(rank, pitch, &mut out);
            }
            line.push_str(&format!(
                "{:>3} {}",
                rank + 1,
                " ".repeat(indent(rank as usize))
            ));
            for file in 0..self.board.files {
                let cell = rank * self.board.files + file;
                // A cell of the grid that is no cell of the board is left blank.
                let mut text = match self.board.all_cells.contains(cell) {
                    true => pad(cell, pitch),
                    false => " ".repeat(pitch),
                };
                if lines.beside(file, rank) {
                    text.replace_range(0..1, "|");
                }
                line.push_str(&text);
            }
            self.end_diagram_line(&mut out, &mut line);
        }
        line.push_str(&format!("    {}", " ".repeat(indent(0))));
        for file in 0..self.board.files {
            line.push_str(&format!("{:>pitch$}", (b'a' + file as u8) as char));
        }
        self.end_diagram_line(&mut out, &mut line);
        out
    }

    /// Moves a finished line of a diagram to `out`. A hex layout's lines end in blanks where
    /// the shape leaves cells out, which are dropped; the square layout keeps its lines as they
    /// always were.
    fn end_diagram_line(&self, out: &mut String, line: &mut String) {
        match self.board.layout {
            Layout::Square => out.push_str(line),
            Layout::Hex(_) => out.push_str(line.trim_end()),
        }
        out.push('\n');
        line.clear();
    }
}

/// The lines of `[show]` drawn between cells on a square grid: `|` in the gap between two cells
/// side by side, a row of `-` between two ranks, `+` where they meet.
struct LinesBetween {
    files: u16,
    /// Each link, as its lower (or left) cell and whether the other is above it.
    links: Vec<(u16, bool)>,
}

impl LinesBetween {
    fn new<const W: usize>(game: &Game<W>) -> Self {
        let files = game.board.files;
        // Lines joining points are drawn on a graphical board only.
        let drawn = (game.shown.iter()).filter(|_| !game.board.drawn_as_points);
        let mut links: Vec<(u16, bool)> = drawn
            .flat_map(|s| s.between.iter())
            .map(|&(a, b)| (a.min(b), a.max(b) == a.min(b) + files))
            .collect();
        links.sort_unstable();
        LinesBetween { files, links }
    }

    fn has(&self, cell: u16, above: bool) -> bool {
        self.links.binary_search(&(cell, above)).is_ok()
    }

    /// A line between `file` and the file to its left, on `rank`.
    fn beside(&self, file: u16, rank: u16) -> bool {
        file > 0 && self.has(rank * self.files + file - 1, false)
    }

    /// A line between `file` on `rank` and the cell above it.
    fn under(&self, file: u16, rank: u16) -> bool {
        self.has(rank * self.files + file, true)
    }

    /// The row between `rank` and the one above it, when a line runs there; each cell takes
    /// `pitch` columns, the gap first.
    fn row_above(&self, rank: u16, pitch: usize, out: &mut String) {
        if !(0..self.files).any(|f| self.under(f, rank)) {
            return;
        }
        let mut row = String::from("    ");
        for file in 0..=self.files {
            let left = file > 0 && self.under(file - 1, rank);
            let right = file < self.files && self.under(file, rank);
            let upright = self.beside(file, rank) || self.beside(file, rank + 1);
            row.push(match (upright, left || right) {
                (true, true) => '+',
                (true, false) => '|',
                (false, _) if left && right => '-',
                _ => ' ',
            });
            if file < self.files {
                let fill = if right { '-' } else { ' ' };
                row.extend(std::iter::repeat_n(fill, pitch - 1));
            }
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
}

/// How a diagram is drawn for a terminal.
#[derive(Clone, Debug, Default)]
pub struct Look {
    /// ANSI colours: each player's pieces, dim empty cells, marked cells in reverse video.
    pub colour: bool,
    /// Cells to mark: those the last action left and reached.
    pub marked: Vec<u16>,
}

/// Bold yellow, bold cyan, bold green, bold magenta: readable on dark and light backgrounds.
const PLAYER_COLOURS: [&str; 4] = ["1;33", "1;36", "1;32", "1;35"];
const DIM: &str = "2";
const REVERSE: &str = "7";

impl<const W: usize> Game<W> {
    /// `white = 3, black = 0` (with `separator` between a player and its number).
    fn per_player(&self, counts: &[u8; 4], separator: &str) -> String {
        let each: Vec<String> = self
            .players
            .iter()
            .zip(counts)
            .map(|(name, n)| format!("{name}{separator}{n}"))
            .collect();
        each.join(", ")
    }

    /// Numbered cells twelve to a row, each with its pieces and how many, then what dice games
    /// keep beside the board.
    fn track_diagram(&self, state: &State<W>, paint: &dyn Fn(u16, &str) -> String) -> String {
        let mut out = self.cell_diagram_painted(
            |c| match state.piece(c) {
                Some((p, k)) => {
                    let symbol = self.pieces[k as usize].symbol(p);
                    let stack = match state.height(c) {
                        1 => symbol.to_string(),
                        n => format!("{symbol}{n}"),
                    };
                    // A pinned piece is drawn under the stack: `W2/B`.
                    match state.pinned(c) {
                        Some((p, k)) => {
                            format!("{stack}/{}", self.pieces[k as usize].symbol(p))
                        }
                        None => stack,
                    }
                }
                None => self.empty_symbol(c).to_string(),
            },
            paint,
        );
        out.push_str(&self.show_key());
        for line in self.beside_board(state) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

pub(super) fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}
