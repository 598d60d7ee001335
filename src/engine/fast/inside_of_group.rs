//! `inside(group(...))` on a triangular lattice ([`crate::compile::fast::lattice`]): a group
//! without holes closes off only its cells whose six neighbours are all its own, so the
//! general flood from the board's edge runs only for a group whose Euler number says it has a
//! hole, which a game of rings sees once, at its end.

use crate::compile::Game;
use crate::model::board::CellSet;
use crate::model::lattice::Enclosure;

impl<const W: usize> Game<W> {
    /// What [`Game::inside`] gives for `group`, one group joined along the directions `dirs`.
    pub(crate) fn inside_of_group(&self, group: &CellSet<W>, dirs: u16, player: u8) -> CellSet<W> {
        let lattice = self.lattices.iter().find(|(code, _)| *code == dirs);
        match lattice.map(|(_, lattice)| lattice.enclosure(&self.board, group)) {
            Some(Enclosure::Surrounded(cells)) => cells,
            _ => self.inside(group, dirs, player),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::compile::Game;
    use crate::model::board::CellSet;
    use rand::RngExt;

    /// On random fillings of every shipped board that is a triangular lattice, every group's
    /// cells closed off are those the flood from the edge finds; some groups had holes, some
    /// cells were closed off without one.
    #[test]
    fn groups_counted_close_off_what_the_flood_finds() {
        let catalog = Catalog::default();
        let games: Vec<Game> = (catalog.list().iter())
            .filter_map(|listing| catalog.load(&listing.id, &[]).ok().map(|(g, _, _)| g))
            .filter(|g| !g.lattices.is_empty())
            .collect();
        let names: Vec<&str> = games.iter().map(|g| g.name.as_str()).collect();
        assert!(
            !games.is_empty(),
            "no shipped board is a triangular lattice"
        );
        let mut rng = crate::engine::playout::seeded_rng(5);
        let (mut groups, mut with_holes, mut closed_off) = (0, 0, 0);
        for game in &games {
            let cells: Vec<u16> = game.board.all_cells.iter().collect();
            for round in 0..300 {
                let mut state = game.initial;
                let density = 0.3 + 0.5 * (round % 10) as f64 / 10.0;
                for &cell in &cells {
                    if state.owner(cell).is_none() && rng.random_bool(density) {
                        // One player holds most cells: their groups have holes.
                        state.put(cell, u8::from(rng.random_bool(0.25)), 0);
                    }
                }
                for (code, lattice) in &game.lattices {
                    let mut seen = CellSet::default();
                    for &cell in &cells {
                        if seen.contains(cell) || state.owner(cell).is_none() {
                            continue;
                        }
                        let group = game.group(&state, i32::from(cell), *code);
                        seen = seen.or(&group);
                        let flooded = game.inside(&group, *code, state.to_move);
                        let counted = game.inside_of_group(&group, *code, state.to_move);
                        assert_eq!(counted, flooded, "{} {state:?} {cell}", game.name);
                        groups += 1;
                        with_holes += usize::from(lattice.euler(&game.board, &group) < 1);
                        closed_off += usize::from(!counted.is_empty());
                    }
                }
            }
        }
        assert!(groups > 10_000, "only {groups} groups");
        assert!(
            with_holes > 400,
            "only {with_holes} groups with holes in {names:?}"
        );
        assert!(
            closed_off > with_holes,
            "{closed_off} closed off, {with_holes} with holes"
        );
    }
}
