//! What a game's task tells its clients: its public summary, each viewer's table (and nothing else about the
//! game), shared among the clients that see the same, and the queuing that drops a client too slow to read.

use std::collections::HashMap;
use std::time::Duration;

use plunder_core::{Seat, Status, Viewer};
use tokio::sync::mpsc;

use super::actor::Actor;
use super::Summary;
use crate::messages::{LegalActions, Role, SeatInfo, ServerMessage, StatusInfo, TableMessage};

impl Actor {
    pub(super) fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            game: self.seating.spec.game.clone(),
            version: self.table.version(),
            status: self.status_info(),
            seats: self.seat_infos(),
            rematch: self.rematch.clone(),
            fairness: self.seating.spec.fairness.clone(),
            house_rules: self.seating.terms.house_rules.clone(),
            custom_content: self.seating.terms.custom_content.clone(),
        }
    }

    fn status_info(&self) -> StatusInfo {
        match self.table.session().status() {
            Status::Decide(seats) => StatusInfo::Decide { seats: seats.iter().map(|s| s.0).collect() },
            Status::Chance => StatusInfo::Chance,
            Status::Over => StatusInfo::Over { outcome: self.table.session().outcome() },
        }
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        let out = self.table.session().out();
        (0..self.seating.spec.seats.len())
            .map(|index| SeatInfo {
                out: out.contains(Seat(index as u8)),
                player: self.seating.spec.seats[index].clone(),
                connected: self.connected_elsewhere[index]
                    || self.clients.values().any(|c| c.viewer == Viewer::Seat(Seat(index as u8))),
                bank_secs: self.clocks.as_ref().map(|clocks| {
                    let clock = &clocks[index];
                    let used = clock.running_since.map_or(Duration::ZERO, |since| since.elapsed());
                    clock.bank.saturating_sub(used).as_secs_f64()
                }),
            })
            .collect()
    }

    /// The table as `viewer` sees it: its view, its legal actions, its log from line `log_from` on (at most the
    /// last [`crate::messages::LOG_LINES`]). Nothing else about the game.
    pub(super) fn table_message(&self, viewer: Viewer, log_from: usize) -> ServerMessage {
        let session = self.table.session();
        let log = self.table.log(viewer);
        let log_start = log.len().saturating_sub(crate::messages::LOG_LINES).max(log_from.min(log.len()));
        let (you, legal) = match viewer {
            // A move the server is about to take for the seat (a pass, its only move) is not asked of it.
            Viewer::Seat(seat) if self.taken_for(seat).is_some() => (Role::Seat { seat: seat.0 }, LegalActions::none()),
            Viewer::Seat(seat) => (Role::Seat { seat: seat.0 }, self.table.legal(seat)),
            Viewer::Spectator => (Role::Spectator, LegalActions::none()),
        };
        ServerMessage::Table(Box::new(TableMessage {
            id: self.id.clone(),
            game: self.seating.spec.game.clone(),
            version: self.table.version(),
            you,
            status: self.status_info(),
            round: session.round(),
            seats: self.seat_infos(),
            view: self.table.view_json(viewer),
            legal,
            log: log[log_start..].to_vec(),
            log_start,
            events: self.table.log_events(viewer)[log_start..].to_vec(),
            notes: self.table.notes(viewer),
            rematch: self.rematch.clone(),
            fairness: self.seating.spec.fairness.clone(),
            house_rules: self.seating.terms.house_rules.clone(),
            custom_content: self.seating.terms.custom_content.is_some(),
            stops: session.stops_matter(),
        }))
    }

    /// Sends every client its viewer's table, with the log lines it has not had yet. Clients that need the same
    /// message share one build of it (cloned only for the second and later).
    pub(super) fn broadcast_table(&mut self) {
        self.broadcast_table_except(None);
    }

    /// [`Actor::broadcast_table`] to every client but `except` (a newcomer that has its table already).
    pub(super) fn broadcast_table_except(&mut self, except: Option<u64>) {
        let mut groups: HashMap<(Option<Seat>, usize), (Viewer, Vec<u64>)> = HashMap::new();
        for (id, client) in self.clients.iter().filter(|(id, _)| Some(**id) != except) {
            let group = groups.entry((client.viewer.seat(), client.log_sent)).or_insert((client.viewer, Vec::new()));
            group.1.push(*id);
        }
        for ((_, log_sent), (viewer, ids)) in groups {
            let mut message = Some(self.table_message(viewer, log_sent));
            let log_len = self.table.log(viewer).len();
            let last = ids.len() - 1;
            for (index, id) in ids.into_iter().enumerate() {
                if let Some(c) = self.clients.get_mut(&id) {
                    c.log_sent = log_len;
                }
                let this = if index == last { message.take() } else { message.clone() };
                if let Some(this) = this {
                    self.send_to(id, this);
                }
            }
        }
    }

    /// Queues `message` for `client`; a client too slow to keep its queue short (in messages and in bytes) is
    /// dropped (it resyncs when it reconnects), so one slow socket never holds the game up nor the server's
    /// memory.
    pub(super) fn send_to(&mut self, client: u64, message: ServerMessage) {
        let Some(c) = self.clients.get(&client) else { return };
        let bytes = message.queued_bytes();
        if !c.outbox.charge(bytes, self.hub.config.limits.outbox_bytes) {
            c.outbox.drop_as_too_slow();
            self.clients.remove(&client);
            return;
        }
        match c.out.try_send(message) {
            Ok(()) => {}
            Err(refused) => {
                c.outbox.release(bytes);
                if matches!(refused, mpsc::error::TrySendError::Full(_)) {
                    c.outbox.drop_as_too_slow();
                }
                self.clients.remove(&client);
            }
        }
    }
}
