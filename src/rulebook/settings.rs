//! How play goes (first player, counters, dice, match) and the options with their values.

use super::doc::Doc;
use super::{Book, code, option_kind};
use crate::check::Transfer;
use crate::span::Located;

impl<const W: usize> Book<'_, W> {
    pub(super) fn play(&self, doc: &mut Doc) {
        let g = self.checked;
        doc.heading("Play");
        let first = g
            .players
            .get(g.first_player as usize)
            .map(|p| code(p))
            .unwrap_or_default();
        let chosen = self
            .parsed
            .file
            .turn
            .as_ref()
            .and_then(|t| t.first.as_ref())
            .and_then(|first| self.option(&first.value))
            .map(|o| format!(" (option {}, now {})", code(&o.name), self.now(o)))
            .unwrap_or_default();
        let mut turn = if g.dice.is_some() {
            "then the players take turns in seating order, a turn being a roll of the dice and \
             one move per pip (see Dice)"
                .to_string()
        } else if g.roll.is_some() {
            "then the players take turns in seating order, a turn being a throw of the dice and \
             one action (see Dice)"
                .to_string()
        } else {
            "then the players take turns in seating order, one action each".to_string()
        };
        if g.pieces.iter().any(|p| !p.hides.is_empty()) {
            turn.push_str(
                "; after a face-down piece has moved, it is turned up at once, a chance event \
                 (`reveal:N`) in which the mover is still to move",
            );
        }
        doc.para(&format!("{first} moves first{chosen}; {turn}."));
        self.counters(doc);
        self.tables(doc);
        self.memory(doc);
        self.notation(doc);
        self.dice(doc);
        self.match_format(doc);
    }

    /// `[memory] unmoved`, and the previous move where the rules read it.
    fn memory(&self, doc: &mut Doc) {
        let g = self.checked;
        let previous = self.game.remembers_previous;
        if g.unmoved.is_empty() && !previous {
            return;
        }
        doc.subheading("Memory (what a position remembers of the past)");
        if !g.unmoved.is_empty() {
            let cells: Vec<String> = g
                .unmoved
                .iter()
                .map(|&c| crate::check::board::cell_name(&g.board, c))
                .collect();
            doc.item(
                0,
                &format!(
                    "`unmoved`: which of the pieces first standing on {} have never moved (a cell \
                     leaves it when a move starts or ends there, or an effect removes or shifts \
                     its piece).",
                    super::list_and(cells)
                ),
            );
        }
        if previous {
            doc.item(
                0,
                "`previous_from` and `previous_to`: where the previous move started and ended. A \
                 repetition counts them only while a rule that reads them has a move.",
            );
        }
    }

    /// `[notation]`: the fields of the one-line position.
    fn notation(&self, doc: &mut Doc) {
        use crate::check::notation::NotationField;
        let Some(decl) = &self.checked.notation else {
            return;
        };
        doc.subheading("Notation (a position in one line: `--fen`, `show --format fen`)");
        for field in &decl.fields {
            let words = match field {
                NotationField::Placement => {
                    let mut words = "the board, rank by rank from the last, each piece by its \
                                     symbol and a run of empty cells by its length, `/` between \
                                     ranks"
                        .to_string();
                    let renamed: Vec<String> = (self.parsed.file.notation.iter())
                        .flat_map(|n| n.value.symbols.iter())
                        .flat_map(|(kind, by_player)| {
                            by_player.value.iter().map(move |(player, symbol)| {
                                format!("`{}` for {player}'s {}", symbol.value, code(kind))
                            })
                        })
                        .collect();
                    if !renamed.is_empty() {
                        words.push_str(&format!(" ({})", super::list_and(renamed)));
                    }
                    words
                }
                NotationField::Hands => "the pieces in hand: each kind's symbol (the owner's), \
                                         after its count when there are several, or `-` for none"
                    .into(),
                NotationField::ToMove => format!(
                    "the player to move: {}",
                    super::list_and(
                        self.checked
                            .players
                            .iter()
                            .zip(&decl.to_move)
                            .map(|(p, l)| format!("`{l}` for {}", code(p)))
                            .collect()
                    )
                ),
                NotationField::Unmoved => format!(
                    "the unmoved pieces: {}, or `-`",
                    super::list_and(
                        decl.unmoved
                            .iter()
                            .map(|(c, cells)| {
                                let names: Vec<String> = cells
                                    .iter()
                                    .map(|&id| {
                                        crate::check::board::cell_name(&self.checked.board, id)
                                    })
                                    .collect();
                                format!("`{c}` for {}", names.join(" and "))
                            })
                            .collect()
                    )
                ),
                NotationField::Previous => "the cell the previous move passed, or `-`".to_string(),
                NotationField::Counter(i) => {
                    format!("counter {}", code(&self.checked.counters[*i as usize].name))
                }
                NotationField::MoveNumber => {
                    "the move number, from 1, one more after each turn of the last player".into()
                }
                NotationField::Skip => "a field read and ignored, written `-`".into(),
                NotationField::Squares(p) => self.squares_words(decl, *p),
            };
            doc.item(0, &format!("{}.", capitalise(&words)));
        }
        if let (Some(&first), Some(&second), Some(&last)) = (
            decl.squares.first(),
            decl.squares.get(1),
            decl.squares.last(),
        ) {
            let files = self.checked.board.files.max(1);
            let name = |id| crate::check::board::cell_name(&self.checked.board, id);
            // Where the second row starts says which way the rows follow each other.
            let next_row = decl
                .squares
                .iter()
                .position(|&c| c / files != first / files)
                .map(|i| format!(", {} is {} (the next row)", i + 1, name(decl.squares[i])))
                .unwrap_or_default();
            doc.item(
                0,
                &format!(
                    "The squares are numbered 1 to {n} row by row: 1 is {}, 2 is {}{next_row} and \
                     {n} is {}.",
                    name(first),
                    name(second),
                    name(last),
                    n = decl.squares.len()
                ),
            );
        }
        if let Some(sep) = &decl.separator {
            doc.item(0, &format!("The fields are separated by `{sep}`."));
        }
        if let Some(end) = &decl.end {
            doc.item(
                0,
                &format!("A line may end with `{end}`, which is ignored."),
            );
        }
    }

    /// A `squares:PLAYER` field in words: the letter and the prefixes.
    fn squares_words(&self, decl: &crate::check::notation::NotationDecl, player: u8) -> String {
        let letter = decl
            .to_move
            .get(player as usize)
            .cloned()
            .unwrap_or_default();
        let kinds: Vec<String> = self
            .checked
            .pieces
            .iter()
            .zip(&decl.prefixes)
            .map(|(kind, prefix)| match prefix.as_str() {
                "" => format!("a {} by its number alone", kind.name),
                p => format!("a {} by `{p}` before its number", kind.name),
            })
            .collect();
        format!(
            "the pieces of {}: `{letter}`, then their squares separated by commas, {} (`N-M` for \
             squares N to M)",
            code(&self.checked.players[player as usize]),
            super::list_and(kinds),
        )
    }

    fn counters(&self, doc: &mut Doc) {
        if self.checked.counters.is_empty() {
            return;
        }
        doc.subheading("Counters (numbers kept in the position, set by `after` rules)");
        for c in &self.checked.counters {
            let doc_text = self
                .parsed
                .file
                .counters
                .get(&c.name)
                .and_then(|s| s.value.doc.as_ref())
                .map(|d| format!(" {}", d.value))
                .unwrap_or_default();
            doc.item(
                0,
                &format!("{}, starting at {}.{doc_text}", code(&c.name), c.initial),
            );
        }
    }

    /// `` (option `x`, now `v`) `` when a key of the file names an option.
    fn key_option<T: KeyText>(&self, key: &Option<Located<T>>) -> String {
        key.as_ref()
            .and_then(|k| k.value.text())
            .and_then(|name| self.option(name))
            .map(|o| format!(" (option {}, now {})", code(&o.name), self.now(o)))
            .unwrap_or_default()
    }

    fn dice(&self, doc: &mut Doc) {
        if let Some(roll) = &self.checked.roll {
            return roll_words(roll, doc);
        }
        let Some(dice) = self.checked.dice else {
            return;
        };
        let raw = self.parsed.file.dice.clone().unwrap_or_default();
        doc.subheading("Dice");
        doc.item(
            0,
            &format!(
                "Two dice of {} sides are thrown, a chance event (`roll:6-4`), whenever the \
                 player to move has no pips left; the pips of the roll are the mover's pool, \
                 played one `die_move` per pip.",
                dice.sides
            ),
        );
        let doublets = if dice.escalate {
            let from = if dice.escalate_from_roll <= 1 {
                "from the first roll of the game".to_string()
            } else {
                format!(
                    "from roll {} of the game on, counting both players' rolls (an earlier \
                     doublet gives four pips)",
                    dice.escalate_from_roll
                )
            };
            let from = format!("{from}{}", self.key_option(&raw.escalate_from_roll));
            format!(
                "A doublet escalates: four pips of its number, then four of each higher number up \
                 to {}, {from}.",
                dice.sides
            )
        } else {
            "A doublet gives four pips of its number.".to_string()
        };
        doc.item(0, &noted(&doublets, self.key_option(&raw.doublets)));
        let max_use = if dice.max_use {
            "An ordinary roll must use both dice if possible, otherwise the larger if possible; \
             its two dice may be played in either order."
        } else {
            "Any die of an ordinary roll that some piece can play may be played, in either order."
        };
        doc.item(0, &noted(max_use, self.key_option(&raw.max_use)));
        let which = if dice.transfer == Transfer::Never {
            "The pips of a doublet are"
        } else {
            "The pips of a doublet, and transferred pips, are"
        };
        let doublets_use = if dice.doublets_max_use {
            format!("{which} played in order, as many of them as possible.")
        } else {
            format!(
                "{which} played in order, each by any piece that can play it, until one cannot be \
                 played."
            )
        };
        doc.item(
            0,
            &noted(&doublets_use, self.key_option(&raw.doublets_max_use)),
        );
        let transfer = match dice.transfer {
            Transfer::Never => "Pips the mover cannot play are lost.",
            Transfer::Doublets => {
                "Pips left of the mover's own doublet that cannot be played pass to the opponent, \
                 who plays them in order and then rolls; those of an ordinary roll are lost."
            }
            Transfer::Always => {
                "Pips the mover cannot play pass to the opponent, who plays them in order and \
                 then rolls."
            }
        };
        doc.item(0, &noted(transfer, self.key_option(&raw.transfer)));
        if dice.transfer != Transfer::Never {
            let back = if dice.transfer_back {
                "Transferred pips the receiver cannot play go back once to the first player, who \
                 plays them in order; those he cannot play either are lost."
            } else {
                "Transferred pips the receiver cannot play are lost."
            };
            doc.item(0, &noted(back, self.key_option(&raw.transfer_back)));
        }
        doc.item(
            0,
            "A fresh roll of which nothing can be played is answered with `pass`.",
        );
    }

    fn match_format(&self, doc: &mut Doc) {
        let Some(m) = self.checked.match_format else {
            return;
        };
        let raw = self.parsed.file.match_.clone().unwrap_or_default();
        doc.subheading("Match (`tabula play --match`)");
        doc.item(
            0,
            &format!(
                "At most {} games{}; the match ends once a player has won more than half of them. \
                 Each game is worth its score to its winner; the net points go to the player with \
                 the positive balance.",
                m.games,
                self.key_option(&raw.games)
            ),
        );
        let sides = if m.swap_sides {
            "The players change sides after every game."
        } else {
            "The players keep their sides in every game."
        };
        doc.item(0, &noted(sides, self.key_option(&raw.swap_sides)));
    }

    pub(super) fn options(&self, doc: &mut Doc) {
        doc.heading("Options");
        if self.checked.options.is_empty() {
            doc.para("None.");
            return;
        }
        doc.para("Set with `--option NAME=VALUE`.");
        for o in &self.checked.options {
            let mut text = code(&o.name);
            if o.doc.is_empty() {
                text.push('.');
            } else {
                text.push_str(&format!(": {}", o.doc));
            }
            let changed = if o.value == o.default {
                String::new()
            } else {
                " (changed from the default)".into()
            };
            text.push_str(&format!(
                " Values: {}. Default: {}. In effect: {}{changed}.",
                option_kind(o),
                code(&o.display_value(o.default)),
                self.now(o)
            ));
            doc.item(0, &text);
        }
    }
}

/// A sentence with a note before its full stop.
fn noted(sentence: &str, note: String) -> String {
    match sentence.strip_suffix('.') {
        Some(body) => format!("{body}{note}."),
        None => format!("{sentence}{note}"),
    }
}

/// The text of a key that may name an option: a string.
trait KeyText {
    fn text(&self) -> Option<&str>;
}

impl KeyText for String {
    fn text(&self) -> Option<&str> {
        Some(self)
    }
}

impl KeyText for toml::Value {
    fn text(&self) -> Option<&str> {
        self.as_str()
    }
}

impl KeyText for i64 {
    fn text(&self) -> Option<&str> {
        None
    }
}

/// The text with its first letter in upper case.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `[roll]`: what is thrown, and the odds of each total.
fn roll_words(roll: &crate::check::RollDecl, doc: &mut Doc) {
    let faces: Vec<String> = roll.faces.iter().map(u8::to_string).collect();
    let dice = match roll.dice {
        1 => "One die".to_string(),
        n => format!("{n} dice"),
    };
    let odds: Vec<String> = (roll.totals.iter())
        .map(|(total, ways)| format!("{total}: {ways} in {}", roll.throws))
        .collect();
    doc.subheading("Dice");
    let read = if roll.each.is_empty() {
        "(`roll:N`, N the total); the rules read the total as `roll`"
    } else {
        "(`roll:5-3`, the dice highest first); the rules read the total as `roll` and each \
         die as `die(1)`, the highest, to `die(N)`"
    };
    doc.item(
        0,
        &format!(
            "{dice} with faces {} are thrown at the start of every turn, a chance event \
             {read} until the turn is over. A turn owed by an extra turn throws again.",
            faces.join(", ")
        ),
    );
    if !roll.each.is_empty() {
        let odds: Vec<String> = (roll.each.iter())
            .map(|(dice, ways)| {
                let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
                format!("{}: {ways} in {}", shown.join("-"), roll.throws)
            })
            .collect();
        doc.item(
            0,
            &format!("The throws and their odds: {}.", odds.join("; ")),
        );
    }
    doc.item(
        0,
        &format!("The totals and their odds: {}.", odds.join("; ")),
    );
}
