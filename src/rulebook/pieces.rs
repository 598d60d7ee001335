//! The kinds of piece and the set-up.

use super::doc::Doc;
use super::{Book, code, list_and, plural};

impl<const W: usize> Book<'_, W> {
    pub(super) fn pieces(&self, doc: &mut Doc) {
        let g = self.checked;
        doc.heading("Pieces");
        for piece in &g.pieces {
            let written = self.parsed.file.pieces.get(&piece.name);
            // Only the owners the file gives a symbol: the others' pieces would show as `?`.
            let symbols: Vec<String> = self
                .game
                .owners()
                .map(|i| (i as usize, self.game.owner_name(i)))
                .filter(|(i, p)| {
                    written
                        .and_then(|w| w.value.symbols.as_ref())
                        .map_or(*i < g.players.len(), |s| s.contains_key(*p))
                })
                .map(|(i, p)| {
                    let whose = if i < g.players.len() {
                        code(p)
                    } else {
                        format!("{} pieces (of no player)", code(p))
                    };
                    format!("`{}` for {whose}", piece.symbol(i as u8))
                })
                .collect();
            let mut text = format!("{}: drawn {}.", code(&piece.name), list_and(symbols));
            if !piece.home.is_empty() {
                text.push_str(&format!(
                    " At home on {}: a piece of this kind standing face up there is held (it \
                     cannot be surrounded, and `held` counts it).",
                    self.cells(&piece.home)
                ));
            }
            if !piece.hides.is_empty() {
                let kinds: Vec<String> = piece
                    .hides
                    .iter()
                    .map(|&k| code(&g.pieces[k as usize].name))
                    .collect();
                text.push_str(&format!(
                    " Face down: each is one of {}, unknown until it has moved; then it is turned \
                     up at random among the kinds its owner does not yet have on the board, all \
                     equally likely (a chance event, `reveal:N`).",
                    list_and(kinds)
                ));
            }
            if let Some(kind) = piece.to_hand {
                text.push_str(&format!(
                    " When captured it joins the captor's hand as a {}.",
                    code(&g.pieces[kind as usize].name)
                ));
            }
            if piece.returns_home {
                text.push_str(" When captured it goes back to its owner's hand, to enter again.");
            }
            if let Some(r) = piece.sent_to {
                let region = &g.regions[r as usize];
                text.push_str(&format!(
                    " When a landing captures it, it is set on the first empty cell of {}{} \
                     (off the board if none is empty).",
                    if region.per_player {
                        "its owner's "
                    } else {
                        ""
                    },
                    code(&region.name)
                ));
            }
            doc.item(0, &text);
        }

        doc.heading("Set-up");
        doc.pre(&self.game.diagram(&self.game.initial));
        for owner in self.game.owners() {
            let (p, player) = (owner as usize, self.game.owner_name(owner));
            let mine: Vec<_> = g.setup.iter().filter(|s| s.1 as usize == p).collect();
            let total: usize = mine.iter().map(|s| s.3 as usize).sum();
            let mut kinds = Vec::new();
            for (k, piece) in g.pieces.iter().enumerate() {
                let of_kind: Vec<_> = mine.iter().filter(|s| s.2 as usize == k).collect();
                if of_kind.is_empty() {
                    continue;
                }
                let count: usize = of_kind.iter().map(|s| s.3 as usize).sum();
                let places = if g.board.stacks {
                    of_kind
                        .iter()
                        .map(|s| format!("{} on {}", s.3, self.cell(s.0)))
                        .collect::<Vec<_>>()
                        .join(", ")
                } else {
                    let cells: Vec<_> = of_kind.iter().map(|s| s.0).collect();
                    self.cells(&cells)
                };
                kinds.push(format!("{count} {} ({places})", code(&piece.name)));
            }
            let held: Vec<String> = g
                .hand_kinds
                .iter()
                .enumerate()
                .filter(|&(slot, _)| g.hands.get(p).is_some_and(|h| h[slot] > 0))
                .map(|(slot, &kind)| {
                    format!(
                        "{} {}",
                        g.hands[p][slot],
                        code(&g.pieces[kind as usize].name)
                    )
                })
                .collect();
            if !held.is_empty() {
                doc.item(
                    0,
                    &format!("{} holds in hand: {}.", code(player), held.join(", ")),
                );
            }
            let text = if kinds.is_empty() {
                format!("{}: no pieces on the board.", code(player))
            } else {
                format!(
                    "{}, {}: {}.",
                    code(player),
                    plural(total, "piece", "pieces"),
                    kinds.join("; ")
                )
            };
            doc.item(0, &text);
        }
        if let Some(shuffle) = &g.shuffle {
            doc.para(&self.shuffle_words(shuffle));
        }
    }

    /// `[shuffle]` in words: which pieces are drawn onto which cells, and the constraints.
    fn shuffle_words(&self, shuffle: &crate::check::shuffle::ShuffleDecl) -> String {
        let g = self.checked;
        let first = &shuffle.arrangements[0];
        let mut kinds: Vec<String> = Vec::new();
        for (k, piece) in g.pieces.iter().enumerate() {
            let n = first.iter().filter(|&&x| x as usize == k).count();
            if n > 0 {
                kinds.push(format!("{n} {}", code(&piece.name)));
            }
        }
        let rows: Vec<String> = (shuffle.cells.iter().enumerate())
            .map(|(p, cells)| format!("{} {}", code(&g.players[p]), self.cells(cells)))
            .collect();
        format!(
            "Before the first move the set-up is completed by lot (a chance event): {} are drawn \
             onto the cells {}, the same kind on the same place of every player's row, in one of \
             {} allowed, equally likely arrangements (the token is `setup:` and the first player's \
             symbols along the row).",
            kinds.join(", "),
            rows.join(" and "),
            shuffle.arrangements.len()
        )
    }
}
