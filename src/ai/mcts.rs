//! Monte Carlo tree search (UCT) for any game the language describes.
//!
//! - Chance (dice, a face-down piece turned up) is a node of its own whose outcome is drawn with
//!   its real odds, not chosen by the searching player.
//! - Hidden information: the search starts from the mover's view of the position
//!   ([`Game::player_view`]), where a face-down piece is of the kind that hides it and its reveal
//!   is a chance event, so it never reads a hidden value: what it knows is what the mover knows.
//! - Scores (a gammon's 2, Hold pley's points) are maximised: a win counts its score, scaled by
//!   the largest score seen so that the exploration constant fits every game (`scores=false`:
//!   every win counts 1).
//! - Root parallelism over a fixed number of trees (`trees`, 8 unless told): each tree has its own seed and share of the
//!   iterations, threads only decide which tree runs where, so the same seed and iteration budget
//!   give the same move on any number of threads. The trees' root statistics are added up.
//! - A playout cut short by `playout_limit` is judged by the game's `estimate` rules, or by
//!   material (the pieces each player has) where it has none, worth at most half a win, so slow
//!   games still give the search a signal.
//! - A position with one legal action is answered at once, without a search.
//! - With `solver` (MCTS-Solver, Winands, Björnsson and Saito 2008), results that are certain
//!   under best play are proved in the tree and backed up: a node where the mover has a proven win
//!   is a proven win, one where every child is a proven loss is a proven loss (draws likewise).
//!   The search then never wastes iterations on proven moves, plays a forced win at once and
//!   avoids a forced loss that plain averages miss. Chance nodes are never proved, so the solver
//!   is sound in any game, and decisive where the game is deterministic.
//! - Nodes live in one arena per tree and the buffers are reused: once the arena has grown, an
//!   iteration allocates nothing.

use super::spec::{Budget, MctsConfig};
use crate::compile::Game;
use crate::engine::movegen::Outcome;
use crate::engine::playout::{GameRng, seeded_rng};
use crate::model::action::Action;
use crate::model::state::State;
use rand::RngExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What may end a search before its budget is spent: a deadline (a server caps every search in
/// time, an iteration budget included) and a flag raised from elsewhere (a client that left).
/// The search then answers with what it has found so far.
#[derive(Clone, Debug, Default)]
pub struct Limit {
    pub deadline: Option<Instant>,
    pub cancelled: Option<Arc<AtomicBool>>,
}

impl Limit {
    /// Whether the search must stop now.
    pub fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .cancelled
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// The most nodes one tree keeps; past it the tree stops growing and iterations only play out
/// from its leaves (memory stays bounded whatever the budget).
pub const MAX_NODES: usize = 4_000_000;

const NO_NODE: u32 = u32::MAX;

/// `Node::proven` values besides a winner's number.
const UNPROVEN: u8 = u8::MAX;
const PROVEN_DRAW: u8 = u8::MAX - 1;
/// The mover recorded on a path for a chance node.
const CHANCE: u8 = u8::MAX;

/// How much of a win a playout cut short may be worth, when one player has all the material.
const CUT_WEIGHT: f32 = 0.5;

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
    /// With the solver: the player who wins from here under best play, `PROVEN_DRAW`, or
    /// `UNPROVEN`.
    proven: u8,
}

impl Node {
    fn new(action: Action) -> Node {
        Node {
            action,
            sums: [0.0; 4],
            visits: 0,
            first_child: NO_NODE,
            children: 0,
            proven: UNPROVEN,
        }
    }
}

/// A result the solver proved, for the player to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    Win,
    Draw,
    Loss,
}

/// One root action and what the search found of it.
#[derive(Clone, Copy, Debug)]
pub struct RootChoice {
    pub action: Action,
    pub visits: u64,
    /// The mover's mean reward after it, from -1 (every playout lost) to 1 (every one won by the
    /// largest score seen): what the search maximises.
    pub value: f64,
    /// The mover's share of the playouts after it that it won, 0 to 1: a draw counts a half,
    /// and a playout cut short what its standing is worth (a quarter to three quarters). Unlike
    /// `value` it does not depend on the score of the wins.
    pub win_rate: f64,
    /// What the solver proved of it, if anything.
    pub proof: Option<Proof>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The action chosen: a proven win, else the root action visited most that is not a
    /// proven loss.
    pub action: Action,
    /// The mover's estimated chance of winning after it, 0 to 1 (draws counting a half); a half
    /// when it is the only legal action, which is played without a search.
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
    /// The player to move at each node of the path but the last (`CHANCE` at a chance node).
    movers: Vec<u8>,
    history: Vec<u64>,
    exploration: f64,
    playout_limit: u64,
    estimate: bool,
    scores: bool,
    solver: bool,
    /// The largest score of a win seen, for scaling rewards to -1..1.
    scale: f32,
    /// For each child of the root, the root mover's wins in the iterations through it (see
    /// `RootChoice::win_rate`): apart from the rewards, which weigh a win by its score.
    root_wins: Vec<f32>,
    iterations: u64,
}

/// How an iteration ended, for the root mover's tally of wins.
#[derive(Clone, Copy)]
enum Ending {
    Won(u8),
    Drawn,
    /// Cut short: the players' rewards by their standing (`Tree::material_rewards`).
    Cut,
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
        self.mcts_limited(state, history, config, &Limit::default())
    }

    /// [`Game::mcts`], stopped early when `limit` is reached: then the move depends on the
    /// machine and its load, as with a time budget.
    pub fn mcts_limited(
        &self,
        state: &State<W>,
        history: &[u64],
        config: &MctsConfig,
        limit: &Limit,
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
        if let [only] = actions[..] {
            // Nothing to choose: no search can change the move, so none is spent on it.
            return Some(SearchResult {
                action: only,
                win_rate: 0.5,
                iterations: 0,
                choices: vec![RootChoice {
                    action: only,
                    visits: 0,
                    value: 0.0,
                    win_rate: 0.5,
                    proof: None,
                }],
            });
        }
        let (trees, shares): (usize, Vec<Budget>) = match config.budget {
            Budget::Iterations(n) => {
                let trees = config.trees.min(n as usize).max(1);
                let shares = (0..trees)
                    .map(|i| {
                        Budget::Iterations(
                            n / trees as u64 + u64::from((i as u64) < n % trees as u64),
                        )
                    })
                    .collect();
                (trees, shares)
            }
            Budget::Time(t) => {
                let threads = config.threads_to_use();
                (threads, vec![Budget::Time(t); threads])
            }
        };
        let threads = config.threads_to_use().clamp(1, trees);
        let started = Instant::now();
        let run_tree = |i: usize| -> TreeResult {
            let seed = config
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(i as u64);
            let mut tree = Tree::new(self, config, seed, history);
            tree.search(&root, shares[i], started, limit);
            TreeResult {
                root_children: tree.root_children(),
                root_wins: std::mem::take(&mut tree.root_wins),
                iterations: tree.iterations,
                scale: tree.scale,
            }
        };
        // Each thread runs the trees i, i + threads, ...: the trees and their seeds do not depend
        // on the number of threads.
        let mut results: Vec<Option<TreeResult>> = vec![None; trees];
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

    /// What a proof in a node means for `player`.
    fn proof_for(proven: u8, player: u8) -> Option<Proof> {
        match proven {
            UNPROVEN => None,
            PROVEN_DRAW => Some(Proof::Draw),
            winner if winner == player => Some(Proof::Win),
            _ => Some(Proof::Loss),
        }
    }

    /// Adds up the root statistics of the trees, by action.
    fn combine(
        &self,
        mover: u8,
        actions: &[Action],
        trees: impl Iterator<Item = TreeResult>,
    ) -> SearchResult {
        let mut visits = vec![0u64; actions.len()];
        let mut sums = vec![0f64; actions.len()];
        let mut wins = vec![0f64; actions.len()];
        // Proofs are exact, so the trees agree on any they both found.
        let mut proofs = vec![None; actions.len()];
        let mut iterations = 0;
        for tree in trees {
            iterations += tree.iterations;
            for (k, child) in tree.root_children.iter().enumerate() {
                if let Some(i) = actions.iter().position(|a| *a == child.action) {
                    visits[i] += u64::from(child.visits);
                    sums[i] += f64::from(child.sums[mover as usize & 3] / tree.scale);
                    // A child no iteration went through has no tally yet.
                    wins[i] += f64::from(tree.root_wins.get(k).copied().unwrap_or(0.0));
                    proofs[i] = proofs[i].or(Self::proof_for(child.proven, mover));
                }
            }
        }
        let mut choices: Vec<RootChoice> = (0..actions.len())
            .map(|i| RootChoice {
                action: actions[i],
                visits: visits[i],
                value: match proofs[i] {
                    Some(Proof::Win) => 1.0,
                    Some(Proof::Loss) => -1.0,
                    _ if visits[i] == 0 => 0.0,
                    _ => sums[i] / visits[i] as f64,
                },
                win_rate: match proofs[i] {
                    Some(Proof::Win) => 1.0,
                    Some(Proof::Loss) => 0.0,
                    Some(Proof::Draw) => 0.5,
                    None if visits[i] == 0 => 0.5,
                    None => (wins[i] / visits[i] as f64).clamp(0.0, 1.0),
                },
                proof: proofs[i],
            })
            .collect();
        // Proven wins first and proven losses last; then the most visited, the better value and
        // the generator's order.
        let rank = |c: &RootChoice| match c.proof {
            Some(Proof::Win) => 0,
            Some(Proof::Loss) => 2,
            _ => 1,
        };
        choices.sort_by(|a, b| {
            rank(a)
                .cmp(&rank(b))
                .then(b.visits.cmp(&a.visits))
                .then(b.value.total_cmp(&a.value))
        });
        let best = choices[0];
        SearchResult {
            action: best.action,
            win_rate: best.win_rate,
            iterations,
            choices,
        }
    }
}

impl Ending {
    fn of(outcome: Outcome) -> Ending {
        match outcome {
            Outcome::Win(winner, _) => Ending::Won(winner),
            Outcome::Draw => Ending::Drawn,
        }
    }
}

/// What one tree found at its root.
#[derive(Clone)]
struct TreeResult {
    root_children: Vec<Node>,
    root_wins: Vec<f32>,
    iterations: u64,
    scale: f32,
}

impl SearchResult {
    /// The chosen action's prospects in words: proved, or the estimated win rate.
    pub fn prospects(&self) -> String {
        if self.iterations == 0 {
            return "the only legal action".into();
        }
        match self.choices.first().and_then(|c| c.proof) {
            Some(Proof::Win) => "a proven win".into(),
            Some(Proof::Draw) => "a proven draw".into(),
            Some(Proof::Loss) => "a proven loss, whatever is played".into(),
            None => format!("estimated win rate {:.0}%", 100.0 * self.win_rate),
        }
    }
}

impl Proof {
    /// The proof in one word: `win`, `draw` or `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Proof::Win => "win",
            Proof::Draw => "draw",
            Proof::Loss => "loss",
        }
    }
}

impl RootChoice {
    /// The action's prospects in a few characters: `62%`, `win`, `draw` or `loss`.
    pub fn prospects(&self) -> String {
        match self.proof {
            Some(proof) => proof.word().into(),
            None => format!("{:.0}%", 100.0 * self.win_rate),
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
            movers: Vec::with_capacity(64),
            history: history.to_vec(),
            exploration: config.exploration,
            playout_limit: config.playout_limit,
            estimate: config.estimate,
            scores: config.scores,
            solver: config.solver,
            scale: 1.0,
            root_wins: Vec::new(),
            iterations: 0,
        }
    }

    fn search(&mut self, root: &State<W>, budget: Budget, started: Instant, limit: &Limit) {
        let base = self.history.len();
        let limited = limit.deadline.is_some() || limit.cancelled.is_some();
        loop {
            // Read every 16 iterations, as the clock is; at least one iteration is always made,
            // so a stopped search still has a move to give.
            if limited
                && self.iterations > 0
                && self.iterations.is_multiple_of(16)
                && limit.reached()
            {
                break;
            }
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
            if self.nodes[0].proven != UNPROVEN {
                // The root is proved: more iterations cannot change the choice.
                break;
            }
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
        self.movers.clear();
        let mut node = 0u32;
        self.path.push(node);
        let (rewards, ending) = loop {
            // An expanded node was not over when it was expanded, and its position (history
            // included) is the same on every visit, fixed by the path: its actions are not listed
            // again.
            let expanded = self.nodes[node as usize].first_child != NO_NODE;
            debug_assert!(
                !expanded || self.children_are_still_the_actions(node, &state),
                "an expanded node's actions changed between visits"
            );
            if !expanded
                && let Some(outcome) =
                    game.legal_actions_with_history(&state, &self.history, &mut self.actions)
            {
                if self.solver {
                    self.nodes[node as usize].proven = match outcome {
                        Outcome::Win(winner, _) => winner,
                        Outcome::Draw => PROVEN_DRAW,
                    };
                }
                break (self.rewards(Some(outcome)), Ending::of(outcome));
            }
            let proven = self.nodes[node as usize].proven;
            if proven != UNPROVEN {
                let ending = match proven {
                    PROVEN_DRAW => Ending::Drawn,
                    winner => Ending::Won(winner),
                };
                break (self.proven_rewards(proven), ending);
            }
            let fresh = self.nodes[node as usize].visits == 0 && node != 0;
            if fresh || (self.nodes[node as usize].first_child == NO_NODE && !self.expand(node)) {
                // A new node (or a full arena): play it out.
                let playout = game.random_playout_in_place(
                    &mut state,
                    &mut self.rng,
                    &mut self.rollout,
                    self.playout_limit,
                );
                break match playout.outcome {
                    Some(outcome) => (self.rewards(Some(outcome)), Ending::of(outcome)),
                    None => (self.material_rewards(&state), Ending::Cut),
                };
            }
            let chance = game.is_chance(&state);
            let child = if chance {
                self.chance_child(node, &state)
            } else {
                self.select(node, state.to_move)
            };
            self.movers
                .push(if chance { CHANCE } else { state.to_move });
            let action = self.nodes[child as usize].action;
            if !chance {
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
        if let (Some(&child), Some(&mover)) = (self.path.get(1), self.movers.first()) {
            let won = match ending {
                Ending::Won(winner) => f32::from(u8::from(winner == mover)),
                Ending::Drawn => 0.5,
                Ending::Cut => 0.5 + 0.5 * rewards[mover as usize & 3],
            };
            let first = self.nodes[0].first_child;
            if self.root_wins.len() < self.nodes[0].children as usize {
                self.root_wins.resize(self.nodes[0].children as usize, 0.0);
            }
            self.root_wins[(child - first) as usize] += won;
        }
        if self.nodes[node as usize].proven != UNPROVEN {
            self.back_up_proof();
        }
    }

    /// Whether the node's position, listed again, has the actions its children were made from
    /// (what lets `iterate` skip listing them).
    fn children_are_still_the_actions(&mut self, node: u32, state: &State<W>) -> bool {
        let over = self
            .game
            .legal_actions_with_history(state, &self.history, &mut self.actions);
        let n = self.nodes[node as usize];
        let children = &self.nodes[n.first_child as usize..(n.first_child + n.children) as usize];
        over.is_none() && self.actions.iter().eq(children.iter().map(|c| &c.action))
    }

    /// Proves what the last iteration's proof at its leaf proves above it, as far as it goes.
    fn back_up_proof(&mut self) {
        for i in (0..self.movers.len()).rev() {
            let mover = self.movers[i];
            if mover == CHANCE {
                // A chance node's result is an average, never certain unless every outcome is:
                // left unproved, which is sound.
                return;
            }
            let node = self.path[i];
            let proven = self.proof_of(node, mover);
            if proven == UNPROVEN {
                return;
            }
            self.nodes[node as usize].proven = proven;
        }
    }

    /// The proof of an expanded node from its children's: a win if the mover has a winning
    /// child; once every child is proved, a draw if one is a draw, else the winner if all
    /// children are won by the same player (with more than two players the mover's choice among
    /// other winners is not forced, so that stays unproved).
    fn proof_of(&self, node: u32, mover: u8) -> u8 {
        let n = self.nodes[node as usize];
        if n.first_child == NO_NODE {
            return UNPROVEN;
        }
        let mut all_proved = true;
        let mut draw = false;
        let mut winner = None;
        let mut same_winner = true;
        for c in n.first_child..n.first_child + n.children {
            match self.nodes[c as usize].proven {
                p if p == mover => return mover,
                UNPROVEN => all_proved = false,
                PROVEN_DRAW => draw = true,
                w => {
                    same_winner &= winner.is_none_or(|x| x == w);
                    winner = Some(w);
                }
            }
        }
        match (all_proved, draw, winner) {
            (false, _, _) => UNPROVEN,
            (true, true, _) => PROVEN_DRAW,
            (true, false, Some(w)) if same_winner => w,
            _ => UNPROVEN,
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

    /// UCT: a proven win at once, else an unvisited child (from a random place in the list),
    /// else the best mean reward of the mover plus the exploration term, a proved child counting
    /// its exact value without exploration.
    fn select(&mut self, node: u32, mover: u8) -> u32 {
        let n = self.nodes[node as usize];
        let children = n.first_child..n.first_child + n.children;
        if self.solver
            && let Some(c) = children
                .clone()
                .find(|&c| self.nodes[c as usize].proven == mover)
        {
            return c;
        }
        let start = self.rng.random_range(0..n.children);
        for k in 0..n.children {
            let c = n.first_child + (start + k) % n.children;
            let child = &self.nodes[c as usize];
            if child.visits == 0 && child.proven == UNPROVEN {
                return c;
            }
        }
        let log_n = f64::from(n.visits.max(1)).ln();
        let scale = f64::from(self.scale);
        let mut best = (f64::NEG_INFINITY, n.first_child);
        for c in children {
            let child = &self.nodes[c as usize];
            let score = match child.proven {
                UNPROVEN => {
                    let visits = f64::from(child.visits);
                    let mean = f64::from(child.sums[mover as usize & 3]) / visits / scale;
                    mean + self.exploration * (log_n / visits).sqrt()
                }
                PROVEN_DRAW => 0.0,
                _ => -1.0,
            };
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
            let s = if self.scores {
                score.max(1) as f32
            } else {
                1.0
            };
            self.scale = self.scale.max(s);
            let others = (players - 1).max(1) as f32;
            for (p, reward) in r.iter_mut().enumerate().take(players) {
                *reward = if p == winner as usize { s } else { -s / others };
            }
        }
        r
    }

    /// The rewards of a proved node: its winner wins by one, a draw is nothing.
    fn proven_rewards(&mut self, proven: u8) -> [f32; 4] {
        match proven {
            PROVEN_DRAW => [0.0; 4],
            winner => self.rewards(Some(Outcome::Win(winner, 1))),
        }
    }

    /// The rewards of a playout cut short, from how each player stands at its end: by the
    /// game's `estimate` rules, else by material (every piece counts one); see `CUT_WEIGHT`.
    /// Even standing, or a game whose material never changes and that gives no estimate, gives
    /// nothing, as a draw would.
    fn material_rewards(&self, state: &State<W>) -> [f32; 4] {
        let players = self.game.players.len().clamp(1, 4);
        let mut material = [0f32; 4];
        let estimated = self
            .estimate
            .then(|| self.game.estimated_standing(state))
            .flatten();
        for (p, m) in material.iter_mut().enumerate().take(players) {
            *m = match estimated {
                Some(standing) => standing[p] as f32,
                None => state.pieces_in_play(p as u8) as f32,
            };
        }
        let total: f32 = material.iter().sum();
        let mut r = [0f32; 4];
        if players < 2 {
            return r;
        }
        let others = (players - 1) as f32;
        for p in 0..players {
            let theirs = (total - material[p]) / others;
            // An estimate may be negative: the magnitudes keep the reward within CUT_WEIGHT.
            let scale = (material[p].abs() + theirs.abs()).max(1.0);
            r[p] = CUT_WEIGHT * (material[p] - theirs) / scale;
        }
        r
    }
}
