//! The game's one-line position notation (a FEN), read and written as `[notation]` declares it:
//! chess's FEN, xiangqi's FEN and the like paste in without code per game.

use crate::check::notation::{NotationDecl, NotationField};
use crate::compile::{Game, NO_CELL};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The key repetitions compare ([`State::key`]), with the previous move counted only where a
    /// rule that reads it (`previous_from`, `previous_to`: en passant) has a move: as FIDE counts
    /// the en passant right only where the capture is possible.
    pub fn position_key(&self, state: &State<W>) -> u64 {
        if state.previous_to == NO_CELL || self.previous_matters(state) {
            return state.key();
        }
        let mut without = *state;
        without.previous_from = NO_CELL;
        without.previous_to = NO_CELL;
        without.key()
    }

    fn previous_matters(&self, state: &State<W>) -> bool {
        let mut frame = super::eval::Frame::position(state);
        let mut out = Vec::new();
        self.moves.iter().enumerate().any(|(i, rule)| {
            rule.reads_previous && {
                out.clear();
                self.generate(i as u8, rule, &mut frame, &mut out);
                !out.is_empty()
            }
        })
    }

    /// The position a line of the game's notation gives. Fields left off at the end keep what the
    /// game starts with. The error names the field that is wrong.
    pub fn read_notation(&self, text: &str) -> Result<State<W>, String> {
        let decl = self
            .notation
            .as_ref()
            .ok_or_else(|| format!("{} declares no `[notation]`", self.name))?;
        let line = text.trim();
        let line = decl
            .end
            .as_deref()
            .and_then(|end| line.strip_suffix(end))
            .unwrap_or(line);
        let words: Vec<&str> = match &decl.separator {
            Some(sep) => line.split(sep.as_str()).map(str::trim).collect(),
            None => line.split_whitespace().collect(),
        };
        if line.trim().is_empty() {
            return Err("an empty line".into());
        }
        if words.len() > decl.fields.len() {
            return Err(format!(
                "{} fields, but the notation has {}",
                words.len(),
                decl.fields.len()
            ));
        }
        let mut state = State::empty(self.initial.to_move);
        state.counters = self.initial.counters;
        let mut unmoved_given = false;
        let mut move_number = None;
        let mut squares_given = Vec::new();
        for (field, word) in decl.fields.iter().zip(&words) {
            let fail = |why: String| format!("field `{word}`: {why}");
            match field {
                NotationField::Placement => {
                    self.read_placement(decl, word, &mut state).map_err(fail)?
                }
                NotationField::Hands => self
                    .read_notation_hands(decl, word, &mut state)
                    .map_err(fail)?,
                NotationField::ToMove => {
                    state.to_move =
                        decl.to_move.iter().position(|l| l == word).ok_or_else(|| {
                            fail(format!(
                                "the player to move is one of {}",
                                decl.to_move.join(" ")
                            ))
                        })? as u8;
                }
                NotationField::Unmoved => {
                    unmoved_given = true;
                    self.read_unmoved(decl, word, &mut state).map_err(fail)?;
                }
                NotationField::Previous => {}
                NotationField::Counter(i) => {
                    state.counters[*i as usize] =
                        word.parse().map_err(|_| fail("not a number".into()))?;
                }
                NotationField::MoveNumber => {
                    let n: u32 = word.parse().map_err(|_| fail("not a number".into()))?;
                    move_number = Some(n.max(1));
                }
                NotationField::Skip => {}
                NotationField::Squares(_) => self
                    .read_squares(decl, word, &mut state, &mut squares_given)
                    .map_err(fail)?,
            }
        }
        if !unmoved_given {
            state.unmoved = self.remembered_unmoved(&state);
        }
        // The passed cell is read for the player to move, known once every field is.
        if let Some(i) = decl
            .fields
            .iter()
            .position(|f| *f == NotationField::Previous)
            && let Some(word) = words.get(i)
        {
            self.read_previous(decl, word, &mut state)
                .map_err(|why| format!("field `{word}`: {why}"))?;
        }
        if let Some(n) = move_number {
            state.ply = (n - 1) * self.players.len() as u32 + u32::from(state.to_move);
        }
        Ok(state)
    }

    /// The piece whose notation symbol starts `text` (the longest that does), and its length.
    fn notation_piece(&self, decl: &NotationDecl, text: &str) -> Option<(u8, u8, usize)> {
        let mut best: Option<(u8, u8, usize)> = None;
        for (kind, by_player) in decl.symbols.iter().enumerate() {
            for (player, symbol) in by_player.iter().enumerate() {
                if symbol != "?"
                    && text.starts_with(symbol.as_str())
                    && best.is_none_or(|(_, _, len)| symbol.len() > len)
                {
                    best = Some((player as u8, kind as u8, symbol.len()));
                }
            }
        }
        best
    }

    fn notation_symbol<'d>(&self, decl: &'d NotationDecl, player: u8, kind: u8) -> &'d str {
        decl.symbols
            .get(kind as usize)
            .and_then(|s| s.get(player as usize))
            .map_or("?", |s| s.as_str())
    }

    /// `-`, or each held kind's symbol after its count when more than one (`2Pb`).
    fn read_notation_hands(
        &self,
        decl: &NotationDecl,
        word: &str,
        state: &mut State<W>,
    ) -> Result<(), String> {
        state.hand = Default::default();
        if word == "-" {
            return Ok(());
        }
        let mut rest = word;
        while !rest.is_empty() {
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let count = match digits {
                0 => 1,
                _ => rest[..digits]
                    .parse::<u8>()
                    .map_err(|_| format!("`{}` is not a count of 1 to 255", &rest[..digits]))?,
            };
            rest = &rest[digits..];
            let (player, kind, len) = self
                .notation_piece(decl, rest)
                .ok_or_else(|| format!("`{rest}` does not start with a piece's symbol"))?;
            let slot = self
                .hand_slot_of
                .get(kind as usize)
                .copied()
                .filter(|&s| s != crate::compile::NO_HAND)
                .ok_or_else(|| format!("`{}` is never held in hand", &rest[..len]))?;
            let held = &mut state.hand[player as usize & 3][slot as usize];
            *held = held.saturating_add(count);
            rest = &rest[len..];
        }
        Ok(())
    }

    fn write_notation_hands(&self, decl: &NotationDecl, state: &State<W>) -> String {
        let order: &[u8] = match decl.hand_order.as_slice() {
            [] => &self.hand_kinds,
            order => order,
        };
        let mut out = String::new();
        for player in 0..self.players.len() as u8 {
            for &kind in order {
                let Some(&slot) = self.hand_slot_of.get(kind as usize) else {
                    continue;
                };
                let held = state.hand[player as usize & 3]
                    .get(slot as usize)
                    .copied()
                    .unwrap_or(0);
                if held > 1 {
                    out.push_str(&held.to_string());
                }
                if held > 0 {
                    out.push_str(self.notation_symbol(decl, player, kind));
                }
            }
        }
        if out.is_empty() { "-".into() } else { out }
    }

    fn read_placement(
        &self,
        decl: &NotationDecl,
        word: &str,
        state: &mut State<W>,
    ) -> Result<(), String> {
        let (files, ranks) = (self.board.files as usize, self.board.ranks as usize);
        let rows: Vec<&str> = word.split('/').collect();
        if rows.len() != ranks {
            return Err(format!("{} ranks, but the board has {ranks}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i;
            let mut file: usize = 0;
            let mut rest: &str = row;
            while let Some(c) = rest.chars().next() {
                if c.is_ascii_digit() {
                    let digits =
                        rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                    let run = rest[..digits].parse::<usize>().unwrap_or(usize::MAX);
                    file = file.saturating_add(run);
                    rest = &rest[digits..];
                } else {
                    let (player, kind, len) = self
                        .notation_piece(decl, rest)
                        .ok_or_else(|| format!("`{c}` is not a piece's symbol"))?;
                    if file < files {
                        state.put((rank * files + file) as u16, player, kind);
                    }
                    file += 1;
                    rest = &rest[len..];
                }
                if file > files {
                    return Err(format!("rank {} has more than {files} cells", rank + 1));
                }
            }
            if file != files {
                return Err(format!("rank {} has {file} cells, not {files}", rank + 1));
            }
        }
        Ok(())
    }

    fn read_unmoved(
        &self,
        decl: &NotationDecl,
        word: &str,
        state: &mut State<W>,
    ) -> Result<(), String> {
        state.unmoved = Default::default();
        if word == "-" {
            return Ok(());
        }
        for c in word.chars() {
            let (_, cells) = decl
                .unmoved
                .iter()
                .find(|(letter, _)| *letter == c)
                .ok_or_else(|| format!("`{c}` is not a letter of this field"))?;
            for &cell in cells {
                if state.cell(cell) == 0 {
                    return Err(format!(
                        "`{c}` needs a piece on {}",
                        self.board.cell_name(cell)
                    ));
                }
                state.unmoved.insert(cell);
                // The piece the letter also stands for: its owner's of that kind, remembered.
                if let (Some(kind), Some((owner, _))) = (decl.unmoved_with, state.piece(cell)) {
                    for with in self.unmoved_cells.iter() {
                        if state.piece(with) == Some((owner, kind)) {
                            state.unmoved.insert(with);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether an `unmoved` letter's cells, and the piece `unmoved_with` adds, are all unmoved.
    fn unmoved_letter_holds(&self, decl: &NotationDecl, cells: &[u16], state: &State<W>) -> bool {
        let with_holds = |cell: u16| match (decl.unmoved_with, state.piece(cell)) {
            (Some(kind), Some((owner, _))) => state
                .unmoved
                .iter()
                .any(|c| state.piece(c) == Some((owner, kind))),
            _ => true,
        };
        // A letter stands for another piece than the one it adds (a rook, not the king).
        let other = |cell: u16| {
            decl.unmoved_with
                .is_none_or(|kind| state.piece(cell).is_some_and(|(_, k)| k != kind))
        };
        cells
            .iter()
            .all(|&c| state.unmoved.contains(c) && other(c) && with_holds(c))
    }

    fn read_previous(
        &self,
        decl: &NotationDecl,
        word: &str,
        state: &mut State<W>,
    ) -> Result<(), String> {
        if word == "-" {
            return Ok(());
        }
        let (from, to) = decl
            .previous
            .ok_or("the game declares no `[notation] previous`")?;
        let passed = self
            .board
            .parse_cell(word)
            .ok_or_else(|| "not a cell of the board".to_string())?;
        let end = |set: u16| {
            self.directions(set, state.to_move)
                .first()
                .map_or(NO_CELL, |&d| self.board.neighbour(passed, d))
        };
        (state.previous_from, state.previous_to) = (end(from), end(to));
        if state.previous_from == NO_CELL || state.previous_to == NO_CELL {
            return Err("no move could have passed this cell".into());
        }
        Ok(())
    }

    /// The position in the game's notation, if it declares one.
    pub fn write_notation(&self, state: &State<W>) -> Option<String> {
        let decl = self.notation.as_ref()?;
        let mut fields = Vec::new();
        for field in &decl.fields {
            fields.push(match field {
                NotationField::Placement => self.write_placement(decl, state),
                NotationField::Hands => self.write_notation_hands(decl, state),
                NotationField::ToMove => decl
                    .to_move
                    .get(state.to_move as usize)
                    .cloned()
                    .unwrap_or_default(),
                NotationField::Unmoved => {
                    let letters: String = decl
                        .unmoved
                        .iter()
                        .filter(|(_, cells)| self.unmoved_letter_holds(decl, cells, state))
                        .map(|(letter, _)| *letter)
                        .collect();
                    if letters.is_empty() {
                        "-".into()
                    } else {
                        letters
                    }
                }
                NotationField::Previous => self.write_previous(decl, state),
                NotationField::Counter(i) => state.counters[*i as usize].to_string(),
                NotationField::MoveNumber => {
                    (state.ply / self.players.len().max(1) as u32 + 1).to_string()
                }
                NotationField::Skip => "-".into(),
                NotationField::Squares(player) => self.write_squares(decl, state, *player),
            });
        }
        Some(fields.join(decl.separator.as_deref().unwrap_or(" ")))
    }

    fn write_placement(&self, decl: &NotationDecl, state: &State<W>) -> String {
        let (files, ranks) = (self.board.files as usize, self.board.ranks as usize);
        let mut rows = Vec::new();
        for rank in (0..ranks).rev() {
            let mut row = String::new();
            let mut run = 0;
            for file in 0..files {
                match state.piece((rank * files + file) as u16) {
                    Some((player, kind)) => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push_str(self.notation_symbol(decl, player, kind));
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The cell between the previous move's start and end, where the declaration finds one.
    fn write_previous(&self, decl: &NotationDecl, state: &State<W>) -> String {
        let Some((from, to)) = decl.previous else {
            return "-".into();
        };
        let first = |set: u16| self.directions(set, state.to_move).first().copied();
        if let (Some(from_dir), Some(to_dir)) = (first(from), first(to))
            && state.previous_to != NO_CELL
        {
            for cell in self.board.all_cells.iter() {
                if self.board.neighbour(cell, from_dir) == state.previous_from
                    && self.board.neighbour(cell, to_dir) == state.previous_to
                {
                    return self.board.cell_name(cell);
                }
            }
        }
        "-".into()
    }
}
