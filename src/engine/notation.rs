//! Action tokens as the rulings write them: `e2-e3`, `f5xf8`, `pass`.

use crate::compile::{Game, Primitive};
use crate::model::action::{Action, ActionKind, Remote};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The token of an action: the moving piece's cell (the rearmost one of a line), `-` or `x` for a
    /// capture, and the cell where the front piece lands.
    pub fn action_token(&self, action: &Action) -> String {
        // A joined turn: its parts' tokens, `/` between them (`d1-d7/g7`).
        if let Some(second) = action.joined_part() {
            let first = action.with_path(0);
            return format!(
                "{}/{}",
                self.action_token(&first),
                self.action_token(&second)
            );
        }
        match action.kind() {
            ActionKind::Pass => "pass".to_string(),
            ActionKind::Roll if self.roll.as_ref().is_some_and(|r| !r.each.is_empty()) => {
                let dice = self.roll.as_ref().map_or(0, |r| r.dice);
                let shown: Vec<String> = action.dice_thrown(dice).map(|d| d.to_string()).collect();
                format!("roll:{}", shown.join("-"))
            }
            ActionKind::Setup => self.setup_token(action),
            ActionKind::Roll if self.roll.is_some() => format!("roll:{}", action.from()),
            ActionKind::Roll => format!("roll:{}-{}", action.from(), action.to()),
            // The revealed kind as the board shows it: `reveal:3`.
            ActionKind::Reveal => {
                let symbol = self
                    .pieces
                    .get(action.to() as usize)
                    .and_then(|p| p.symbols.iter().copied().find(|&c| c != '?'))
                    .unwrap_or('?');
                format!("reveal:{symbol}")
            }
            ActionKind::Die => {
                let to = if action.to() == super::dice::OFF {
                    "off".to_string()
                } else {
                    self.board.cell_name(action.to_cell())
                };
                let from = if action.from() == super::dice::BAR {
                    "bar".to_string()
                } else {
                    self.board.cell_name(action.from_cell())
                };
                // A hit is marked as backgammon players write it: `13/7*`.
                let hit = if action.captured() > 0 { "*" } else { "" };
                format!("{from}/{to}{hit}")
            }
            // The cell; the kind too where the game places pieces of several kinds: `king@c3`.
            ActionKind::Place => {
                let cell = self.board.cell_name(action.to_cell());
                let rule = &self.moves[action.rule() as usize];
                let several = self.moves.iter().any(|m| match &m.primitive {
                    Primitive::Place(place) => place.choices != 0 || m.piece != rule.piece,
                    _ => false,
                });
                match several {
                    true => {
                        let kind = self.placed_kind(rule, action) as usize;
                        format!("{}@{cell}", self.pieces[kind].name)
                    }
                    false => cell,
                }
            }
            // The enemy piece taken off: `xd1`.
            ActionKind::Take => format!("x{}", self.board.cell_name(action.to_cell())),
            ActionKind::Rotate => self.rotation_token(action),
            ActionKind::LineStep => self.line_step_token(action),
            // Borne off the end of its path: `b1-off`.
            ActionKind::Off => format!("{}-off", self.board.cell_name(action.from_cell())),
            // The pit sown from: `c1`.
            ActionKind::Sow => self.board.cell_name(action.from_cell()),
            ActionKind::Jump => {
                let mut token = self.board.cell_name(action.from_cell());
                for cell in self.jump_landings(action) {
                    token.push('x');
                    token.push_str(&self.board.cell_name(cell));
                }
                token
            }
            ActionKind::Move | ActionKind::Hop => {
                let sep = if action.captured() > 0 { 'x' } else { '-' };
                let mut token = format!(
                    "{}{sep}{}",
                    self.board.cell_name(action.from_cell()),
                    self.board.cell_name(action.to_cell())
                );
                // A capture by approach or withdrawal: `A` or `W` after the landing (`d2xd3A`).
                match action.remote() {
                    Some(Remote::Approach) => token.push('A'),
                    Some(Remote::Withdrawal) => token.push('W'),
                    None => {}
                }
                // A promotion choice: `=` and the kind as the first player's pieces show it.
                let rule = &self.moves[action.rule() as usize];
                if rule.promote_choices != 0
                    && let Some(piece) = action
                        .path()
                        .checked_sub(1)
                        .and_then(|k| self.pieces.get(k as usize))
                {
                    token.push('=');
                    token.push(piece.symbols.first().copied().unwrap_or('?'));
                }
                token
            }
        }
    }

    /// The legal tokens of a position, sorted as text.
    pub fn legal_tokens(&self, state: &State<W>) -> Vec<String> {
        self.legal_tokens_with_history(state, &[])
    }

    /// [`Game::legal_tokens`] with the keys of the earlier positions (see
    /// [`Game::legal_actions_with_history`]).
    pub fn legal_tokens_with_history(&self, state: &State<W>, history: &[u64]) -> Vec<String> {
        let mut actions = Vec::new();
        self.legal_actions_with_history(state, history, &mut actions);
        let mut tokens: Vec<String> = actions.iter().map(|a| self.action_token(a)).collect();
        tokens.sort();
        tokens
    }

    /// Finds the legal action a token names.
    pub fn parse_action(&self, state: &State<W>, token: &str) -> Result<Action, String> {
        self.parse_action_with_history(state, &[], token)
    }

    /// [`Game::parse_action`] with the keys of the earlier positions.
    pub fn parse_action_with_history(
        &self,
        state: &State<W>,
        history: &[u64],
        token: &str,
    ) -> Result<Action, String> {
        let actions = self.legal_or_over(state, history)?;
        let token = token.trim();
        actions
            .iter()
            .copied()
            .find(|a| self.action_token(a) == token)
            .ok_or_else(|| {
                let mut legal: Vec<String> = actions.iter().map(|a| self.action_token(a)).collect();
                legal.sort();
                format!(
                    "`{token}` is not a legal action here; legal: {}",
                    legal.join(" ")
                )
            })
    }

    /// The legal actions, or why there are none: the game is over.
    fn legal_or_over(&self, state: &State<W>, history: &[u64]) -> Result<Vec<Action>, String> {
        let mut actions = Vec::new();
        match self.legal_actions_with_history(state, history, &mut actions) {
            Some(outcome) => Err(format!(
                "the game is over ({}): no action is legal",
                self.describe_outcome(outcome)
            )),
            None => Ok(actions),
        }
    }

    /// The legal action a person typed, read leniently: the exact token, else the one token equal
    /// to it but for case, else the one legal token that begins with it (`9/3` for `9/3*`) or
    /// reads the same without separators (`e2e4` for `e2-e4`). When none fits, the error says
    /// why, from what the text names, and offers the nearest legal tokens.
    pub fn read_typed_action(
        &self,
        state: &State<W>,
        history: &[u64],
        typed: &str,
    ) -> Result<Action, String> {
        let actions = self.legal_or_over(state, history)?;
        let typed = typed.trim();
        let tokens: Vec<String> = actions.iter().map(|a| self.action_token(a)).collect();
        let unique = |fits: &dyn Fn(&str) -> bool| -> Option<Action> {
            let mut found = tokens.iter().zip(&actions).filter(|(t, _)| fits(t));
            match (found.next(), found.next()) {
                (Some((_, a)), None) => Some(*a),
                _ => None,
            }
        };
        let lower = typed.to_lowercase();
        let bare = |t: &str| -> String {
            t.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_lowercase()
        };
        let typed_bare = bare(typed);
        if let Some(i) = tokens.iter().position(|t| t == typed) {
            return Ok(actions[i]);
        }
        if let Some(a) = unique(&|t| t.to_lowercase() == lower)
            .or_else(|| {
                // Only marks may be left out at the end (`*` of a hit), never a name.
                unique(&|t| {
                    let t = t.to_lowercase();
                    !typed.is_empty()
                        && t.starts_with(&lower)
                        && t[lower.len()..].chars().all(|c| !c.is_alphanumeric())
                })
            })
            .or_else(|| unique(&|t| !typed_bare.is_empty() && bare(t) == typed_bare))
        {
            return Ok(a);
        }
        Err(self.why_not(state, typed, &tokens))
    }

    /// The legal tokens of the piece or point a person names (`e2`, `13`): those that begin with
    /// it, up to a separator. Case does not matter.
    pub fn tokens_from(&self, state: &State<W>, history: &[u64], name: &str) -> Vec<String> {
        let name = name.trim().to_lowercase();
        let mut tokens: Vec<String> = self
            .legal_tokens_with_history(state, history)
            .into_iter()
            .filter(|t| names(t, &name))
            .collect();
        tokens.dedup();
        tokens
    }

    /// Why `typed` is not legal, as far as its first name tells (`e2` in `e2-e5`).
    fn why_not(&self, state: &State<W>, typed: &str, tokens: &[String]) -> String {
        let head: String = typed
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase();
        let mut sorted: Vec<&String> = tokens.iter().collect();
        sorted.sort();
        sorted.dedup();
        let from_head: Vec<&str> = sorted
            .iter()
            .filter(|t| names(t, &head))
            .map(|t| t.as_str())
            .collect();
        let mut reason = format!("`{typed}` is not a legal action here");
        if !from_head.is_empty() {
            reason.push_str(&format!(
                "; from `{head}` the legal ones are {}",
                from_head
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            return reason;
        }
        if let Some(cell) = self.board.parse_cell(&head) {
            let name = self.board.cell_name(cell);
            match state.piece(cell) {
                None => reason.push_str(&format!(": {name} is empty")),
                Some((owner, _)) if owner != state.to_move => reason.push_str(&format!(
                    ": the piece on {name} is {}'s",
                    self.players[owner as usize]
                )),
                Some(_) => reason.push_str(&format!(": the piece on {name} has no legal action")),
            }
        }
        let nearest = nearest_tokens(typed, &sorted);
        if !nearest.is_empty() {
            reason.push_str(&format!(
                "; did you mean {}?",
                nearest
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ));
        }
        reason.push_str(" (`moves` lists them all)");
        reason
    }

    /// Plays tokens from a position; the error names the token that failed and its place in the list.
    /// The history starts at `state`: a repetition of a position played through ends the game, one
    /// of a position before `state` is not known.
    pub fn play_tokens(&self, state: &mut State<W>, tokens: &str) -> Result<(), String> {
        self.play_tokens_with_history(state, &mut Vec::new(), tokens)
    }

    /// [`Game::play_tokens`] after the positions whose keys are in `history`; the key of every
    /// position played through is appended to it (when the game reads `repetitions`), so that it is
    /// the history of the position reached.
    pub fn play_tokens_with_history(
        &self,
        state: &mut State<W>,
        history: &mut Vec<u64>,
        tokens: &str,
    ) -> Result<(), String> {
        for (i, token) in tokens.split_whitespace().enumerate() {
            let action = self
                .parse_action_with_history(state, history, token)
                .map_err(|e| format!("action {} `{token}`: {e}", i + 1))?;
            self.note_position(history, state);
            self.apply(state, &action);
        }
        Ok(())
    }

    pub fn describe_outcome(&self, outcome: super::movegen::Outcome) -> String {
        match outcome {
            super::movegen::Outcome::Win(p, 1) => format!("{} wins", self.players[p as usize]),
            super::movegen::Outcome::Win(p, score) => {
                format!("{} wins, score {score}", self.players[p as usize])
            }
            super::movegen::Outcome::Draw => "draw".to_string(),
        }
    }
}

/// Whether `token` begins with `name` (lower case, not empty) followed by a separator or its
/// end: `e2-e4` and `e2` name `e2`, `e21-e22` does not.
fn names(token: &str, name: &str) -> bool {
    let token = token.to_lowercase();
    !name.is_empty()
        && token.starts_with(name)
        && token[name.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric())
}

/// Up to three legal tokens closest to `typed` by edit distance, if any is close (at most a
/// third of the longer one's characters away).
fn nearest_tokens<'t>(typed: &str, tokens: &[&'t String]) -> Vec<&'t str> {
    // Typed text is bounded by the line length; only short tokens are compared.
    if typed.len() > 64 {
        return Vec::new();
    }
    let typed = typed.to_lowercase();
    let mut scored: Vec<(usize, &str)> = tokens
        .iter()
        .map(|t| {
            let distance = crate::check::strsim_distance(&typed, &t.to_lowercase());
            (distance, t.as_str())
        })
        .filter(|(d, t)| *d * 3 <= typed.chars().count().max(t.chars().count()))
        .collect();
    scored.sort();
    let Some(&(best, _)) = scored.first() else {
        return Vec::new();
    };
    scored
        .into_iter()
        .take_while(|(d, _)| *d == best)
        .take(3)
        .map(|(_, t)| t)
        .collect()
}
