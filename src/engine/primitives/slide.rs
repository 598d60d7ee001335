//! `slide`: one piece, any number of steps over empty cells in one direction, or exactly a
//! distance (a number, or the pieces on its line), passing over the pieces `pass` allows.

use crate::check::{Landing, SlideDistance, SlidePass};
use crate::compile::fast::rays::Rays;
use crate::compile::primitives::Slide;
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::action::Action;

impl<const W: usize> Game<W> {
    /// `slide`: every piece of the rule, in every direction.
    pub(in crate::engine) fn slides(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let dirs = self.directions(slide.dirs, me);
        let own = *state.pieces_of(me);
        if slide.is_plain() {
            // The common slide, its loop compiled without the measured slide's tests.
            let longest = slide.max.min(255);
            if let Some(rays) = self.rays_for(slide) {
                let occupied = state.occupied();
                for from in own.iter() {
                    if !self.moves_piece(rule, state, from) {
                        continue;
                    }
                    for &dir in dirs {
                        let ray = Ray {
                            cells: rays.of(from, dir),
                            from,
                            dir,
                            longest,
                        };
                        self.slide_along(index, rule, slide, frame, &occupied, ray, out);
                    }
                }
                return;
            }
            for from in own.iter() {
                if !self.moves_piece(rule, state, from) {
                    continue;
                }
                for &dir in dirs {
                    self.slide::<true>(index, rule, slide, frame, from, dir, 1, longest, out);
                }
            }
            return;
        }
        // Only a slide measured on its line looks at every piece.
        let occupied = match slide.distance {
            SlideDistance::LineCount => state.occupied(),
            _ => CellSet::default(),
        };
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            for &dir in dirs {
                self.measured_slide(index, rule, slide, frame, &occupied, from, dir, out);
            }
        }
    }

    /// The slides of the piece on `from` along `dir` (`attacked` asks one direction at a time).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn slide_from(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        from: u16,
        dir: u8,
        out: &mut Vec<Action>,
    ) {
        if slide.is_plain() {
            let longest = slide.max.min(255);
            if let Some(rays) = self.rays_for(slide) {
                let occupied = frame.state.occupied();
                let ray = Ray {
                    cells: rays.of(from, dir),
                    from,
                    dir,
                    longest,
                };
                return self.slide_along(index, rule, slide, frame, &occupied, ray, out);
            }
            return self.slide::<true>(index, rule, slide, frame, from, dir, 1, longest, out);
        }
        let occupied = frame.state.occupied();
        self.measured_slide(index, rule, slide, frame, &occupied, from, dir, out);
    }

    /// The board's rays, for a plain slide that may walk them: one that goes on after crossing a
    /// line stops a cell past it, which its stop set cannot say, and takes its steps one by one.
    #[inline]
    fn rays_for(&self, slide: &Slide) -> Option<&Rays> {
        let stops_past_a_line = slide.crossing.is_some() && slide.crossing_stop_after;
        self.rays.as_ref().filter(|_| !stops_past_a_line)
    }

    /// A plain slide along its ray: the actions of [`Game::slide`] in its order, with one test of
    /// each cell against the cells where the slide stops (a piece, a cell it may not step on
    /// from, a cell it may not enter) instead of a step through the neighbour table and each of
    /// those tests in turn.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn slide_along(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        occupied: &CellSet<W>,
        ray: Ray<'_>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let Ray {
            mut cells,
            from,
            dir,
            longest,
        } = ray;
        cells = &cells[..cells.len().min(longest as usize)];
        // Landing on one of these ends the slide (it may land there).
        let mut stops = *occupied;
        if let Some(line) = slide.along {
            let follows = &self.lines[line as usize].leaving[dir as usize];
            if !follows.contains(from) {
                return;
            }
            stops = stops.or(&self.board.all_cells.and_not(follows));
        }
        if let Some(line) = slide.crossing {
            let crosses = &self.lines[line as usize].leaving[dir as usize];
            // A marked line is crossed only by a move of that one step.
            if crosses.contains(from) {
                cells = &cells[..cells.len().min(1)];
            }
            stops = stops.or(crosses);
        }
        // Entering one of these is not allowed: the slide stops before it.
        let avoided = rule.avoid.map(|r| self.region_of(r, me));
        if let Some(avoided) = avoided {
            stops = stops.or(avoided);
        }
        let template = Action::moving(index, from, 0, dir, 1, 0, 0);
        for (steps, &to) in cells.iter().enumerate() {
            let distance = steps as u8 + 1;
            if !stops.contains(to) {
                // An empty cell the slide goes on from.
                if slide.to != Landing::Enemy {
                    self.push_if_legal(rule, frame, template.landing(to, distance, 0), out);
                }
                continue;
            }
            if avoided.is_some_and(|cells| cells.contains(to)) {
                return;
            }
            if let Some(captured) = self
                .landing(slide.to, state, to)
                .filter(|_| !self.locked(rule, state, to))
            {
                self.push_if_legal(rule, frame, template.landing(to, distance, captured), out);
            }
            return;
        }
    }

    /// A slide that is not plain: the distances it may land at come first.
    #[allow(clippy::too_many_arguments)]
    fn measured_slide(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        occupied: &CellSet<W>,
        from: u16,
        dir: u8,
        out: &mut Vec<Action>,
    ) {
        // The distances the piece may land at: from `shortest` to `longest` cells.
        let (shortest, longest) = match slide.distance {
            SlideDistance::Any => (1, slide.max.min(255)),
            SlideDistance::Exact(n) => (n, n),
            SlideDistance::LineCount => {
                let line = &self.line_masks[from as usize * self.board.directions + dir as usize];
                let n = line.and(occupied).len() as u16;
                // A slide this long has no action (its distance takes a byte).
                if n > 255 {
                    return;
                }
                (n, n)
            }
        };
        self.slide::<false>(index, rule, slide, frame, from, dir, shortest, longest, out);
    }

    /// One slide from `from` along `dir`, landing from `shortest` to `longest` cells away.
    /// `PLAIN`: any distance from 1, over empty cells only (`shortest` is 1, `pass` is none, no
    /// screens).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn slide<const PLAIN: bool>(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        from: u16,
        dir: u8,
        shortest: u16,
        longest: u16,
        out: &mut Vec<Action>,
    ) {
        let me = frame.state.to_move;
        let mut to = from;
        let template = Action::moving(index, from, 0, dir, 1, 0, 0);
        let mut screens = if PLAIN { 0 } else { slide.screens };
        // The sets the steps test, looked up once for the whole slide.
        let leaving =
            |line: Option<u16>| line.map(|l| &self.lines[l as usize].leaving[dir as usize]);
        let (along, crossing) = (leaving(slide.along), leaving(slide.crossing));
        let avoided = rule.avoid.map(|r| self.region_of(r, me));
        for distance in 1..=longest {
            if along.is_some_and(|cells| !cells.contains(to)) {
                return;
            }
            // A marked line is crossed only by a move of that one step.
            let crosses = crossing.is_some_and(|cells| cells.contains(to));
            if crosses && distance > 1 && !slide.crossing_stop_after {
                return;
            }
            to = self.board.neighbour(to, dir);
            if to == NO_CELL || avoided.is_some_and(|cells| cells.contains(to)) {
                return;
            }
            if !PLAIN && screens > 0 {
                // Not a landing yet: the slide goes on over empty cells and its screens.
                screens -= u8::from(frame.state.cell(to) != 0);
                continue;
            }
            if (PLAIN || distance >= shortest)
                && let Some(captured) = self
                    .landing(slide.to, frame.state, to)
                    .filter(|_| !self.locked(rule, frame.state, to))
            {
                let action = template.landing(to, distance as u8, captured);
                self.push_if_legal(rule, frame, action, out);
            }
            let piece = frame.state.cell(to);
            let passed = !PLAIN
                && match slide.pass {
                    SlidePass::None => false,
                    SlidePass::Own => piece & 3 == me,
                    SlidePass::Any => true,
                };
            if (piece != 0 && !passed) || crosses {
                return;
            }
        }
    }
}

/// The cells a slide may pass, from `from` along `dir`, and how many steps it may take.
#[derive(Clone, Copy)]
struct Ray<'r> {
    cells: &'r [u16],
    from: u16,
    dir: u8,
    longest: u16,
}
