//! A game's task, its one writer: the [`Actor`] with its clients, its command loop, and what it does with a
//! client's message, a move, another instance's change and the presence it shares with them.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use plunder_core::{PlayError, Seat, Status, Stops, Viewer};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use super::connection::{ByteAllowance, Outbox, TokenBucket};
use super::schedule::{Clock, Pace};
use super::{load_table, read_seating, Command, Hub, HubError, Seating};
use crate::messages::{ClientMessage, ServerMessage};
use crate::store::{Backend, Change, ChatLine, StoreError};
use crate::table::Table;

#[derive(Debug)]
pub(super) struct Client {
    pub(super) viewer: Viewer,
    /// Where it connects from (its chat counts toward that address's allowance).
    pub(super) address: IpAddr,
    pub(super) out: mpsc::Sender<ServerMessage>,
    pub(super) outbox: Arc<Outbox>,
    /// Bytes of `sync` answers this client may still be sent (`Limits::sync_bytes_per_second`).
    sync_allowance: ByteAllowance,
    /// How many lines of its viewer's log this client has been sent: later tables carry only the lines after.
    pub(super) log_sent: usize,
}

/// The one writer of one game.
pub(super) struct Actor {
    pub(super) hub: Arc<Hub>,
    pub(super) id: String,
    pub(super) seating: Arc<Seating>,
    pub(super) table: Box<dyn Table>,
    pub(super) clients: HashMap<u64, Client>,
    /// The latest lines of the table's chat as stored (`Limits::chat_history_lines`), once read (`None` until
    /// a client joins, and again after another instance changed the game).
    pub(super) chat: Option<VecDeque<ChatLine>>,
    /// The number of the next chat line this task has not seen (`None` until it reads the chat).
    pub(super) chat_next: Option<usize>,
    /// Chat lines this game still takes (`Limits::chat_per_game`).
    pub(super) chat_allowance: TokenBucket,
    pub(super) clocks: Option<Vec<Clock>>,
    /// When the next bot move (or pass taken for a seat, see `auto_pass`) is due.
    pub(super) bot_due: Option<Instant>,
    /// The version at which bots are thinking, on a thread of the bot budget; their moves wait meanwhile.
    pub(super) thinking: Option<usize>,
    /// The line this game's bots wait in for the bot budget, one game at a time, shared by the games its creator's
    /// address started ([`Hub::bot_line`]); `None` for a game loaded again (whose creator is not kept).
    pub(super) bot_line: Option<Arc<tokio::sync::Semaphore>>,
    /// How many bots failed each seat (see [`Actor::bot_for`]): the next plays for it.
    pub(super) bot_failures: Vec<u8>,
    /// Shared with the hub's [`Running`](super::Running): another instance's change was not queued.
    pub(super) missed_change: Arc<AtomicBool>,
    /// The seats whose forced passes the server takes for them (`ClientMessage::AutoPass`).
    pub(super) auto_pass: Vec<bool>,
    /// Each seat's stops (`ClientMessage::Stops`): with `mine`, the server passes for it in windows that do not
    /// concern it.
    pub(super) stops: Vec<Stops>,
    /// Each seat's pace: how long it takes over its own choices, and when its pass for it is due.
    pub(super) paces: Vec<Pace>,
    pub(super) rematch: Option<String>,
    /// By seat: whether it has a connection to another instance (PostgreSQL), as last read from the store.
    pub(super) connected_elsewhere: Vec<bool>,
    /// By seat: whether the store says it has a connection to this instance (as last published).
    published_here: Vec<bool>,
}

impl Actor {
    pub(super) async fn load(hub: Arc<Hub>, id: &str) -> Result<Actor, HubError> {
        let seating = read_seating(&hub.store, id).await?;
        let spec = &seating.spec;
        let table = load_table(&hub.store, id, spec).await?;
        // A timed game's banks come back as stored with its last move (a seat's clock then starts again from
        // there: time while no server ran is not charged).
        let stored = match spec.time_bank_secs {
            Some(_) => hub.store.banks(id).await?.filter(|banks| banks.len() == spec.seats.len()),
            None => None,
        };
        let rematch = match hub.store.game_spec(&crate::token::rematch_id(id)).await {
            Ok(_) => Some(crate::token::rematch_id(id)),
            Err(_) => None,
        };
        let elsewhere = hub.store.seats_connected_elsewhere(id).await?;
        let mut actor = Actor::new(hub, id, Arc::new(seating), table, stored, rematch, None);
        for seat in elsewhere {
            if let Some(connected) = actor.connected_elsewhere.get_mut(seat) {
                *connected = true;
            }
        }
        Ok(actor)
    }

    /// The task of game `id` at `table`, with the time banks `stored` with its last move (full if `None`).
    pub(super) fn new(
        hub: Arc<Hub>,
        id: &str,
        seating: Arc<Seating>,
        table: Box<dyn Table>,
        stored: Option<Vec<u64>>,
        rematch: Option<String>,
        bot_line: Option<Arc<tokio::sync::Semaphore>>,
    ) -> Actor {
        let clocks = seating.spec.time_bank_secs.map(|secs| {
            (0..seating.spec.seats.len())
                .map(|seat| Clock {
                    bank: stored.as_ref().map_or(Duration::from_secs(secs), |b| Duration::from_millis(b[seat])),
                    running_since: None,
                })
                .collect()
        });
        let chat_allowance = hub.config.limits.chat_per_game.bucket();
        let seats = seating.spec.seats.len();
        let mut actor = Actor {
            hub,
            id: id.to_string(),
            seating,
            table,
            clients: HashMap::new(),
            chat: None,
            chat_next: None,
            chat_allowance,
            clocks,
            bot_due: None,
            thinking: None,
            bot_line,
            bot_failures: vec![0; seats],
            missed_change: Arc::new(AtomicBool::new(false)),
            auto_pass: vec![false; seats],
            stops: vec![Stops::All; seats],
            paces: (0..seats).map(|_| Pace::default()).collect(),
            rematch,
            connected_elsewhere: vec![false; seats],
            published_here: vec![false; seats],
        };
        actor.after_change();
        actor
    }

    /// Whether `viewer` may open one more socket: a spectator while the game has fewer than
    /// `max_sockets_per_game`, a seat while it holds fewer than `max_sockets_per_seat` (so spectators never lock
    /// a player out of their own game).
    fn room_for(&self, viewer: Viewer) -> Result<(), HubError> {
        let limits = &self.hub.config.limits;
        match viewer {
            Viewer::Spectator if self.clients.len() >= limits.max_sockets_per_game => Err(HubError::Full),
            Viewer::Seat(_)
                if self.clients.values().filter(|c| c.viewer == viewer).count() >= limits.max_sockets_per_seat =>
            {
                Err(HubError::SeatFull)
            }
            _ => Ok(()),
        }
    }

    pub(super) async fn run(mut self, mut commands: mpsc::Receiver<Command>, sender: mpsc::WeakSender<Command>) {
        loop {
            // Whatever happened last (a join, a leave, a client dropped as too slow), the other instances learn
            // which seats are here.
            self.publish_presence().await;
            if self.missed_change.swap(false, Ordering::Acquire) {
                self.on_changed(Change::Anything).await;
            }
            let deadline = self.next_deadline();
            // Nobody here and nothing due but a clock (a seat's time bank running out when nobody watches, which
            // may take hours): the game may leave memory, its clocks stopped where they are.
            let idle = self.clients.is_empty() && self.thinking.is_none() && self.next_deadline_but_clocks().is_none();
            let unload_at = idle
                .then(|| Instant::now() + self.hub.config.unload_after)
                .filter(|at| deadline.is_none_or(|deadline| *at < deadline));
            let command = match (unload_at, deadline) {
                (Some(at), _) => tokio::select! {
                    command = commands.recv() => command,
                    () = tokio::time::sleep_until(at.into()) => {
                        if self.keep_clocks().await && self.unload(&mut commands, &sender) {
                            return;
                        }
                        continue;
                    }
                },
                (None, Some(at)) => tokio::select! {
                    command = commands.recv() => command,
                    () = tokio::time::sleep_until(at.into()) => {
                        self.on_deadline(&sender).await;
                        continue;
                    }
                },
                (None, None) => commands.recv().await,
            };
            let Some(command) = command else { return };
            match command {
                Command::Join { viewer, address, out, outbox, reply } => {
                    self.join(viewer, address, out, outbox, reply).await;
                }
                Command::BotsChose { version, choices } => self.on_bots_chose(version, choices).await,
                Command::Leave { client } => {
                    if self.clients.remove(&client).is_some() {
                        self.broadcast_table();
                    }
                }
                Command::Message { client, message } => self.on_message(client, message).await,
                Command::Changed(change) => self.on_changed(change).await,
                Command::Rematch { game } => {
                    self.rematch = Some(game);
                    self.broadcast_table();
                }
                Command::Summary { reply } => {
                    let _ = reply.send(self.summary());
                }
            }
        }
    }

    /// A client joins (unless the game has no room for its viewer): it gets the whole table and the chat's
    /// latest lines, and everyone else a table that shows it connected.
    async fn join(
        &mut self,
        viewer: Viewer,
        address: IpAddr,
        out: mpsc::Sender<ServerMessage>,
        outbox: Arc<Outbox>,
        reply: oneshot::Sender<Result<u64, HubError>>,
    ) {
        if let Err(refused) = self.room_for(viewer) {
            let _ = reply.send(Err(refused));
            return;
        }
        let client = self.hub.next_client_id();
        if self.chat.is_none() {
            let lines = self.hub.config.limits.chat_history_lines;
            if let Ok((latest, next)) = self.hub.store.latest_chat(&self.id, lines).await {
                self.chat = Some(VecDeque::from(latest));
                self.chat_next = Some(next);
            }
        }
        let log_sent = self.table.log(viewer).len();
        let sync_allowance = ByteAllowance::new(self.hub.config.limits.sync_bytes_per_second);
        let joined = Client { viewer, address, out, outbox, sync_allowance, log_sent };
        self.clients.insert(client, joined);
        // Its first table sees it connected, as the others' next one does.
        self.send_to(client, self.table_message(viewer, 0));
        let lines = self.chat.iter().flatten().cloned().collect();
        self.send_to(client, ServerMessage::ChatHistory { lines });
        let _ = reply.send(Ok(client));
        self.broadcast_table_except(Some(client));
    }

    /// Before a timed game leaves memory: its running clocks' banks, charged with the time used so far, are stored,
    /// so that the next load goes on from them (its clocks start again then). Whether the game may leave: not if
    /// they could not be stored (the clocks stay here, running).
    async fn keep_clocks(&mut self) -> bool {
        let Some(clocks) = &self.clocks else { return true };
        if clocks.iter().all(|clock| clock.running_since.is_none()) {
            return true;
        }
        let banks: Vec<u64> = clocks
            .iter()
            .map(|clock| {
                let used = clock.running_since.map_or(Duration::ZERO, |since| since.elapsed());
                clock.bank.saturating_sub(used).as_millis() as u64
            })
            .collect();
        // Not stored because the game moved on elsewhere: the next load reads that move's banks.
        self.hub.store.keep_banks(&self.id, self.table.version(), &banks).await.is_ok()
    }

    /// Stops this task if nothing arrived meanwhile: the game leaves the hub's map first (under its lock), so
    /// the next request loads it from storage, where everything it did is.
    fn unload(&mut self, commands: &mut mpsc::Receiver<Command>, sender: &mpsc::WeakSender<Command>) -> bool {
        let mut games = self.hub.games.lock().expect("the games map is never poisoned");
        if !commands.is_empty() {
            return false;
        }
        let ours = match (games.get(&self.id), sender.upgrade()) {
            (Some(listed), Some(me)) => listed.commands.same_channel(&me),
            _ => false,
        };
        if ours {
            games.remove(&self.id);
        }
        // A command sent after this point fails at its sender, who then loads the game anew; one that slipped
        // in before is dropped unanswered, and its sender asks again.
        commands.close();
        while commands.try_recv().is_ok() {}
        true
    }

    async fn on_message(&mut self, client: u64, message: ClientMessage) {
        let Some(viewer) = self.clients.get(&client).map(|c| c.viewer) else { return };
        match message {
            ClientMessage::Sync => {
                // A whole table can be large (hundreds of KB): a connection gets so many bytes of them a second,
                // and a refused one is never built.
                let Some(c) = self.clients.get_mut(&client) else { return };
                if !c.sync_allowance.has_some() {
                    let limit = self.hub.config.limits.sync_bytes_per_second;
                    let refusal = format!("a connection is sent at most {limit} bytes of resyncs a second; ask again");
                    self.send_to(client, ServerMessage::error("rate_limited", refusal));
                    return;
                }
                let table = self.table_message(viewer, 0);
                if let Some(c) = self.clients.get_mut(&client) {
                    c.sync_allowance.spend(table.queued_bytes());
                }
                self.send_to(client, table);
                let log_sent = self.table.log(viewer).len();
                if let Some(c) = self.clients.get_mut(&client) {
                    c.log_sent = log_sent;
                }
            }
            ClientMessage::Chat { text, name } => self.on_chat(client, viewer, text, name).await,
            ClientMessage::AutoPass { on } => {
                let Viewer::Seat(seat) = viewer else {
                    self.send_to(client, ServerMessage::error("spectator", "spectators have no passes to take"));
                    return;
                };
                let Some(flag) = self.auto_pass.get_mut(seat.index()) else { return };
                if *flag != on {
                    *flag = on;
                    // A pass now due (or no longer due) changes what the seat is asked.
                    self.after_change();
                    self.broadcast_table();
                }
            }
            ClientMessage::Stops { stops } => {
                let Viewer::Seat(seat) = viewer else {
                    self.send_to(client, ServerMessage::error("spectator", "spectators have no passes to take"));
                    return;
                };
                let Some(held) = self.stops.get_mut(seat.index()) else { return };
                if *held != stops {
                    *held = stops;
                    self.after_change();
                    self.broadcast_table();
                }
            }
            ClientMessage::Act { action } => {
                let Viewer::Seat(seat) = viewer else {
                    self.send_to(client, ServerMessage::error("spectator", "spectators cannot act"));
                    return;
                };
                // The time taken joins the seat's pace before the move, so a pass it owes next waits as long.
                let now = Instant::now();
                if self.deciding().contains(&seat) {
                    if let Some(pace) = self.paces.get_mut(seat.index()) {
                        pace.chose(now);
                    }
                }
                if let Err(answer) = self.act(seat, &action).await {
                    // Refused: a seat that still owes its decision owes it from now.
                    let owes = self.deciding().contains(&seat);
                    if let Some(pace) = self.paces.get_mut(seat.index()).filter(|_| owes) {
                        pace.asked_since.get_or_insert(now);
                    }
                    self.send_to(client, answer);
                }
            }
        }
    }

    /// Another instance changed the game: only what changed is read, and this instance's clients are told. (Its
    /// own changes are never announced to it: it has them.)
    async fn on_changed(&mut self, change: Change) {
        let mut table_changed = false;
        if matches!(change, Change::Chat | Change::Anything) {
            self.catch_up_chat().await;
        }
        if matches!(change, Change::Presence | Change::Anything) {
            table_changed |= self.read_presence().await;
        }
        match change {
            Change::Events { version } if version <= self.table.version() => {}
            Change::Events { .. } | Change::Anything => {
                if self.catch_up_events().await {
                    self.after_change();
                    table_changed = true;
                }
            }
            Change::Chat | Change::Presence => {}
        }
        if table_changed {
            self.broadcast_table();
        }
    }

    /// Plays `action` for `seat`, stores it, and tells everyone; or answers why not.
    pub(super) async fn act(&mut self, seat: Seat, action: &Value) -> Result<(), ServerMessage> {
        let version = self.table.version();
        let deciding = self.deciding();
        if let Err(e) = self.table.play(seat, action) {
            return Err(self.rejection(&e));
        }
        let banks = self.charged_banks(&deciding);
        let banks_ms: Option<Vec<u64>> =
            banks.as_ref().map(|banks| banks.iter().map(|b| b.as_millis().min(u64::MAX as u128) as u64).collect());
        let events = self.table.entries_since(version);
        match self.hub.store.append_with_banks(&self.id, version, &events, banks_ms.as_deref()).await {
            Ok(()) => {
                if self.table.session().status() == Status::Over {
                    // Nobody may join a finished game; its rematch opens them again. (Should this fail, the
                    // lobby's list closes them when it finds the game over.)
                    let _ = self.hub.store.close_open_seats(&self.id).await;
                }
                self.set_banks(&deciding, banks);
                self.after_change();
                self.broadcast_table();
                Ok(())
            }
            // Another instance moved first. The action was chosen for a position that is gone, so it is not
            // replayed on the new one: everyone gets the new table and the seat chooses again.
            Err(StoreError::Conflict) => {
                self.reload().await;
                self.after_change();
                self.broadcast_table();
                Err(ServerMessage::Rejected {
                    code: "stale".to_string(),
                    reason: "the table changed before this move was stored; choose again".to_string(),
                    rules: format!("/rules/{}", self.seating.spec.game),
                    rule: None,
                })
            }
            Err(e) => {
                // Nothing stored, so nothing happened: go back to what the database holds.
                self.reload().await;
                Err(ServerMessage::error("storage", format!("the move was not stored: {e}")))
            }
        }
    }

    /// Why `e` refused a move, with the rule it comes from when it is a rule of the game.
    fn rejection(&self, e: &PlayError) -> ServerMessage {
        let rule = match e {
            PlayError::Illegal { reason } => crate::rules::cite(&self.seating.spec.game, reason),
            _ => None,
        };
        ServerMessage::Rejected {
            code: e.code().to_string(),
            reason: e.to_string(),
            rules: format!("/rules/{}", self.seating.spec.game),
            rule,
        }
    }

    /// Applies the events other instances stored after those this table holds, reading only those (one indexed
    /// range read, however long the game); on a gap or an event that does not apply, rebuilds the table from the
    /// whole record instead. Says whether the table changed.
    async fn catch_up_events(&mut self) -> bool {
        let before = self.table.version();
        let followed = match self.hub.store.events(&self.id, before).await {
            Ok(events) if events.is_empty() => return false,
            Ok(events) => self.table.follow(&events).is_ok(),
            Err(_) => false,
        };
        if !followed {
            self.reload().await;
        }
        self.table.version() != before
    }

    /// By seat: whether it has a connection to this instance.
    fn connected_here(&self) -> Vec<bool> {
        let mut here = vec![false; self.seating.spec.seats.len()];
        for client in self.clients.values() {
            if let Some(connected) = client.viewer.seat().and_then(|seat| here.get_mut(seat.index())) {
                *connected = true;
            }
        }
        here
    }

    /// Tells the store (PostgreSQL) which seats are connected here, when that changed since it was last told. A
    /// failed write is tried again after the next command, and the heartbeat keeps what was told alive.
    async fn publish_presence(&mut self) {
        if self.hub.store.backend() != Backend::Postgres {
            return;
        }
        let here = self.connected_here();
        if here == self.published_here {
            return;
        }
        let seats: Vec<usize> = here.iter().enumerate().filter(|(_, &on)| on).map(|(seat, _)| seat).collect();
        if self.hub.store.publish_presence(&self.id, &seats, self.hub.config.presence_expiry).await.is_ok() {
            self.published_here = here;
        }
    }

    /// Reads which seats other instances have connected; says whether that changed.
    async fn read_presence(&mut self) -> bool {
        let Ok(seats) = self.hub.store.seats_connected_elsewhere(&self.id).await else { return false };
        let mut elsewhere = vec![false; self.seating.spec.seats.len()];
        for seat in seats {
            if let Some(connected) = elsewhere.get_mut(seat) {
                *connected = true;
            }
        }
        let changed = elsewhere != self.connected_elsewhere;
        self.connected_elsewhere = elsewhere;
        changed
    }

    /// Rebuilds the table from the database; says whether it changed.
    async fn reload(&mut self) -> bool {
        let before = self.table.version();
        match load_table(&self.hub.store, &self.id, &self.seating.spec).await {
            Ok(table) => {
                self.table = table;
                self.table.version() != before
            }
            Err(_) => false,
        }
    }
}
