//! Move primitives (`step`, `slide`, `line`, `jump`) and their arguments: names of pieces,
//! directions and regions, and numbers fixed when the game is loaded.

use super::rules::*;
use super::*;
use crate::syntax::ast::{Call, Expr, ExprKind};

impl RuleChecker<'_> {
    /// A move primitive with its arguments, and the movement modifiers every primitive takes.
    pub(super) fn generator(
        &self,
        call: &Call,
        diags: &mut Diagnostics,
    ) -> Option<(Generator, Modifiers)> {
        let params: &[&'static str] = match call.name.text.as_str() {
            name if PRIMITIVES.contains(&name) => call_params(name).unwrap_or_default(),
            other => {
                let mut d = Diagnostic::error(
                    ErrorKind::UnknownFunction(other.to_string()),
                    call.name.span,
                )
                .with_label("not a move primitive");
                d = d.with_help(nearest(other, PRIMITIVES).unwrap_or_else(|| {
                    "the move primitives are `place`, `take`, `fly`, `pass_turn`, `step`, `slide`, \
                         `line`, `line_step`, `jump`, `path_step`, `die_move`, `sow`, `rotate`, \
                         `ride` and `pair`"
                        .into()
                }));
                diags.push(d);
                return None;
            }
        };
        let args = Args::bind(call, params, diags)?;
        if call.name.text == "place" {
            let generator = self.place_generator(&args, diags)?;
            return Some((generator, Modifiers::default()));
        }
        // `piece: rook or queen`: the generator moves any kind, the rule only those.
        let (piece, moving_kinds) = match args.get("piece") {
            Some(e) => match self.piece_choices(e, false, diags)?[..] {
                [kind] => (Some(kind), 0),
                ref kinds => (None, kinds.iter().fold(0u64, |all, &k| all | 1 << k)),
            },
            None => (None, 0),
        };
        // The primitives that do not move along directions take no movement modifiers.
        let generator = match call.name.text.as_str() {
            "pass_turn" => Generator::Pass,
            "rotate" => self.rotate_generator(&args, diags)?,
            "take" => self.take_generator(piece, &args, diags)?,
            "fly" => self.fly_generator(piece, &args, diags)?,
            "die_move" if moving_kinds != 0 => return self.one_kind_only(&args, diags),
            "die_move" => self.die_move_generator(piece, &args, diags)?,
            "sow" => self.sow(call, piece, &args, diags)?,
            "path_step" => self.path_step_generator(piece, &args, diags)?,
            "ride" => self.ride_generator(piece, &args, diags)?,
            "pair" => self.pair_generator(call, piece, &args, diags)?,
            _ => {
                let (generator, modifiers) = self.directed_generator(call, piece, &args, diags)?;
                let modifiers = Modifiers {
                    moving_kinds,
                    ..modifiers
                };
                return Some((generator, modifiers));
            }
        };
        Some((
            generator,
            Modifiers {
                moving_kinds,
                ..Modifiers::default()
            },
        ))
    }

    /// `die_move` enters pieces from the bar as its one kind: a choice of kinds is refused.
    fn one_kind_only(
        &self,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<(Generator, Modifiers)> {
        let span = args.get("piece")?.span;
        diags.push(
            Diagnostic::error(
                ErrorKind::Other("`die_move` moves one kind of piece".into()),
                span,
            )
            .with_label("a choice of kinds")
            .with_help("write a rule for each kind, or leave out `piece:` to move any kind"),
        );
        None
    }

    /// `path_step`: along which path, onto what, how many cells on, and whether off its end.
    fn path_step_generator(
        &self,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let path = self.path_name(args.require("path", diags)?, diags)?;
        let to = self.landing(args.get("to"), diags)?;
        let by = match args.get("by") {
            Some(e) => Some(self.expect_with_help(
                e,
                Ty::Int,
                Place::Generator,
                "`by:` of `path_step` is a number of cells, as in `by: roll`",
                diags,
            )?),
            None => None,
        };
        let bear_off = match args.get("bear_off") {
            Some(e) => self.constant_bool(e, diags)?,
            None => false,
        };
        Some(Generator::PathStep {
            piece,
            path,
            to,
            by,
            bear_off,
        })
    }

    /// `place`: its kind or choice of kinds, where, and from where.
    fn place_generator(&self, args: &Args, diags: &mut Diagnostics) -> Option<Generator> {
        // A choice of kinds (`pawn or lance`) places any of them: an action per kind.
        let kinds = self.piece_choices(args.require("piece", diags)?, false, diags)?;
        let piece = kinds[0];
        let choices = match kinds.len() {
            1 => 0,
            _ => kinds.iter().fold(0u64, |bits, k| bits | 1 << k),
        };
        let at = self.place_at(args.get("at"), diags)?;
        let from_hand = match args.get("from") {
            Some(e) => self.symbol(e, &["supply", "hand"], diags)? == 1,
            None => false,
        };
        Some(Generator::Place {
            piece,
            choices,
            at,
            from_hand,
        })
    }

    /// `take`: whose piece it takes.
    fn take_generator(
        &self,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let of = match args.get("of") {
            Some(e) => match self.symbol(e, &["enemy", "own", "any"], diags)? {
                0 => TakeOf::Enemy,
                1 => TakeOf::Own,
                _ => TakeOf::Any,
            },
            None => TakeOf::Enemy,
        };
        Some(Generator::Take { piece, of })
    }

    /// `fly`: where to, and from which cells.
    fn fly_generator(
        &self,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let at = self.place_at(args.get("at"), diags)?;
        let from = match args.get("from") {
            Some(e) => Some(self.expect_with_help(
                e,
                Ty::Cells,
                Place::Generator,
                "`from:` of `fly` is a set of cells, as in `from: marked`",
                diags,
            )?),
            None => None,
        };
        Some(Generator::Fly { piece, at, from })
    }

    /// `die_move`: its path, where pieces bear off, what a hit does, and entering from the bar.
    fn die_move_generator(
        &self,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let path = self.path_name(args.require("path", diags)?, diags)?;
        let bear_off = match args.get("bear_off") {
            Some(e) => Some(self.region_name(e, diags)?),
            None => None,
        };
        let hit = match args.get("hit") {
            Some(e) if name_of(e) == Some("pin") && self.cx.option("pin").is_none() => Hit::Pin,
            Some(e) => {
                let expected = "`true`, `false`, `pin` or a true/false option";
                if self.constant_bool_or(e, expected, diags)? {
                    Hit::Bar
                } else {
                    Hit::Blocked
                }
            }
            None => Hit::Blocked,
        };
        let enter = match args.get("enter") {
            Some(e) => self.constant_bool(e, diags)?,
            None => false,
        };
        Some(Generator::DieMove {
            piece,
            path,
            bear_off,
            hit,
            enter,
        })
    }

    /// `step`, `slide`, `jump` and `line`: the primitives that move along directions, with the
    /// movement modifiers they share.
    fn directed_generator(
        &self,
        call: &Call,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<(Generator, Modifiers)> {
        let dirs = self.direction_set(args.require("dirs", diags)?, diags)?;
        let avoid = match args.get("avoid") {
            Some(e) => Some(self.region_name(e, diags)?),
            None => None,
        };
        let locked = match args.get("locked") {
            Some(e) => Some(self.region_name(e, diags)?),
            None => None,
        };
        let along = match args.get("along") {
            Some(e) => Some(self.lines_name(e, diags)?),
            None => None,
        };
        let crossing = match args.get("crossing") {
            Some(e) => Some(self.lines_name(e, diags)?),
            None => None,
        };
        let (promote, promote_choices) = self.promotion(call, args, diags)?;
        let promote_from = match args.get("promote_on") {
            Some(e) if promote.is_some() => self.symbol(e, &["to", "from_or_to"], diags)? == 1,
            Some(e) => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("`promote_on:` without `promote:`".into()),
                        e.span,
                    )
                    .with_label("nothing is promoted"),
                );
                return None;
            }
            None => false,
        };
        let generator = match call.name.text.as_str() {
            "jump" => self.jump_generator(piece, dirs, promote.is_some(), args, diags)?,
            "step" => {
                let to = self.landing(args.get("to"), diags)?;
                let capture = match args.get("capture") {
                    Some(e) => self.step_capture(e, to, args.get("to"), diags)?,
                    None => StepCapture::default(),
                };
                Generator::Step {
                    piece,
                    dirs,
                    to,
                    capture,
                }
            }
            "slide" => self.slide_generator(piece, dirs, args, diags)?,
            "line_step" => self.line_step_generator(call, piece, dirs, args, diags)?,
            _ => self.line_generator(call, piece, dirs, args, diags)?,
        };
        Some((
            generator,
            Modifiers {
                avoid,
                locked,
                along,
                crossing,
                crossing_stop_after: match args.get("crossing_mode") {
                    Some(e) => {
                        self.symbol_or_choice(e, &["single_step", "stop_after"], diags)? == 1
                    }
                    None => false,
                },
                promote,
                promote_choices,
                promote_from,
                moving_kinds: 0,
            },
        ))
    }

    /// `promote:` with `promote_in:`: the kind promoted to and the region, and the kinds to
    /// choose from (one bit each, 0 for no choice). Both arguments or neither.
    fn promotion(
        &self,
        call: &Call,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<(Option<(u8, u16)>, u64)> {
        let mut promote_choices = 0u64;
        let promote = match (args.get("promote"), args.get("promote_in")) {
            (Some(kinds), Some(region)) => {
                let mut kinds = self.piece_choices(kinds, true, diags)?;
                // `none` is a choice, not a kind: it comes last (the first kind is the default).
                kinds.sort_by_key(|&k| k == STAY);
                if kinds[0] == STAY {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other("`promote:` needs a kind besides `none`".into()),
                            args.get("promote").map_or(call.name.span, |e| e.span),
                        )
                        .with_label("only `none`"),
                    );
                    return None;
                }
                if kinds.len() > 1 {
                    promote_choices = kinds.iter().fold(0, |bits, k| bits | 1 << k);
                    if call.name.text == "jump" {
                        diags.push(
                            Diagnostic::error(
                                ErrorKind::Other(
                                    "a `jump` promotes to one kind: it has no promotion choice"
                                        .into(),
                                ),
                                args.get("promote").map_or(call.name.span, |e| e.span),
                            )
                            .with_label("several kinds"),
                        );
                        return None;
                    }
                }
                Some((kinds[0], self.region_name(region, diags)?))
            }
            (None, None) => None,
            (Some(_), None) => {
                args.require("promote_in", diags);
                return None;
            }
            (None, Some(_)) => {
                args.require("promote", diags);
                return None;
            }
        };
        Some((promote, promote_choices))
    }

    /// `jump`: what it jumps over, chains, when jumped pieces leave, its range, and where it
    /// promotes (`promote_at:` needs `promote:`, hence `promoted`).
    fn jump_generator(
        &self,
        piece: Option<u8>,
        dirs: u16,
        promoted: bool,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let over = match args.get("over") {
            Some(e) => Some(self.piece(e, diags)?),
            None => None,
        };
        let chain = match args.get("chain") {
            Some(e) => self.constant_bool(e, diags)?,
            None => false,
        };
        let remove_at_end = match args.get("remove") {
            Some(e) => self.symbol_or_choice(e, &["at_once", "at_end"], diags)? == 1,
            None => false,
        };
        let long = match args.get("range") {
            Some(e) => self.symbol(e, &["short", "long"], diags)? == 1,
            None => false,
        };
        let promote_at_end = match args.get("promote_at") {
            Some(e) => {
                if !promoted {
                    args.require("promote", diags);
                    return None;
                }
                self.symbol(e, &["stop", "end"], diags)? == 1
            }
            None => false,
        };
        let top_to_bottom = match args.get("capture") {
            Some(e) => self.top_to_bottom(e, remove_at_end, diags)?,
            None => false,
        };
        Some(Generator::Jump {
            piece,
            dirs,
            over,
            chain,
            remove_at_end,
            long,
            promote_at_end,
            top_to_bottom,
        })
    }

    /// `slide`: where it lands, how far, over what.
    fn slide_generator(
        &self,
        piece: Option<u8>,
        dirs: u16,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let to = self.landing(args.get("to"), diags)?;
        let max = match args.get("max") {
            Some(e) => self.constant(e, "`max` of `slide`", 1, 255, diags)? as u16,
            None => u16::MAX,
        };
        let screens = match args.get("screens") {
            Some(e) => self.constant(e, "`screens` of `slide`", 0, 255, diags)? as u8,
            None => 0,
        };
        let distance = match args.get("distance") {
            Some(e) => self.slide_distance(e, args.get("max"), diags)?,
            None => SlideDistance::Any,
        };
        let pass = match args.get("pass_over") {
            Some(e) => match self.symbol_or_choice(e, &["none", "own", "any"], diags)? {
                0 => SlidePass::None,
                1 => SlidePass::Own,
                _ => SlidePass::Any,
            },
            None => SlidePass::None,
        };
        Some(Generator::Slide {
            piece,
            dirs,
            max,
            to,
            screens,
            distance,
            pass,
        })
    }

    /// `line`: on a board of vector directions without stacks; how many pieces at least, and
    /// what it captures.
    fn line_generator(
        &self,
        call: &Call,
        piece: Option<u8>,
        dirs: u16,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        self.straight_lines_board(call, diags)?;
        let min = match args.get("min") {
            Some(e) => self.constant(e, "`min` of `line`", 1, 64, diags)? as u8,
            None => 1,
        };
        let capture = match args.get("capture") {
            None => LineCapture::None,
            Some(e) => match self.symbol(e, &["none", "run", "first"], diags)? {
                0 => LineCapture::None,
                1 => LineCapture::Run,
                _ => LineCapture::First,
            },
        };
        let capture_if = match args.get("capture_if") {
            Some(e) => Some(self.expect(e, Ty::Bool, Place::LineCapture, diags)?),
            None => None,
        };
        Some(Generator::Line {
            piece,
            dirs,
            min,
            capture,
            capture_if,
        })
    }

    /// `line` and `line_step` walk back over their pieces by a fixed number of cells, one piece
    /// a cell: a board of vector directions without stacks.
    pub(super) fn straight_lines_board(&self, call: &Call, diags: &mut Diagnostics) -> Option<()> {
        let name = call.name.text.as_str();
        // A line walks back over its pieces by a fixed number of cells.
        if self.cx.board.directions.iter().any(|d| !d.links.is_empty()) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("`{name}` needs a board whose directions are vectors")),
                    call.name.span,
                )
                .with_label("on a board of links")
                .with_help("a board given by `[board.links]` has no straight lines of cells; use `step` or `slide`"),
            );
            return None;
        }
        if self.cx.board.stacks {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("`{name}` needs a board without stacks")),
                    call.name.span,
                )
                .with_label("on a board with stacks")
                .with_help(
                    "a line moves one piece from each cell, and a stack has several: drop \
                     `stacks = true`, or move one piece with `step` or `slide`",
                ),
            );
            return None;
        }
        Some(())
    }

    /// `capture:` of `step`: `approach`, `withdrawal`, or both written `approach or withdrawal`.
    /// The landing must be empty: a step capturing away from where it lands does not land on a
    /// piece too.
    fn step_capture(
        &self,
        expr: &Expr,
        to: Landing,
        to_expr: Option<&Expr>,
        diags: &mut Diagnostics,
    ) -> Option<StepCapture> {
        if to != Landing::Empty {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(
                        "a step that captures by approach or withdrawal lands on an empty cell"
                            .into(),
                    ),
                    to_expr.map_or(expr.span, |e| e.span),
                )
                .with_label("`to:` must be `empty` with `capture:`")
                .with_help("leave out `to:`, or write a second rule for the captures by landing"),
            );
            return None;
        }
        let mut capture = StepCapture::default();
        for e in alternatives(expr) {
            let which = self.symbol(e, &["approach", "withdrawal"], diags)?;
            let slot = if which == 0 {
                &mut capture.approach
            } else {
                &mut capture.withdrawal
            };
            if *slot {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("`capture:` names each way once".into()),
                        e.span,
                    )
                    .with_label("named twice"),
                );
                return None;
            }
            *slot = true;
        }
        Some(capture)
    }

    /// `promote:`'s kinds (and `place`'s `piece:`): one kind, or a choice written `queen or rook
    /// or bishop or knight`; `none` (with `allow_none`) is [`STAY`], the piece staying as it is.
    fn piece_choices(
        &self,
        expr: &Expr,
        allow_none: bool,
        diags: &mut Diagnostics,
    ) -> Option<Vec<u8>> {
        let mut kinds = Vec::new();
        for e in alternatives(expr) {
            let kind = match name_of(e) {
                Some("none") if allow_none => STAY,
                _ => self.piece(e, diags)?,
            };
            if kinds.contains(&kind) {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("a choice of kinds names each kind once".into()),
                        e.span,
                    )
                    .with_label("named twice"),
                );
                return None;
            }
            kinds.push(kind);
        }
        Some(kinds)
    }

    /// `distance:` of `slide`: `line_count`, or a number of cells fixed when the game is loaded.
    /// `max` is then meaningless, and refused.
    fn slide_distance(
        &self,
        expr: &Expr,
        max: Option<&Expr>,
        diags: &mut Diagnostics,
    ) -> Option<SlideDistance> {
        if let Some(max) = max {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("`slide` takes `max` or `distance`, not both".into()),
                    max.span,
                )
                .with_label("a slide of an exact distance has no longest slide")
                .with_help("leave out `max`: `distance` says how far the piece goes"),
            );
            return None;
        }
        if name_of(expr) == Some("line_count") && self.cx.option("line_count").is_none() {
            return Some(SlideDistance::LineCount);
        }
        if matches!(expr.kind, ExprKind::Int(_))
            || name_of(expr).is_some_and(|n| self.cx.option(n).is_some())
        {
            let n = self.constant(expr, "`distance` of `slide`", 1, 255, diags)?;
            return Some(SlideDistance::Exact(n as u16));
        }
        diags.push(
            Diagnostic::error(
                ErrorKind::TypeMismatch {
                    expected: "`line_count`, a number or an integer option".into(),
                    found: describe(expr),
                },
                expr.span,
            )
            .with_label("not a distance")
            .with_help(
                "`distance: line_count` moves as many cells as there are pieces on the line; \
                 `distance: 2` exactly two cells",
            ),
        );
        None
    }

    /// `at:` of `place` and `fly`: a region by name, or a set of cells worked out in the
    /// position. `Some(None)` when not given, `None` after an error.
    fn place_at(&self, expr: Option<&Expr>, diags: &mut Diagnostics) -> Option<Option<PlaceAt>> {
        Some(match expr {
            Some(e) if name_of(e).is_some_and(|n| self.cx.region(n).is_some()) => {
                Some(PlaceAt::Region(self.region_name(e, diags)?))
            }
            Some(e) => Some(PlaceAt::Cells(self.expect_with_help(
                e,
                Ty::Cells,
                Place::Generator,
                "`at:` is a region or a set of cells, as in `at: reach(last_to)`",
                diags,
            )?)),
            None => None,
        })
    }

    /// Lines named as an argument, or a choice option that chooses lines or `none` (no lines):
    /// `Some(None)` for none, `None` after an error.
    pub(super) fn lines_or_none(
        &self,
        expr: &Expr,
        diags: &mut Diagnostics,
    ) -> Option<Option<u16>> {
        let chosen = name_of(expr).and_then(|n| self.cx.chosen_name(n));
        if chosen.as_deref() == Some("none") {
            return Some(None);
        }
        Some(Some(self.lines_name(expr, diags)?))
    }

    /// Lines named as an argument, or a choice option whose choices are lines.
    pub(super) fn lines_name(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let names: Vec<String> = self.cx.lines.iter().map(|l| l.name.clone()).collect();
        let help = |name: &str| {
            if names.is_empty() {
                "declare lines in a `[lines]` table".to_string()
            } else {
                near_or_list(name, "lines", &names)
            }
        };
        let Some(name) = name_of(expr) else {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "the name of lines".into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("not a name")
                .with_help(help("")),
            );
            return None;
        };
        let found = self.cx.lines(name).or_else(|| {
            self.cx
                .chosen_name(name)
                .and_then(|chosen| self.cx.lines(&chosen))
        });
        if found.is_none() {
            diags.push(match self.cx.chosen_name(name) {
                // A choice option is a known name: say which of its choices is not lines.
                Some(chosen) => Diagnostic::error(
                    ErrorKind::Other(format!(
                        "option `{name}` chooses `{chosen}`, which is not lines"
                    )),
                    expr.span,
                )
                .with_label("an option whose choice is not lines")
                .with_help(help(&chosen)),
                // A direction set is a known name too: lines along it are declared in `[lines]`.
                None if self.cx.direction_set(name).is_some() => Diagnostic::error(
                    ErrorKind::Other(format!("`{name}` is a direction set, not lines")),
                    expr.span,
                )
                .with_label("not lines")
                .with_help(format!(
                    "{}; lines along a direction set are declared in `[lines]`: \
                     `NAME = {{ dirs = \"{name}\" }}`",
                    help(name)
                )),
                None => Diagnostic::error(ErrorKind::UnknownName(name.to_string()), expr.span)
                    .with_label("not lines")
                    .with_help(help(name)),
            });
        }
        found
    }

    /// `true`, `false` or a boolean option: fixed when the game is loaded.
    pub(super) fn constant_bool(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<bool> {
        self.constant_bool_or(expr, "`true`, `false` or a true/false option", diags)
    }

    /// [`Self::constant_bool`] for an argument that also takes other words, named in `expected`.
    pub(super) fn constant_bool_or(
        &self,
        expr: &Expr,
        expected: &str,
        diags: &mut Diagnostics,
    ) -> Option<bool> {
        let value = match &expr.kind {
            ExprKind::Bool(b) => Some(*b),
            ExprKind::Name(n) => self
                .cx
                .option(n)
                .map(|o| &self.cx.options[o as usize])
                .filter(|o| o.kind == OptionKind::Bool)
                .map(|o| o.value != 0),
            _ => None,
        };
        if value.is_none() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: expected.into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("must be known when the game is loaded"),
            );
        }
        value
    }

    /// A region named as an argument; a per-player region means the mover's own.
    /// `sow(piece, path, from)`: the pits are a region whose every cell (each player's, for a
    /// per-player region) lies on that player's copy of the path, which the seeds go round.
    fn sow(
        &self,
        call: &Call,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        if !self.cx.board.stacks {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("`sow` needs a board with stacks".into()),
                    call.name.span,
                )
                .with_label("a pit holds many seeds")
                .with_help("add `stacks = true` under `[board]`"),
            );
            return None;
        }
        let path = self.path_name(args.require("path", diags)?, diags);
        let from_arg = args.require("from", diags)?;
        let (path, from) = (path?, self.region_name(from_arg, diags)?);
        let region = &self.cx.regions[from as usize];
        let track = &self.cx.paths[path as usize];
        for (p, cells) in region.cells.iter().enumerate() {
            // A shared region is sown along every player's copy of the path.
            let players: Vec<usize> = if region.per_player {
                vec![p]
            } else {
                (0..self.cx.players.len()).collect()
            };
            for player in players {
                let off = cells
                    .iter()
                    .find(|c| !track.cells.get(player).is_some_and(|t| t.contains(c)));
                if let Some(&cell) = off {
                    let whose = if region.per_player || self.cx.players.len() > 1 {
                        format!("{}'s copy of ", self.cx.players[player])
                    } else {
                        String::new()
                    };
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other(format!(
                                "`{}` of region `{}` is not on {whose}path `{}`",
                                board::cell_name(&self.cx.board, cell),
                                region.name,
                                track.name
                            )),
                            from_arg.span,
                        )
                        .with_label("pits off the path")
                        .with_help(
                            "the seeds of a pit are sown along the path from the pit on: every \
                             cell of `from` must be on it",
                        ),
                    );
                    return None;
                }
            }
        }
        let skip_start = match args.get("skip_start") {
            Some(e) => self.constant_bool(e, diags)?,
            None => false,
        };
        Some(Generator::Sow {
            piece,
            path,
            from,
            skip_start,
        })
    }

    pub(super) fn region_name(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let name = name_of(expr).unwrap_or("");
        let found = self.cx.region(name);
        if found.is_none() {
            let mut d = Diagnostic::error(ErrorKind::UnknownRegion(name.to_string()), expr.span)
                .with_label("not a region");
            if let Some(h) = nearest(name, self.cx.regions.iter().map(|r| r.name.as_str())) {
                d = d.with_help(h);
            }
            diags.push(d);
        }
        found
    }

    pub(super) fn symbol(
        &self,
        expr: &Expr,
        choices: &[&str],
        diags: &mut Diagnostics,
    ) -> Option<usize> {
        let found = name_of(expr).and_then(|n| choices.iter().position(|c| *c == n));
        if found.is_none() {
            let text = name_of(expr).unwrap_or("");
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: format!("one of {}", quoted(choices)),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_help(
                    nearest(text, choices.iter().copied())
                        .unwrap_or_else(|| format!("write one of {}", quoted(choices))),
                ),
            );
        }
        found
    }

    /// One of `choices`, written as is or chosen by a choice option whose choices are among them.
    pub(super) fn symbol_or_choice(
        &self,
        expr: &Expr,
        choices: &[&str],
        diags: &mut Diagnostics,
    ) -> Option<usize> {
        let chosen = name_of(expr).and_then(|n| self.cx.chosen_name(n));
        if let Some(found) = chosen.and_then(|c| choices.iter().position(|x| *x == c)) {
            return Some(found);
        }
        self.symbol(expr, choices, diags)
    }

    pub(super) fn landing(&self, expr: Option<&Expr>, diags: &mut Diagnostics) -> Option<Landing> {
        let Some(expr) = expr else {
            return Some(Landing::Empty);
        };
        Some(
            match self.symbol(expr, &["empty", "enemy", "empty_or_enemy", "any"], diags)? {
                0 => Landing::Empty,
                1 => Landing::Enemy,
                2 => Landing::EmptyOrEnemy,
                _ => Landing::Any,
            },
        )
    }

    /// A path named as an argument.
    pub(super) fn path_name(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let name = name_of(expr).unwrap_or("");
        let found = self.cx.path(name);
        if found.is_none() {
            let names: Vec<String> = self.cx.paths.iter().map(|p| p.name.clone()).collect();
            diags.push(
                Diagnostic::error(ErrorKind::UnknownName(name.to_string()), expr.span)
                    .with_label("not a path")
                    .with_help(if names.is_empty() {
                        "declare paths in a `[paths]` table".to_string()
                    } else {
                        near_or_list(name, "paths", &names)
                    }),
            );
        }
        found
    }

    pub(super) fn piece(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u8> {
        let names: Vec<String> = self.cx.pieces.iter().map(|p| p.name.clone()).collect();
        let Some(name) = name_of(expr) else {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "a piece kind".into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("not a name")
                .with_help(near_or_list("", "piece kinds", &names)),
            );
            return None;
        };
        let found = self.cx.piece(name);
        if found.is_none() {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownPiece(name.to_string()), expr.span)
                    .with_label("not in `[pieces]`")
                    .with_help(near_or_list(name, "piece kinds", &names)),
            );
        }
        found
    }

    pub(super) fn direction_set(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let names: Vec<String> = self
            .cx
            .board
            .direction_sets
            .iter()
            .map(|s| s.name.clone())
            .collect();
        let Some(name) = name_of(expr) else {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "a direction or direction set".into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("not a name")
                .with_help(near_or_list(
                    "",
                    "directions and direction sets",
                    &names,
                )),
            );
            return None;
        };
        // A choice option whose choices are direction sets stands for the one it chose.
        let found = self.cx.direction_set(name).or_else(|| {
            self.cx
                .chosen_name(name)
                .and_then(|chosen| self.cx.direction_set(&chosen))
        });
        if found.is_none() {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownDirection(name.to_string()), expr.span)
                    .with_label("not a direction or direction set")
                    .with_help(
                        nearest(name, names.iter().map(String::as_str)).unwrap_or_else(|| {
                            if names.is_empty() {
                                "the board has no directions yet: declare them under \
                                 `[board.directions]`"
                                    .to_string()
                            } else {
                                format!(
                                    "the directions and direction sets are {}; declare a new \
                                     set under `[board.direction_sets]`",
                                    quoted_strings(&names)
                                )
                            }
                        }),
                    ),
            );
        }
        found
    }

    /// A number fixed when the game is loaded: a literal or an integer option. `what` names the
    /// argument (`` `min` of `line` ``) in messages.
    pub(super) fn constant(
        &self,
        expr: &Expr,
        what: &str,
        min: i64,
        max: i64,
        diags: &mut Diagnostics,
    ) -> Option<i64> {
        let value = match &expr.kind {
            ExprKind::Int(v) => Some(*v),
            ExprKind::Name(n) => self
                .cx
                .option(n)
                .map(|o| &self.cx.options[o as usize])
                .filter(|o| matches!(o.kind, OptionKind::Int { .. }))
                .map(|o| o.value),
            _ => None,
        };
        match value {
            Some(v) if (min..=max).contains(&v) => Some(v),
            Some(v) => {
                let found = if v > i64::from(i32::MAX) {
                    "a number too large".to_string()
                } else {
                    v.to_string()
                };
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "{what} must be from {min} to {max}, found {found}"
                        )),
                        expr.span,
                    )
                    .with_label("out of range"),
                );
                None
            }
            None => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::TypeMismatch {
                            expected: format!("a number or an integer option for {what}"),
                            found: describe(expr),
                        },
                        expr.span,
                    )
                    .with_help("the value is fixed when the game loads: write a number or the name of a number option"),
                );
                None
            }
        }
    }
}
