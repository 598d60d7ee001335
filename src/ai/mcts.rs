//! Monte Carlo tree search (UCT) for any game the language describes.
//!
//! - Chance (dice, a face-down piece turned up) is a node of its own whose outcome is drawn with
//!   its real odds, not chosen by the searching player.
//! - Hidden information: the search starts from the mover's view of the position
//!   ([`Game::player_view`]), where a face-down piece is of the kind that hides it and its reveal
//!   is a chance event, so it never reads a hidden value: what it knows is what the mover knows.
//! - Scores (a gammon's 2, Hold pley's points) are maximised: a win counts its score, scaled by
//!   the largest score seen so that the exploration constant fits every game.
//! - Root parallelism over a fixed number of trees: each tree has its own seed and share of the
//!   iterations, threads only decide which tree runs where, so the same seed and iteration budget
//!   give the same move on any number of threads. The trees' root statistics are added up.
//! - Nodes live in one arena per tree and the buffers are reused: once the arena has grown, an
//!   iteration allocates nothing.

use super::spec::{Budget, MctsConfig};
use crate::compile::Game;
use crate::engine::action::Action;
use crate::engine::movegen::Outcome;
use crate::engine::playout::{GameRng, seeded_rng};
use crate::engine::state::State;
use rand::RngExt;
use std::time::Instant;

/// The trees an iteration budget is split over, whatever the number of threads.
pub const TREES: usize = 8;

/// The most nodes one tree keeps; past it the tree stops growing and iterations only play out
/// from its leaves (memory stays bounded whatever the budget).
pub const MAX_NODES: usize = 4_000_000;

const NO_NODE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    /// The action that leads here from the parent.
    action: Action,
    /// Sum of each player's rewards over the iterations through this node.
    sums: [f32; 4],
    visits: u32,
    /// Children, contiguous in the arena; `NO_NODE` until expanded.
    first_child: u32,
    children: u32,
}

impl Node {
    fn new(action: Action) -> Node {
        Node {
            action,
            sums: [0.0; 4],
            visits: 0,
            first_child: NO_NODE,
            children: 0,
        }
    }
}

/// One root action and what the search found of it.
#[derive(Clone, Copy, Debug)]
pub struct RootChoice {
    pub action: Action,
    pub visits: u64,
    /// The mover's mean reward after it, from -1 (every playout lost) to 1 (every one won by the
    /// largest score seen).
    pub value: f64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The action chosen: the root action visited most.
    pub action: Action,
    /// The mover's estimated chance of winning after it, 0 to 1 (draws counting a half).
    pub win_rate: f64,
    pub iterations: u64,
    /// Every root action, most visited first.
    pub choices: Vec<RootChoice>,
}

struct Tree<'g, const W: usize> {
    game: &'g Game<W>,
    nodes: Vec<Node>,
    rng: GameRng,
    /// Reused buffers: legal actions, the nodes of the current path, the history of positions.
    actions: Vec<Action>,
    rollout: Vec<Action>,
    path: Vec<u32>,
    history: Vec<u64>,
    exploration: f64,
    playout_limit: u64,
    /// The largest score of a win seen, for scaling rewards to -1..1.
    scale: f32,
    iterations: u64,
}

impl<const W: usize> Game<W> {
    /// Searches the position for the player to move, which must be a player's decision (not a
    /// chance event), with `history` the keys of the positions before it. `None` when the game is
    /// over or the position is a chance event.
    pub fn mcts(
        &self,
        state: &State<W>,
        history: &[u64],
        config: &MctsConfig,
    ) -> Option<SearchResult> {
        let mover = state.to_move;
        // Only what the mover may see: a hidden kind is never read.
        let root = self.player_view(state, mover);
        // The history's positions hold what the view hides: in a game with hidden pieces the
        // search does without them.
        let hidden = self.pieces.iter().any(|p| !p.hides.is_empty()) || !state.face_down.is_empty();
        let history: &[u64] = if hidden { &[] } else { history };
        let mut actions = Vec::new();
        if self
            .legal_actions_with_history(&root, history, &mut actions)
            .is_some()
            || actions.is_empty()
            || self.is_chance(&root)
        {
            return None;
        }
        let (trees, shares): (usize, Vec<Budget>) = match config.budget {
            Budget::Iterations(n) => {
                let trees = TREES.min(n as usize).max(1);
                let shares = (0..trees)
                    .map(|i| {
                        Budget::Iterations(
                            n / trees as u64 + u64::from((i as u64) < n % trees as u64),
                        )
                    })
                    .collect();
                (trees, shares)
            }
            Budget::Time(t) => (config.threads, vec![Budget::Time(t); config.threads]),
        };
        let threads = config.threads.clamp(1, trees);
        let started = Instant::now();
        let run_tree = |i: usize| -> (Vec<Node>, u64, f32) {
            let seed = config
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(i as u64);
            let mut tree = Tree::new(self, config, seed, history);
            tree.search(&root, shares[i], started);
            let root_children = tree.root_children();
            (root_children, tree.iterations, tree.scale)
        };
        // Each thread runs the trees i, i + threads, ...: the trees and their seeds do not depend
        // on the number of threads.
        let mut results: Vec<Option<(Vec<Node>, u64, f32)>> = vec![None; trees];
        if threads == 1 {
            for (i, slot) in results.iter_mut().enumerate() {
                *slot = Some(run_tree(i));
            }
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let run_tree = &run_tree;
                        scope.spawn(move || {
                            (t..trees)
                                .step_by(threads)
                                .map(|i| (i, run_tree(i)))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for handle in handles {
                    for (i, result) in handle.join().expect("a search thread panicked") {
                        results[i] = Some(result);
                    }
                }
            });
        }
        Some(self.combine(mover, &actions, results.into_iter().flatten()))
    }

    /// Adds up the root statistics of the trees, by action.
    fn combine(
        &self,
        mover: u8,
        actions: &[Action],
        trees: impl Iterator<Item = (Vec<Node>, u64, f32)>,
    ) -> SearchResult {
        let mut visits = vec![0u64; actions.len()];
        let mut sums = vec![0f64; actions.len()];
        let mut iterations = 0;
        for (children, n, scale) in trees {
            iterations += n;
            for child in children {
                if let Some(i) = actions.iter().position(|a| *a == child.action) {
                    visits[i] += u64::from(child.visits);
                    sums[i] += f64::from(child.sums[mover as usize & 3] / scale);
                }
            }
        }
        let mut choices: Vec<RootChoice> = (0..actions.len())
            .map(|i| RootChoice {
                action: actions[i],
                visits: visits[i],
                value: if visits[i] == 0 {
                    0.0
                } else {
                    sums[i] / visits[i] as f64
                },
            })
            .collect();
        // Most visited first; then the better value; then the generator's order.
        choices.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        let best = choices[0];
        SearchResult {
            action: best.action,
            win_rate: ((best.value + 1.0) / 2.0).clamp(0.0, 1.0),
            iterations,
            choices,
        }
    }
}

impl<'g, const W: usize> Tree<'g, W> {
    fn new(game: &'g Game<W>, config: &MctsConfig, seed: u64, history: &[u64]) -> Self {
        let mut nodes = Vec::with_capacity(1 << 12);
        nodes.push(Node::new(Action::PASS));
        Tree {
            game,
            nodes,
            rng: seeded_rng(seed),
            actions: Vec::with_capacity(256),
            rollout: Vec::with_capacity(256),
            path: Vec::with_capacity(64),
            history: history.to_vec(),
            exploration: config.exploration,
            playout_limit: config.playout_limit,
            scale: 1.0,
            iterations: 0,
        }
    }

    fn search(&mut self, root: &State<W>, budget: Budget, started: Instant) {
        let base = self.history.len();
        loop {
            match budget {
                Budget::Iterations(n) if self.iterations >= n => break,
                // The clock is read every 16 iterations: reading it costs more than a fast game's
                // iteration.
                Budget::Time(t) if self.iterations.is_multiple_of(16) && started.elapsed() >= t => {
                    break;
                }
                _ => {}
            }
            self.iterate(root, base);
            self.iterations += 1;
        }
    }

    /// The root's children, copied out.
    fn root_children(&self) -> Vec<Node> {
        let root = &self.nodes[0];
        if root.first_child == NO_NODE {
            return Vec::new();
        }
        let first = root.first_child as usize;
        self.nodes[first..first + root.children as usize].to_vec()
    }

    /// One iteration: down the tree, a random playout from the first new node, and the rewards
    /// back up the path.
    fn iterate(&mut self, root: &State<W>, base: usize) {
        let game = self.game;
        let mut state = *root;
        self.history.truncate(base);
        self.path.clear();
        let mut node = 0u32;
        self.path.push(node);
        let rewards = loop {
            if let Some(outcome) =
                game.legal_actions_with_history(&state, &self.history, &mut self.actions)
            {
                break self.rewards(Some(outcome));
            }
            let fresh = self.nodes[node as usize].visits == 0 && node != 0;
            if fresh || (self.nodes[node as usize].first_child == NO_NODE && !self.expand(node)) {
                // A new node (or a full arena): play it out.
                let playout = game.random_playout_from(
                    &state,
                    &mut self.rng,
                    &mut self.rollout,
                    self.playout_limit,
                );
                break self.rewards(playout.outcome);
            }
            let child = if game.is_chance(&state) {
                self.chance_child(node, &state)
            } else {
                self.select(node, state.to_move)
            };
            let action = self.nodes[child as usize].action;
            if !game.is_chance(&state) {
                game.note_position(&mut self.history, &state);
            }
            game.apply(&mut state, &action);
            node = child;
            self.path.push(node);
        };
        for &n in &self.path {
            let n = &mut self.nodes[n as usize];
            n.visits += 1;
            for (sum, r) in n.sums.iter_mut().zip(rewards) {
                *sum += r;
            }
        }
    }

    /// Gives the node a child per legal action (in `self.actions`); false when the arena is full.
    fn expand(&mut self, node: u32) -> bool {
        if self.nodes.len() + self.actions.len() > MAX_NODES {
            return false;
        }
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(self.actions.iter().map(|&a| Node::new(a)));
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.children = self.actions.len() as u32;
        true
    }

    /// A chance node's outcome, drawn with its odds: a roll by the dice's weights, any other
    /// event (a face-down piece turned up) among its equally likely outcomes.
    fn chance_child(&mut self, node: u32, state: &State<W>) -> u32 {
        let n = self.nodes[node as usize];
        if self.game.is_roll_due(state) {
            let roll = self.game.sample_roll(&mut self.rng);
            let found = (n.first_child..n.first_child + n.children)
                .find(|&c| self.nodes[c as usize].action == roll);
            if let Some(c) = found {
                return c;
            }
        }
        n.first_child + self.rng.random_range(0..n.children)
    }

    /// UCT: an unvisited child first (from a random place in the list), else the best mean
    /// reward of the mover plus the exploration term.
    fn select(&mut self, node: u32, mover: u8) -> u32 {
        let n = self.nodes[node as usize];
        let start = self.rng.random_range(0..n.children);
        for k in 0..n.children {
            let c = n.first_child + (start + k) % n.children;
            if self.nodes[c as usize].visits == 0 {
                return c;
            }
        }
        let log_n = f64::from(n.visits.max(1)).ln();
        let scale = f64::from(self.scale);
        let mut best = (f64::NEG_INFINITY, n.first_child);
        for c in n.first_child..n.first_child + n.children {
            let child = &self.nodes[c as usize];
            let visits = f64::from(child.visits);
            let mean = f64::from(child.sums[mover as usize & 3]) / visits / scale;
            let score = mean + self.exploration * (log_n / visits).sqrt();
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// Each player's reward for an outcome: the winner its score, the others as much less
    /// between them; a draw or a playout cut short, nothing.
    fn rewards(&mut self, outcome: Option<Outcome>) -> [f32; 4] {
        let players = self.game.players.len().clamp(1, 4);
        let mut r = [0f32; 4];
        if let Some(Outcome::Win(winner, score)) = outcome {
            let s = score.max(1) as f32;
            self.scale = self.scale.max(s);
            let others = (players - 1).max(1) as f32;
            for (p, reward) in r.iter_mut().enumerate().take(players) {
                *reward = if p == winner as usize { s } else { -s / others };
            }
        }
        r
    }
}
