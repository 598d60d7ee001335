//! `ride`: one piece rides a closed route either way, over empty cells, through a number of
//! bends at least, onto a landing cell.

use crate::check::Landing;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ride {
    /// The routes, indices into [`Game::routes`](crate::compile::Game).
    pub routes: Vec<u16>,
    pub to: Landing,
    /// The fewest bends a ride passes before it may land.
    pub bends: u8,
}

/// A closed route as the generator walks it: its cells in order, where it bends, and where each
/// cell comes on it (a crossing twice).
#[derive(Clone, Debug)]
pub struct CompiledRoute {
    pub name: String,
    pub cells: Vec<u16>,
    /// `bends_after[i]`: the step from `cells[i]` to the next passes a bend.
    pub bends_after: Vec<bool>,
    /// For each cell of the board, its places on the route (empty off it).
    pub places: Vec<Vec<u16>>,
}

impl CompiledRoute {
    pub fn new(route: &crate::check::RouteDecl, cells: usize) -> Self {
        let mut places = vec![Vec::new(); cells];
        for (i, &c) in route.cells.iter().enumerate() {
            places[c as usize].push(i as u16);
        }
        CompiledRoute {
            name: route.name.clone(),
            cells: route.cells.clone(),
            bends_after: route.bends_after.clone(),
            places,
        }
    }
}
