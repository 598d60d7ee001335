//! How an action becomes part of a game: prepared against the position, committed to the
//! store, then played in memory and announced, in that order, under the game's writer lock.
//! A store that says another server was first is read again ([`Server::catch_up`]); one that
//! fails leaves the game as it was.
//!
//! The machines' and chance's actions are played by one driver per game, their work done on
//! the pool. A game only machines play moves at the server's pace and only while watched.

use super::games::Match;
use super::pool::Priority;
use super::store::{Append, Status, StoreError};
use super::table::{Next, Step};
use super::{ApiError, Server, Shared};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How often a server sharing its store looks for games whose machines no server plays.
const TAKE_UP_EVERY: Duration = Duration::from_secs(2);

/// How often a person's move is tried again when other servers keep moving the game first.
const TRIES: usize = 3;

impl Step {
    fn append(&self, id: &str) -> Append {
        Append {
            id: id.to_string(),
            at: self.at,
            token: self.token.clone(),
            status: self.status,
            result: self.result.clone(),
            now: super::store::now(),
        }
    }
}

impl Server {
    /// Plays a stored action in memory and tells the watchers.
    fn commit(&self, m: &Match, step: &Step) {
        m.table().commit(step);
        m.acted.store(super::store::now(), Ordering::Relaxed);
        let _ = m.changed.send(());
    }

    /// A person's move from `seat`, acknowledged only once stored.
    pub(super) async fn person_moves(
        self: &Shared,
        m: &Arc<Match>,
        seat: usize,
        typed: &str,
        seen: Option<usize>,
    ) -> Result<(), ApiError> {
        for _ in 0..TRIES {
            let writing = m.writing.lock().await;
            let actions = m.table().actions();
            if seen.is_some_and(|seen| seen != actions) {
                return Err(ApiError::conflict(format!(
                    "the game has moved on: {actions} actions now, not {}",
                    seen.unwrap_or(0)
                )));
            }
            let step = m
                .table()
                .prepare_person(seat, typed)
                .map_err(ApiError::conflict)?;
            match self.store.append(step.append(&m.id)).await {
                Ok(()) => {
                    self.commit(m, &step);
                    drop(writing);
                    self.kick(m);
                    return Ok(());
                }
                Err(StoreError::Conflict(_)) => self.catch_up_locked(m).await?,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ApiError::conflict(
            "the game kept changing while this move was stored: look again and move",
        ))
    }

    /// Reads the actions another server stored since this one's last, and plays them.
    pub(super) async fn catch_up(&self, m: &Match) -> Result<(), ApiError> {
        let _writing = m.writing.lock().await;
        self.catch_up_locked(m).await
    }

    async fn catch_up_locked(&self, m: &Match) -> Result<(), ApiError> {
        let from = m.table().actions();
        let Some(since) = self.store.since(&m.id, from).await? else {
            return Ok(());
        };
        let changed = !since.tokens.is_empty() || since.status != m.status();
        for (i, token) in since.tokens.iter().enumerate() {
            let prepared = m.table().prepare(from + i, token);
            match prepared {
                Ok(step) => m.table().commit(&step),
                Err(e) => {
                    eprintln!(
                        "tabula serve: game {}: stored action {} `{token}` cannot be played: {e}",
                        m.id,
                        from + i
                    );
                    break;
                }
            }
        }
        if since.status != Status::Live {
            m.table().close(since.status);
        }
        if changed {
            m.acted.store(super::store::now(), Ordering::Relaxed);
            let _ = m.changed.send(());
        }
        Ok(())
    }

    /// Whether a machine or chance is to move in `m` and someone is there to see it.
    fn needs_driving(&self, m: &Match) -> bool {
        let machine_next = m.table().next_is_machine();
        machine_next && (!m.unattended || m.watched())
    }

    /// Starts the game's driver if a machine is to move and none is driving.
    pub(super) fn kick(self: &Shared, m: &Arc<Match>) {
        if self.needs_driving(m) && !m.driving.swap(true, Ordering::AcqRel) {
            tokio::spawn(self.clone().drive(m.clone()));
        }
    }

    /// When a game is looked at: it counts as watched, and a machine that should be moving and
    /// is not (a game of another server that stopped, say) is started here.
    pub(super) fn looked_at(self: &Shared, m: &Arc<Match>) {
        m.touch();
        self.kick(m);
    }

    async fn drive(self: Shared, m: Arc<Match>) {
        loop {
            // Where servers share the store, one at a time plays a game's machines.
            let shared = self.store.is_shared();
            let claimed = !shared || self.store.claim(&m.id).await.unwrap_or(false);
            if claimed {
                self.drive_while_needed(&m).await;
                if shared {
                    let _ = self.store.release(&m.id).await;
                }
            }
            m.driving.store(false, Ordering::Release);
            // A watcher or a move that came while the driver stopped would be missed otherwise.
            if !claimed || !self.needs_driving(&m) || m.driving.swap(true, Ordering::AcqRel) {
                return;
            }
        }
    }

    async fn drive_while_needed(&self, m: &Match) {
        let mut failures = 0u32;
        loop {
            if m.unattended {
                if !m.watched() {
                    return;
                }
                tokio::time::sleep(self.settings.machine_pace).await;
            }
            let next = m.table().next(self.pool.threads());
            let Next::Work { at, weight, work } = next else {
                return;
            };
            let priority = match m.unattended {
                true => Priority::Machines,
                false => Priority::Person,
            };
            let Some(token) = self.pool.run(weight, priority, work).await else {
                return;
            };
            let writing = m.writing.lock().await;
            let Ok(step) = m.table().prepare(at, &token) else {
                // The game moved on while this was thought: think again.
                continue;
            };
            match self.store.append(step.append(&m.id)).await {
                Ok(()) => {
                    self.commit(m, &step);
                    failures = 0;
                }
                Err(StoreError::Conflict(_)) => {
                    let _ = self.catch_up_locked(m).await;
                }
                Err(e) => {
                    drop(writing);
                    eprintln!("tabula serve: game {}: {e}", m.id);
                    failures += 1;
                    let wait = Duration::from_secs(1 << failures.min(5));
                    tokio::time::sleep(wait).await;
                }
            }
        }
    }

    /// Abandons the live games idle past `expire_after` (kept in the store as abandoned) and
    /// lets go of finished games no one looks at.
    async fn expire(&self) {
        let now = super::store::now();
        let limit = self.settings.expire_after.as_secs() as i64;
        for m in self.held() {
            if m.status() != Status::Live || now - m.acted.load(Ordering::Relaxed) <= limit {
                continue;
            }
            let _writing = m.writing.lock().await;
            match self.store.close(&m.id, Status::Abandoned, now).await {
                Ok(()) => {
                    m.table().close(Status::Abandoned);
                    let _ = m.changed.send(());
                    self.forget(&m);
                }
                Err(e) => eprintln!("tabula serve: game {} not abandoned: {e}", m.id),
            }
        }
        self.forget_finished();
    }

    /// Plays the changes other servers announce to the games held here: the announcements
    /// that came meanwhile taken together, each game read once, all at once.
    async fn follow(self: Shared, mut notices: tokio::sync::mpsc::UnboundedReceiver<String>) {
        while let Some(first) = notices.recv().await {
            let mut ids = std::collections::HashSet::from([first]);
            while let Ok(more) = notices.try_recv() {
                ids.insert(more);
            }
            let everything = ids.contains(super::store::EVERYTHING);
            let reading: Vec<_> = self
                .held()
                .into_iter()
                .filter(|m| everything || ids.contains(&m.id))
                .map(|m| {
                    let server = self.clone();
                    tokio::spawn(async move {
                        if let Err(e) = server.catch_up(&m).await {
                            eprintln!("tabula serve: game {}: {}", m.id, e.1);
                        }
                    })
                })
                .collect();
            for read in reading {
                let _ = read.await;
            }
        }
    }

    /// The server's own tasks: the drivers of games a machine is to move, expiry, and
    /// following other servers.
    pub(super) fn start_background(self: Shared) {
        for m in self.held() {
            self.kick(&m);
        }
        let every = (self.settings.expire_after / 10)
            .clamp(Duration::from_secs(1), Duration::from_secs(60));
        let server = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            loop {
                tick.tick().await;
                server.expire().await;
            }
        });
        if let Some(notices) = self.store.take_notices() {
            tokio::spawn(self.clone().follow(notices));
            // A game whose machines another server played, until it stopped or its watchers
            // left, is taken up here.
            let server = self.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(TAKE_UP_EVERY);
                loop {
                    tick.tick().await;
                    for m in server.held() {
                        server.kick(&m);
                    }
                }
            });
        }
    }
}
