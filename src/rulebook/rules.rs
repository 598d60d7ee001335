//! Every rule in words, in the order of the file, each with its citation. The arguments of a move
//! primitive are read from the checked rule (values and defaults resolved) and from the syntax
//! tree (to name the option that chose a value).

use super::doc::Doc;
use super::{Book, arg, bind, code, plural};
use crate::check::{
    Generator, Hit, Landing, LineCapture, MoveRule, PlaceAt, SlideDistance, SlidePass, TExpr,
};
use crate::syntax::ast::{
    Call, Continuation, Effect, EffectVerb, Expr, Item, ItemKind, Stmt, Trigger,
};

/// The arguments of one call, bound to their parameters.
type Args<'c> = [(&'static str, &'c Expr)];

impl<const W: usize> Book<'_, W> {
    pub(super) fn rules(&self, doc: &mut Doc) {
        doc.heading("Rules");
        doc.para(
            "In the order of the file. \"The mover\" is the player to move; \"the opponent\" is \
             the next player in seating order; \"the ply count\" is the number of actions played \
             so far (rolls and reveals not counted). The move rules make the candidate moves; a move \
             is legal if every \"only if\" of its rule holds and no `forbid` rule applies. The \
             end tests run in every position, in order, before any move; the first outcome \
             reached decides.",
        );
        if self.checked.program.moves.iter().any(|m| m.compulsory) {
            doc.para(
                "While a compulsory move rule has a legal move, the other move rules make none.",
            );
        }
        for item in &self.parsed.rules.items {
            self.item(doc, item);
        }
        if self.checked.program.no_moves.is_none() {
            doc.para("There is no `no_moves` rule: a player without a legal move passes.");
        }
    }

    fn item(&self, doc: &mut Doc, item: &Item) {
        let cite = match &item.cite {
            Some(c) => format!(
                "\"{}\"",
                c.value.split_whitespace().collect::<Vec<_>>().join(" ")
            ),
            None => "no source cited".into(),
        };
        let name = code(&item.name.text);
        match &item.kind {
            ItemKind::Move {
                generator,
                filters,
                compulsory,
                most,
                effects,
                continuations,
            } => {
                let kind = if *compulsory {
                    "Compulsory move"
                } else {
                    "Move"
                };
                doc.item(0, &format!("{kind} {name} ({cite}):"));
                if *most {
                    doc.item(
                        1,
                        "Majority: of the actions of every `compulsory most` rule, only those \
                         capturing the most pieces are legal (a king counts as one piece).",
                    );
                }
                self.move_primitive(doc, &item.name.text, generator);
                for f in filters {
                    doc.item(1, &format!("Only if {}.", self.expr(f)));
                }
                for e in effects {
                    doc.item(1, &self.effect_sentence(e));
                }
                for c in continuations {
                    doc.item(1, &self.continuation_sentence(c));
                }
            }
            ItemKind::Forbid(expr) => {
                doc.item(0, &format!("Forbid {name} ({cite}):"));
                doc.item(
                    1,
                    &format!("A move of any rule is illegal if {}.", self.expr(expr)),
                );
            }
            ItemKind::Check { trigger, body } => {
                let when = match trigger {
                    Trigger::TurnStart => {
                        format!("End test {name} ({cite}), in every position before any move:")
                    }
                    Trigger::After => format!(
                        "After every action, {name} ({cite}), on the position reached (\"the \
                         mover\" is the player to move next; every `after` rule reads the \
                         counters as they were, and their changes take effect together):"
                    ),
                };
                doc.item(0, &when);
                self.stmts(doc, 1, body);
            }
            ItemKind::NoMoves(body) => {
                doc.item(
                    0,
                    &format!("When the mover has no legal move, {name} ({cite}):"),
                );
                self.stmts(doc, 1, body);
                if !always_decides(body) {
                    doc.item(1, "Where no outcome is reached, the mover passes.");
                }
            }
            ItemKind::Estimate(terms) => {
                doc.item(
                    0,
                    &format!(
                        "Estimate {name} ({cite}), not a rule of play: how well each player \
                         stands, by which the AI judges a game it stops looking ahead in:"
                    ),
                );
                for term in terms {
                    doc.item(
                        1,
                        &format!("{}: {}.", self.expr(&term.player), self.expr(&term.value)),
                    );
                }
            }
        }
    }

    /// The primitive of move rule `rule` in sentences, from the checked rule; as written where the
    /// rule did not check.
    fn move_primitive(&self, doc: &mut Doc, rule: &str, generator: &Call) {
        let checked = self
            .checked
            .program
            .moves
            .iter()
            .find(|m| m.info.name == rule);
        match checked {
            Some(m) => {
                for sentence in self.generator(m, generator) {
                    doc.item(1, &sentence);
                }
            }
            None => doc.item(1, &code(&self.source(generator.span))),
        }
    }

    /// One change of a `then` block, as a sentence.
    fn effect_sentence(&self, e: &Effect) -> String {
        let condition = match &e.condition {
            Some(c) => format!(", if {},", self.expr(c)),
            None => String::new(),
        };
        let target = self.expr(&e.target);
        let change = match e.verb {
            EffectVerb::Flip => format!("{target} become the mover's"),
            EffectVerb::Remove => format!("{target} leave the board"),
            EffectVerb::Mark => {
                format!("{target} are marked (until the turn is over, or the piece moves)")
            }
            EffectVerb::ExtraTurn => {
                format!("{target} plays one more turn once this one is over")
            }
            EffectVerb::Shift => format!(
                "the piece on {target} (if any) moves to {}, taking what stands there",
                e.destination
                    .as_ref()
                    .map(|d| self.expr(d))
                    .unwrap_or_default()
            ),
            EffectVerb::Gather => format!(
                "the pieces on {target} join the stack on {}",
                e.into.as_ref().map(|i| self.expr(i)).unwrap_or_default()
            ),
        };
        format!("Then{condition} {change}.")
    }

    /// One `next RULE ...` of a move rule, as a sentence.
    fn continuation_sentence(&self, c: &Continuation) -> String {
        let condition = match &c.condition {
            Some(e) => format!(", if {},", self.expr(e)),
            None => String::new(),
        };
        let how = if c.joined {
            "as part of the same action (one token)"
        } else {
            "as an action of its own"
        };
        let who = match &c.by {
            Some(p) => self.expr(p),
            None => "the mover".into(),
        };
        let unless = if c.optional {
            "; instead of that move, the player may end the turn (`pass`)"
        } else {
            ""
        };
        format!(
            "Then{condition} {who} goes on with a move of {}, {how}{unless}.",
            code(&c.rule.text)
        )
    }

    /// A move primitive in sentences.
    fn generator(&self, m: &MoveRule, call: &Call) -> Vec<String> {
        let args = bind(call);
        let a = |name: &str| arg(&args, name);
        let along = m.along.is_some();
        self.moving_kinds.set(m.moving_kinds);
        let mut out = match &m.generator {
            Generator::Place {
                piece,
                choices,
                at,
                from_hand,
            } => vec![self.place_words(*piece, *choices, at, *from_hand, &args)],
            Generator::Pass => vec!["The mover passes.".into()],
            Generator::Rotate { squares, turns } => vec![self.rotate_words(squares, *turns)],
            Generator::Take { piece, of } => vec![format!(
                "The mover takes {} {} off the board.",
                match of {
                    crate::check::TakeOf::Enemy => "one of the other players'",
                    crate::check::TakeOf::Own => "one of their own",
                    crate::check::TakeOf::Any => "any player's",
                },
                self.pieces_noun(*piece)
            )],
            Generator::Fly { piece, at, from } => vec![self.fly_words(*piece, at, from, &args)],
            Generator::Step {
                piece,
                dirs,
                to,
                capture,
            } => {
                let mut out = vec![format!(
                    "One of the mover's {} steps one cell in {} onto {}.",
                    self.pieces_noun(*piece),
                    self.dirs(*dirs, a("dirs")),
                    landing(*to)
                )];
                if capture.any() {
                    out.push(step_capture_words(*capture, along));
                }
                out
            }
            Generator::Slide {
                piece,
                dirs,
                max,
                to,
                distance,
                pass,
                ..
            } if *distance != SlideDistance::Any || *pass != SlidePass::None => vec![format!(
                "One of the mover's {} moves in {} {}, {}, onto {}{}.",
                self.pieces_noun(*piece),
                self.dirs(*dirs, a("dirs")),
                self.slide_distance(*distance, *max, &args),
                slide_pass_words(*pass),
                landing(*to),
                if along {
                    "; it stops where the lines end"
                } else {
                    ""
                }
            )],
            Generator::Slide {
                piece,
                dirs,
                max,
                to,
                screens,
                ..
            } => {
                let (over, stops) = screen_words(*screens);
                vec![format!(
                    "One of the mover's {} slides {} in {} over {over}, onto {}; it stops at \
                     {stops}{}.",
                    self.pieces_noun(*piece),
                    self.max_distance(*max, &args),
                    self.dirs(*dirs, a("dirs")),
                    landing(*to),
                    if along {
                        " and where the lines end"
                    } else {
                        ""
                    }
                )]
            }
            Generator::Line {
                piece,
                dirs,
                min,
                capture,
                capture_if,
            } => self.line_words(*piece, *dirs, *min, *capture, capture_if, &args),
            Generator::LineStep {
                piece,
                dirs,
                min,
                max,
                sideways,
                push_if,
                ..
            } => self.line_step_words(*piece, *dirs, (*min, *max), *sideways, push_if, &args),
            Generator::Jump {
                piece,
                dirs,
                over,
                chain,
                remove_at_end,
                long,
                promote_at_end: _,
                top_to_bottom,
            } => {
                let remove = match *top_to_bottom {
                    true => None,
                    false => Some(*remove_at_end),
                };
                vec![
                    self.jump_words(*piece, *dirs, *over, remove, *long, &args),
                    self.chain_words(*chain, &args),
                ]
            }
            Generator::Pair { .. }
            | Generator::Sow { .. }
            | Generator::PathStep { .. }
            | Generator::DieMove { .. }
            | Generator::Ride { .. } => self.track_words(m, &args),
        };
        self.modifiers(m, &args, &mut out);
        out
    }

    /// The primitives that move along a path, a route or to fixed cells, in sentences.
    fn track_words(&self, m: &MoveRule, args: &Args) -> Vec<String> {
        let a = |name: &str| arg(args, name);
        match &m.generator {
            Generator::Pair {
                piece,
                with,
                dirs,
                to,
                with_to,
            } => vec![format!(
                "One of the mover's {} and the first piece in {} from it, one of the mover's {}, \
                 move together: the first to the mover's cell of {}, the second to the mover's \
                 cell of {}; every cell either passes or lands on must be empty, but for the two \
                 of them.",
                self.pieces_noun(Some(*piece)),
                self.dirs(*dirs, a("dirs")),
                self.pieces_noun(Some(*with)),
                code(&self.checked.tables[*to as usize].name),
                code(&self.checked.tables[*with_to as usize].name),
            )],
            Generator::Sow {
                piece,
                path,
                from,
                skip_start,
            } => vec![self.sow_words(*piece, *path, *from, *skip_start)],
            Generator::PathStep {
                piece,
                path,
                to,
                by,
                bear_off,
            } => {
                let by = by.as_ref().and(arg(args, "by")).map(|e| self.expr(e));
                vec![self.path_step_words(*piece, *path, *to, by, *bear_off)]
            }
            Generator::DieMove {
                piece,
                path,
                bear_off,
                hit,
                enter,
            } => self.die_move_words(*piece, *path, *bear_off, *hit, *enter, args),
            Generator::Ride {
                piece,
                routes,
                to,
                bends,
            } => vec![self.ride_words(*piece, routes, *to, *bends)],
            _ => Vec::new(),
        }
    }

    /// `ride`: along which routes, onto what, round how many bends.
    fn ride_words(&self, piece: Option<u8>, routes: &[u16], to: Landing, bends: u8) -> String {
        let names = (routes.iter())
            .map(|&r| code(&self.checked.routes[r as usize].name))
            .collect();
        let round = match bends {
            0 => String::new(),
            1 => ", once it has gone round at least one of its bends".into(),
            n => format!(", once it has gone round at least {n} of its bends"),
        };
        format!(
            "One of the mover's {} rides route {} either way, over empty cells (the cell it left \
             counting as empty), and lands on {}{round}; it stops at the first piece it meets.",
            self.pieces_noun(piece),
            super::list_or(names),
            landing(to)
        )
    }

    /// `place`: a new piece, of one kind or one of several, on an empty cell.
    fn place_words(
        &self,
        piece: u8,
        choices: u64,
        at: &Option<PlaceAt>,
        from_hand: bool,
        args: &Args,
    ) -> String {
        let source = if from_hand {
            "from their hand"
        } else {
            "from the supply"
        };
        let kinds: Vec<String> = (0..64u8)
            .filter(|k| choices >> k & 1 != 0 || (choices == 0 && *k == piece))
            .map(|k| code(&self.checked.pieces[k as usize].name))
            .collect();
        let kind = match kinds.as_slice() {
            [one] => format!("a piece of kind {one}"),
            _ => format!(
                "a piece of one of the kinds {}",
                super::list_or(kinds.clone())
            ),
        };
        format!(
            "The mover places {kind} {source} on {}.",
            self.empty_cells(at, arg(args, "at"))
        )
    }

    /// `fly`: a piece of the mover (from among some cells, if given) to any empty cell.
    fn fly_words(
        &self,
        piece: Option<u8>,
        at: &Option<PlaceAt>,
        from: &Option<TExpr>,
        args: &Args,
    ) -> String {
        format!(
            "One of the mover's {}{} goes to {}.",
            self.pieces_noun(piece),
            match (from, arg(args, "from")) {
                (Some(_), Some(e)) => format!(" among {}", self.expr(e)),
                _ => String::new(),
            },
            self.empty_cells(at, arg(args, "at"))
        )
    }

    /// How far a slide goes: up to `max` if written, else any number of cells.
    fn max_distance(&self, max: u16, args: &Args) -> String {
        let written = arg(args, "max");
        if written.is_some() {
            format!(
                "at most {}{}",
                plural(max as usize, "cell", "cells"),
                self.chosen_by(written)
            )
        } else {
            "any number of cells".into()
        }
    }

    /// How far a measured slide goes (`distance:`).
    fn slide_distance(&self, distance: SlideDistance, max: u16, args: &Args) -> String {
        match distance {
            SlideDistance::Any => self.max_distance(max, args),
            SlideDistance::Exact(n) => format!(
                "exactly {}{}",
                plural(n as usize, "cell", "cells"),
                self.chosen_by(arg(args, "distance"))
            ),
            SlideDistance::LineCount => "exactly as many cells as there are pieces, of every \
                                         player and itself included, on the whole line through \
                                         it along that direction (both ways, to the edge)"
                .into(),
        }
    }

    /// `line`: a run of own pieces moving along its line, and what its front may capture.
    fn line_words(
        &self,
        piece: Option<u8>,
        dirs: u16,
        min: u8,
        capture: LineCapture,
        capture_if: &Option<TExpr>,
        args: &Args,
    ) -> Vec<String> {
        let a = |name: &str| arg(args, name);
        let moves = format!(
            "A line of {min} or more{} of the mover's {}, contiguous in a direction of {}, moves \
             along that direction as a whole: from 1 cell up to as many cells as it has pieces, \
             never passing over a piece. Each part of a line that includes its front may move \
             so, from its own rear.",
            self.chosen_by(a("min")),
            self.pieces_noun(piece),
            self.set_name(dirs, a("dirs")),
        );
        let condition = match (capture_if, a("capture_if")) {
            (Some(_), Some(e)) => format!(" if {}", self.expr(e)),
            _ => String::new(),
        };
        let captures = match capture {
            LineCapture::None => "It may not land on an enemy piece.".to_string(),
            LineCapture::Run => format!(
                "Its front may land on an enemy piece{condition}, capturing the whole enemy run \
                 from there onwards in that direction (up to an empty cell, an own piece or the \
                 edge); the move stops there."
            ),
            LineCapture::First => format!(
                "Its front may land on an enemy piece{condition}, capturing that piece only; the \
                 move stops there."
            ),
        };
        vec![moves, captures]
    }

    /// `line_step`: a line of own pieces one cell along or beside itself, and when it pushes.
    fn line_step_words(
        &self,
        piece: Option<u8>,
        dirs: u16,
        (min, max): (u8, u8),
        sideways: bool,
        push_if: &Option<TExpr>,
        args: &Args,
    ) -> Vec<String> {
        let a = |name: &str| arg(args, name);
        let size = match min == max {
            true => format!("{min}{}", self.chosen_by(a("min"))),
            false => format!(
                "{min}{} to {max}{}",
                self.chosen_by(a("min")),
                self.chosen_by(a("max"))
            ),
        };
        let (pieces, dirs) = (self.pieces_noun(piece), self.set_name(dirs, a("dirs")));
        if sideways {
            return vec![format!(
                "A line of {size} of the mover's {pieces}, in a row along a direction of {dirs}, \
                 moves one cell sideways, in another of these directions that is not along its \
                 row: every piece of it onto an empty cell. It pushes nothing."
            )];
        }
        let moves = format!(
            "A line of {size} of the mover's {pieces}, from its rear to the front of its run in a \
             direction of {dirs}, moves one cell that way (a longer run does not move)."
        );
        let pushes = match (push_if, a("push_if")) {
            (Some(_), Some(e)) => format!(
                "The cell in front must be empty, or hold the first of a run of enemy pieces \
                 followed by an empty cell or the board's edge (not by an own piece); the line \
                 then pushes that run one cell on if {}, its last piece off the board at the edge.",
                self.expr(e)
            ),
            _ => "The cell in front must be empty.".to_string(),
        };
        vec![moves, pushes]
    }

    /// `jump`: one jump, short or flying, and when the jumped piece goes.
    fn jump_words(
        &self,
        piece: Option<u8>,
        dirs: u16,
        over: Option<u8>,
        remove_at_end: Option<bool>,
        long: bool,
        args: &Args,
    ) -> String {
        let over = match over {
            Some(k) => format!("enemy {}", code(&self.checked.pieces[k as usize].name)),
            None => "enemy piece".into(),
        };
        let removed = match remove_at_end {
            Some(true) => {
                "the jumped piece is removed when the sequence ends (until then it still fills \
                 its cell and cannot be jumped again)"
            }
            Some(false) => "the jumped piece is removed at once",
            // `capture: top_to_bottom`.
            None => {
                "only the top piece of the jumped column is taken, and goes to the bottom of the \
                 jumping column; the rest of the jumped column stays, commanded by its new top \
                 piece, and is not jumped again in the same move"
            }
        };
        let how = if long {
            format!(
                ", flying: it passes any number of empty cells in a straight line, jumps the \
                 first piece it meets if that is an {over}, and lands on any empty cell beyond \
                 it (each landing a different move)"
            )
        } else {
            format!(" over an adjacent {over} to the empty cell directly beyond")
        };
        format!(
            "One of the mover's {} jumps in {}{how}; {removed}{}.",
            self.pieces_noun(piece),
            self.dirs(dirs, arg(args, "dirs")),
            self.chosen_by(arg(args, "remove")),
        )
    }

    /// `jump(chain: ...)`: whether a jump goes on while it can.
    fn chain_words(&self, chain: bool, args: &Args) -> String {
        let chosen = self.chosen_by(arg(args, "chain"));
        if chain {
            format!(
                "After a jump the same piece must go on jumping while it can, in any direction \
                 of the set; each complete sequence is one move, and any sequence may be \
                 chosen{chosen}."
            )
        } else {
            format!("Each single jump is one move{chosen}.")
        }
    }

    /// `sow`: the pieces of one pit dropped one by one along a looping path.
    fn sow_words(&self, piece: Option<u8>, path: u16, from: u16, skip_start: bool) -> String {
        let region = &self.checked.regions[from as usize];
        let pits = if region.per_player {
            format!("the mover's cells of region {}", code(&region.name))
        } else {
            format!("the cells of region {}", code(&region.name))
        };
        format!(
            "The mover picks one of {pits} holding {} (whoever owns them), lifts them all and \
             drops them one by one on the cells that follow it on the mover's copy of path {}, \
             going round it as a loop ({}); a cell off the path gets none. The move lands where \
             the last one is dropped (`to`); its token is the cell picked.",
            self.pieces_noun(piece),
            code(&self.checked.paths[path as usize].name),
            if skip_start {
                "passing over the cell picked, which gets none"
            } else {
                "past the cell picked too"
            },
        )
    }

    /// `path_step`: a piece to the next cell of its path.
    fn path_step_words(
        &self,
        piece: Option<u8>,
        path: u16,
        to: Landing,
        by: Option<String>,
        bear_off: bool,
    ) -> String {
        let (pieces, path) = (
            self.pieces_noun(piece),
            code(&self.checked.paths[path as usize].name),
        );
        let Some(by) = by else {
            return format!(
                "One of the mover's {pieces} standing on the mover's copy of path {path} moves to \
                 the next cell of that path, onto {}; from the last cell, or off the path, it has \
                 no such move.",
                landing(to)
            );
        };
        let off = if bear_off {
            " A move that ends one cell past the last bears the piece off the board; one that \
             would end further has no such move."
        } else {
            " A move that would end past the last cell has no such move."
        };
        format!(
            "One of the mover's {pieces} standing on the mover's copy of path {path} moves along \
             it as many cells as {by} (none when that is 0 or less), onto {}.{off}",
            landing(to)
        )
    }

    /// `rotate`: which squares turn, and which ways.
    fn rotate_words(&self, squares: &[crate::check::rotate::TurnedSquare], turns: u8) -> String {
        use crate::check::rotate::{ANTICLOCKWISE, CLOCKWISE, HALF};
        let names: Vec<String> = (squares.iter())
            .map(|s| code(&self.checked.regions[s.region as usize].name))
            .collect();
        let ways: Vec<&str> = [
            (CLOCKWISE, "a quarter clockwise"),
            (ANTICLOCKWISE, "a quarter anticlockwise"),
            (HALF, "half a turn"),
        ]
        .iter()
        .filter(|(bit, _)| turns & bit != 0)
        .map(|(_, words)| *words)
        .collect();
        format!(
            "The mover turns one of the squares {} {}, with every piece on it (as the board is \
             drawn, rank 1 at the bottom).",
            super::list_or(names),
            super::list_or(ways.iter().map(|w| w.to_string()).collect())
        )
    }

    /// `die_move`: a piece along its path by the pips of one die, with hitting, bearing off and
    /// entering from the bar.
    fn die_move_words(
        &self,
        piece: Option<u8>,
        path: u16,
        bear_off: Option<u16>,
        hit: Hit,
        enter: bool,
        args: &Args,
    ) -> Vec<String> {
        let a = |name: &str| arg(args, name);
        let mut out = vec![format!(
            "One of the mover's {} moves along the mover's copy of path {} by the pips of one \
             die, from index i to index i + pip; a piece not on the path does not move. It may \
             land on the mover's own pieces (joining their stack).",
            self.pieces_noun(piece),
            code(&self.checked.paths[path as usize].name),
        )];
        out.push(match hit {
            Hit::Bar => format!(
                "It may land on a cell holding a single enemy piece, which is hit and goes to its \
                 owner's bar; two or more enemy pieces close the cell{}.",
                self.chosen_by(a("hit"))
            ),
            Hit::Pin => format!(
                "It may land on a cell holding a single enemy piece, which is pinned there under \
                 it: the pinned piece cannot move until every piece on top has left, and \
                 meanwhile the cell is the mover's; two or more enemy pieces close the cell{}.",
                self.chosen_by(a("hit"))
            ),
            Hit::Blocked => format!(
                "It may not land on a cell holding any enemy piece{}.",
                self.chosen_by(a("hit"))
            ),
        });
        out.push(match bear_off {
            Some(r) => format!(
                "Once every piece of the mover stands on a cell of {} and none is on the bar, a \
                 piece may be borne off past the end of the path: with a pip that reaches \
                 exactly one past the end, or with a larger pip only the mover's piece furthest \
                 back.",
                self.region(r, "the mover's")
            ),
            None => "No piece is borne off.".into(),
        });
        if enter {
            out.push(format!(
                "While the mover has pieces on the bar, only they move: a pip of n enters one on \
                 the n-th cell of the path, landing as above{}.",
                self.chosen_by(a("enter"))
            ));
        } else if hit == Hit::Bar {
            out.push("Pieces on the bar never come back (no `enter`).".into());
        }
        out
    }

    /// `avoid:`, `locked:`, `along:`, `crossing:` and `promote:`, which several primitives share.
    fn modifiers(&self, m: &MoveRule, args: &Args, out: &mut Vec<String>) {
        let a = |name: &str| arg(args, name);
        let jump = matches!(m.generator, Generator::Jump { .. });
        if let Some(r) = m.avoid {
            let enter = if jump {
                "land on"
            } else {
                "enter (pass through or land on)"
            };
            out.push(format!(
                "It may never {enter} a cell of {}.",
                self.region(r, "the mover's")
            ));
        }
        if let Some(r) = m.locked {
            out.push(format!(
                "A piece standing in {} is locked: it never moves and is never captured.",
                self.region(r, "its owner's")
            ));
        }
        if let Some(l) = m.along {
            let what = if jump {
                "Both steps of every jump (onto the jumped piece and beyond it) follow"
            } else {
                "Every single step follows"
            };
            out.push(format!(
                "{what} a link of the lines {}{}.",
                code(&self.checked.lines[l as usize].name),
                self.chosen_by(a("along"))
            ));
        }
        if let Some(l) = m.crossing {
            let lines = code(&self.checked.lines[l as usize].name);
            let chosen = self.chosen_by(a("crossing"));
            out.push(if m.crossing_stop_after {
                format!(
                    "It may cross a link of the lines {lines}{chosen} after any distance, and \
                     stops right after crossing it{}.",
                    self.chosen_by(a("crossing_mode"))
                )
            } else {
                format!(
                    "It crosses a link of the lines {lines}{chosen} only as a move of that single \
                     step: it may step across as its whole move, and may neither reach the line \
                     after other steps nor go on beyond it{}.",
                    self.chosen_by(a("crossing_mode"))
                )
            });
        }
        if let Some((_, r)) = m.promote
            && m.promote_choices != 0
        {
            let mut kinds: Vec<String> = (0..crate::check::STAY)
                .filter(|k| m.promote_choices >> k & 1 != 0)
                .map(|k| {
                    let piece = &self.checked.pieces[k as usize];
                    format!(
                        "{} (token suffix `={}`)",
                        code(&piece.name),
                        piece.symbols.first().copied().unwrap_or('?')
                    )
                })
                .collect();
            if m.promote_choices >> crate::check::STAY & 1 != 0 {
                kinds.push("stays as it is (the token without a suffix)".into());
            }
            let cells = if m.promote_from {
                "starts or ends its move on a cell of"
            } else {
                "ends its move on a cell of"
            };
            out.push(format!(
                "A moved piece that {cells} {} becomes, at the mover's choice, one of {}: each \
                 choice is a move of its own.",
                self.region(r, "the mover's"),
                super::list_or(kinds)
            ));
        } else if let Some((kind, r)) = m.promote {
            let at_end = matches!(
                m.generator,
                Generator::Jump {
                    promote_at_end: true,
                    ..
                }
            );
            let stop = if at_end {
                "; a chained jump goes on through the region without promoting, and only the \
                 cell where the whole sequence ends counts"
            } else if jump {
                "; a chained jump ends there"
            } else {
                ""
            };
            let cells = if m.promote_from {
                "starts or ends its move on a cell of"
            } else {
                "ends its move on a cell of"
            };
            out.push(format!(
                "A moved piece that {cells} {} becomes a {}{stop} (a piece already of that kind \
                 stays as it is).",
                self.region(r, "the mover's"),
                code(&self.checked.pieces[kind as usize].name)
            ));
        }
    }

    /// `` `stone`s `` or `pieces`.
    /// The cells `at:` allows, in words: "any empty cell", "an empty cell of region `x`".
    fn empty_cells(&self, at: &Option<PlaceAt>, written: Option<&Expr>) -> String {
        match (at, written) {
            (Some(PlaceAt::Region(r)), _) => {
                format!("an empty cell of {}", self.region(*r, "the mover's"))
            }
            (_, Some(e)) => format!("an empty cell of {}", self.expr(e)),
            _ => "any empty cell".into(),
        }
    }

    fn pieces_noun(&self, piece: Option<u8>) -> String {
        let kinds = self.moving_kinds.get();
        match piece {
            Some(k) => format!("{}s", code(&self.checked.pieces[k as usize].name)),
            None if kinds != 0 => super::list_or(
                (self.checked.pieces.iter().enumerate())
                    .filter(|(k, _)| kinds >> k & 1 != 0)
                    .map(|(_, p)| format!("{}s", code(&p.name)))
                    .collect(),
            ),
            None => "pieces".into(),
        }
    }

    /// `` a direction of `all` (`n`, `ne`, ...) ``, with the option that chose the set.
    fn dirs(&self, set: u16, written: Option<&Expr>) -> String {
        format!("a direction of {}", self.set_name(set, written))
    }

    fn set_name(&self, set: u16, written: Option<&Expr>) -> String {
        let s = &self.checked.board.direction_sets[set as usize];
        let per_player = !s.per_player.windows(2).all(|w| w[0] == w[1]);
        let note = self
            .chosen_note(written)
            .map(|n| format!("; {n}"))
            .unwrap_or_default();
        format!(
            "{}{} ({}{note})",
            if per_player { "the mover's " } else { "" },
            code(&s.name),
            self.set_words(s)
        )
    }

    /// A region a move rule names: shared, or `whose` copy of a per-player one.
    fn region(&self, r: u16, whose: &str) -> String {
        let region = &self.checked.regions[r as usize];
        if region.per_player {
            format!("{whose} {}", code(&region.name))
        } else {
            format!("region {}", code(&region.name))
        }
    }
}

/// Whether statements reach an outcome whatever the conditions.
fn always_decides(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::If {
            then, otherwise, ..
        } => always_decides(then) && always_decides(otherwise),
        Stmt::Set(..) => false,
        Stmt::Win(..) | Stmt::Lose(..) | Stmt::Draw(_) | Stmt::Pass(_) => true,
    })
}

fn landing(to: Landing) -> &'static str {
    match to {
        Landing::Empty => "an empty cell",
        Landing::Enemy => "a cell holding an enemy piece, capturing it",
        Landing::EmptyOrEnemy => "an empty cell or a cell holding an enemy piece, capturing it",
        Landing::Any => "an empty cell or a cell holding any piece, its own side's too, taking it",
    }
}

/// `step(capture: ...)` in words: which runs a step captures, and its token.
fn step_capture_words(capture: crate::check::StepCapture, along: bool) -> String {
    let approach = "by approach, moving towards an enemy piece: the enemy piece on the cell just \
                    beyond the landing, in the direction of the step, and every enemy piece in an \
                    unbroken row behind it that way (token `d2xd3A`)";
    let withdrawal = "by withdrawal, moving directly away from an enemy piece: the enemy piece on \
                      the cell just behind the starting cell, against the direction of the step, \
                      and every enemy piece in an unbroken row behind it that way (token `d2xd3W`)";
    let ways = match (capture.approach, capture.withdrawal) {
        (true, true) => format!(
            "either {approach}, or {withdrawal}; a step that can capture both ways is two \
             moves, and the mover chooses one"
        ),
        (true, false) => approach.to_string(),
        _ => withdrawal.to_string(),
    };
    format!(
        "The step must capture, {ways}. The row ends at an empty cell, a piece of the mover's, the \
         edge{}. A step that captures neither way is not made by this rule.",
        if along { " or where the lines end" } else { "" }
    )
}

/// Which pieces a measured slide may pass over (`pass:`).
fn slide_pass_words(pass: SlidePass) -> &'static str {
    match pass {
        SlidePass::None => "over empty cells only",
        SlidePass::Own => "over empty cells and the mover's own pieces, not over another player's",
        SlidePass::Any => "over empty cells and pieces of every player",
    }
}

/// What a slide with `screens` passes over, and where it stops.
fn screen_words(screens: u8) -> (String, String) {
    match screens {
        0 => (
            "empty cells".to_string(),
            "the first occupied cell".to_string(),
        ),
        n => (
            format!(
                "exactly {} (of either side) and any empty cells",
                plural(n as usize, "piece", "pieces")
            ),
            format!(
                "the first occupied cell beyond {}",
                if n == 1 { "that piece" } else { "those pieces" }
            ),
        ),
    }
}
