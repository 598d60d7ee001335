//! The `squares:PLAYER` fields of a notation: a player's pieces by square number, as the FEN of
//! draughts writes them (`W:W31-50:B1-20`, `B:W18,24,K10:B12,K22`).

use crate::check::notation::NotationDecl;
use crate::compile::Game;
use crate::model::state::State;

/// Runs of at least this many consecutive squares of one kind are written `N-M`.
const RANGE: usize = 3;

impl<const W: usize> Game<W> {
    /// One `squares` field: the player's letter, then its pieces. `given` holds the players
    /// whose field was read already.
    pub(super) fn read_squares(
        &self,
        decl: &NotationDecl,
        word: &str,
        state: &mut State<W>,
        given: &mut Vec<u8>,
    ) -> Result<(), String> {
        let (player, letter) = decl
            .to_move
            .iter()
            .enumerate()
            .filter(|(_, l)| word.starts_with(l.as_str()))
            .max_by_key(|(_, l)| l.len())
            .ok_or_else(|| {
                format!(
                    "the field starts with the letter of a player, one of {}",
                    decl.to_move.join(" ")
                )
            })?;
        let player = player as u8;
        if given.contains(&player) {
            return Err(format!("the pieces of `{letter}` are given twice"));
        }
        given.push(player);
        let list = word[letter.len()..].trim();
        if list.is_empty() {
            return Ok(());
        }
        let count = decl.squares.len();
        for item in list.split(',').map(str::trim) {
            if item.is_empty() {
                return Err("an empty item between commas".into());
            }
            let (kind, prefix) = decl
                .prefixes
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    item.strip_prefix(p.as_str())
                        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
                })
                .max_by_key(|(_, p)| p.len())
                .ok_or_else(|| {
                    format!("`{item}` is not a square number, with its kind's prefix before it")
                })?;
            let range = &item[prefix.len()..];
            let number = |text: &str| -> Result<usize, String> {
                let n = text
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|_| text.trim().bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| format!("`{text}` in `{item}` is not a square number"))?;
                if n == 0 || n > count {
                    return Err(format!(
                        "square {n} is not on the board: it has 1 to {count}"
                    ));
                }
                Ok(n)
            };
            let (first, last) = match range.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(range)?, number(range)?),
            };
            if first > last {
                return Err(format!("the range `{item}` runs backwards"));
            }
            for n in first..=last {
                let cell = decl.squares[n - 1];
                if state.cell(cell) != 0 {
                    return Err(format!("square {n} is given twice"));
                }
                state.put(cell, player, kind as u8);
            }
        }
        Ok(())
    }

    /// A player's `squares` field: its letter, then its pieces kind by kind (in the order of
    /// their prefixes, no prefix first), each kind's squares in increasing order, runs of [`RANGE`] or more as `N-M`.
    pub(super) fn write_squares(
        &self,
        decl: &NotationDecl,
        state: &State<W>,
        player: u8,
    ) -> String {
        let mut items = Vec::new();
        let mut kinds: Vec<(usize, &String)> = decl.prefixes.iter().enumerate().collect();
        kinds.sort_by_key(|&(_, prefix)| prefix);
        for (kind, prefix) in kinds {
            let numbers: Vec<usize> = (1..=decl.squares.len())
                .filter(|&n| state.piece(decl.squares[n - 1]) == Some((player, kind as u8)))
                .collect();
            let mut i = 0;
            while i < numbers.len() {
                let mut j = i;
                while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
                    j += 1;
                }
                if j + 1 - i >= RANGE {
                    items.push(format!("{prefix}{}-{}", numbers[i], numbers[j]));
                } else {
                    items.extend(numbers[i..=j].iter().map(|n| format!("{prefix}{n}")));
                }
                i = j + 1;
            }
        }
        let letter = decl.to_move.get(player as usize).map_or("", String::as_str);
        format!("{letter}{}", items.join(","))
    }
}
