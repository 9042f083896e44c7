//! A client's connection to a game and what limits it: the [`Connection`] itself (size, rate and shape checks
//! on what it sends), its [`Outbox`] (what is queued for it), the play sockets counted per client address, the
//! token buckets behind every rate, and the byte allowance of `sync` answers.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::mpsc;

use super::chat::{chat_text_is_plain, visible, MAX_INVISIBLE_IN_CHAT, MAX_MARKS_ON_ONE};
use super::{Command, Limits, Rate};
use crate::messages::{ClientMessage, ServerMessage};

/// An allowance per client address.
#[derive(Debug, Default)]
pub(super) struct PerAddress(Mutex<HashMap<IpAddr, TokenBucket>>);

impl PerAddress {
    /// Takes one from `address`'s allowance (full at `rate` for an address not seen), if it has one left.
    pub(super) fn take(&self, address: IpAddr, rate: Rate) -> bool {
        /// Addresses kept before those with a full allowance (as if never seen) are forgotten.
        const KEPT_ADDRESSES: usize = 4096;
        let mut buckets = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() >= KEPT_ADDRESSES && !buckets.contains_key(&address) {
            buckets.retain(|_, bucket| !bucket.is_full());
        }
        buckets.entry(address).or_insert_with(|| rate.bucket()).take()
    }

    /// Returns one to `address`'s allowance, taken for something that then did not happen.
    pub(super) fn give_back(&self, address: IpAddr) {
        let mut buckets = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(bucket) = buckets.get_mut(&address) {
            bucket.give_back();
        }
    }
}

/// Allows `burst` messages at once and `per_second` on average.
#[derive(Debug)]
pub(super) struct TokenBucket {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl TokenBucket {
    pub(super) fn new(burst: u32, per_second: f64) -> TokenBucket {
        TokenBucket { tokens: burst as f64, burst: burst as f64, per_second, last: Instant::now() }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second).min(self.burst);
        self.last = now;
    }

    /// Whether a message may go now (without taking it).
    pub(super) fn has_token(&mut self) -> bool {
        self.refill();
        self.tokens >= 1.0
    }

    fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }

    pub(super) fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Returns one taken for something that then did not happen.
    fn give_back(&mut self) {
        self.refill();
        self.tokens = (self.tokens + 1.0).min(self.burst);
    }
}

/// What is queued for one client, in bytes: the game's task adds a message's bytes as it queues it, the
/// connection takes them away as it takes the message. The task drops a client whose queue would pass
/// `Limits::outbox_bytes` (or `outbox` messages) and says so here, waking its socket even mid-write.
#[derive(Debug)]
pub(crate) struct Outbox {
    bytes: AtomicUsize,
    too_slow: AtomicBool,
    dropped: tokio::sync::Notify,
    /// The hub's total ([`Hub::queued_bytes`](super::Hub::queued_bytes)).
    total: Arc<AtomicUsize>,
}

impl Outbox {
    pub(super) fn new(total: Arc<AtomicUsize>) -> Outbox {
        Outbox { bytes: AtomicUsize::new(0), too_slow: AtomicBool::new(false), dropped: Default::default(), total }
    }

    /// Charges `bytes` for one more message unless the queue would pass `limit` (an empty queue takes any
    /// message). Only the game's task charges, so the check and the charge do not race with another charge.
    pub(super) fn charge(&self, bytes: usize, limit: usize) -> bool {
        let queued = self.bytes.load(Ordering::Acquire);
        if queued > 0 && queued.saturating_add(bytes) > limit {
            return false;
        }
        self.bytes.fetch_add(bytes, Ordering::AcqRel);
        self.total.fetch_add(bytes, Ordering::Relaxed);
        true
    }

    pub(super) fn release(&self, bytes: usize) {
        self.bytes.fetch_sub(bytes, Ordering::AcqRel);
        self.total.fetch_sub(bytes, Ordering::Relaxed);
    }

    pub(super) fn drop_as_too_slow(&self) {
        self.too_slow.store(true, Ordering::Release);
        self.dropped.notify_one();
    }

    /// Whether the game dropped this client for reading too slowly.
    pub(crate) fn is_too_slow(&self) -> bool {
        self.too_slow.load(Ordering::Acquire)
    }

    /// Waits until the game drops this client as too slow.
    pub(crate) async fn dropped(&self) {
        while !self.is_too_slow() {
            self.dropped.notified().await;
        }
    }
}

/// One client's connection to one game: what it sends goes to the game's task, what the task says for this
/// viewer arrives in `inbox`. Dropping it leaves the table.
#[derive(Debug)]
pub struct Connection {
    pub(super) client: u64,
    pub(super) game: mpsc::Sender<Command>,
    pub(super) inbox: mpsc::Receiver<ServerMessage>,
    pub(super) outbox: Arc<Outbox>,
    pub(super) limits: Limits,
    pub(super) bucket: TokenBucket,
    /// Counted against its client address (none for a connection made in process).
    pub(super) _place: Option<AddressPlace>,
}

/// One play socket counted against its client address, given back when the connection is dropped.
#[derive(Debug)]
pub(super) struct AddressPlace {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl AddressPlace {
    pub(super) fn take(
        counts: &Arc<Mutex<HashMap<IpAddr, usize>>>,
        address: IpAddr,
        most: usize,
    ) -> Option<AddressPlace> {
        let mut open = counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let held = open.entry(address).or_insert(0);
        if *held >= most {
            return None;
        }
        *held += 1;
        Some(AddressPlace { counts: counts.clone(), address })
    }
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut open = self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(held) = open.get_mut(&self.address) {
            *held -= 1;
            if *held == 0 {
                open.remove(&self.address);
            }
        }
    }
}

impl Connection {
    /// Handles one text message from the client: checks size, rate and shape; an answer for a message
    /// refused here is returned (the game never sees it).
    pub async fn handle_text(&mut self, text: &str) -> Option<ServerMessage> {
        if text.len() > self.limits.max_message_bytes {
            return Some(ServerMessage::error(
                "too_large",
                format!("a message has at most {} bytes", self.limits.max_message_bytes),
            ));
        }
        if !self.bucket.take() {
            return Some(ServerMessage::error(
                "rate_limited",
                format!("at most {} messages a second; this one was dropped", self.limits.per_second),
            ));
        }
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(e) => return Some(ServerMessage::error("malformed", e.to_string())),
        };
        if let ClientMessage::Chat { text, name } = &message {
            if text.chars().count() > self.limits.max_chat_chars || !text.chars().any(visible) {
                return Some(ServerMessage::error(
                    "bad_chat",
                    format!("a chat line has 1 to {} characters, some of them visible", self.limits.max_chat_chars),
                ));
            }
            if !chat_text_is_plain(text) {
                return Some(ServerMessage::error(
                    "bad_chat",
                    format!(
                        "a chat line is one line of text: no control or direction characters, at most \
                         {MAX_INVISIBLE_IN_CHAT} invisible ones (as joined emoji use) and {MAX_MARKS_ON_ONE} \
                         accents on one letter"
                    ),
                ));
            }
            let max = crate::messages::MAX_NAME_CHARS;
            if name.as_ref().is_some_and(|n| n.chars().count() > max || !n.chars().all(|c| visible(c) || c == ' ')) {
                return Some(ServerMessage::error(
                    "bad_name",
                    format!("a nickname has at most {max} characters, letters and signs with single spaces"),
                ));
            }
        }
        self.send(message).await
    }

    /// Sends a well-formed message to the game (no limits checked: for the server's own use and tests).
    pub async fn send(&mut self, message: ClientMessage) -> Option<ServerMessage> {
        match self.game.send(Command::Message { client: self.client, message }).await {
            Ok(()) => None,
            Err(_) => Some(ServerMessage::error("game_gone", "the game's task stopped")),
        }
    }

    /// The next message for this client; `None` once the game dropped it (too slow: see
    /// [`Connection::is_too_slow`]) or stopped.
    pub async fn recv(&mut self) -> Option<ServerMessage> {
        if self.outbox.is_too_slow() {
            self.discard_queue();
            return None;
        }
        let message = self.inbox.recv().await?;
        self.outbox.release(message.queued_bytes());
        Some(message)
    }

    /// Whether the game dropped this client because its queue passed `Limits::outbox_bytes` (or `outbox`
    /// messages) unread.
    pub fn is_too_slow(&self) -> bool {
        self.outbox.is_too_slow()
    }

    /// Bytes queued for this client and not taken yet.
    pub fn queued_bytes(&self) -> usize {
        self.outbox.bytes.load(Ordering::Relaxed)
    }

    pub(crate) fn outbox(&self) -> Arc<Outbox> {
        self.outbox.clone()
    }

    /// Closes the queue and frees what is in it (a message queued later fails, and its sender uncharges it).
    fn discard_queue(&mut self) {
        self.inbox.close();
        while let Ok(message) = self.inbox.try_recv() {
            self.outbox.release(message.queued_bytes());
        }
    }

    /// The limits this connection was opened under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A message already waiting, if any.
    pub fn try_recv(&mut self) -> Option<ServerMessage> {
        if self.outbox.is_too_slow() {
            self.discard_queue();
            return None;
        }
        let message = self.inbox.try_recv().ok()?;
        self.outbox.release(message.queued_bytes());
        Some(message)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.discard_queue();
        let _ = self.game.try_send(Command::Leave { client: self.client });
    }
}

/// Bytes a client may be sent of something limited by bytes a second: up to two seconds' worth is kept, and
/// while any is left a message is sent whatever its size (so the allowance may be overdrawn by one message and
/// is paid back before the next).
#[derive(Debug)]
pub(super) struct ByteAllowance {
    bytes: f64,
    per_second: f64,
    last: Instant,
}

impl ByteAllowance {
    pub(super) fn new(per_second: usize) -> ByteAllowance {
        let per_second = per_second as f64;
        ByteAllowance { bytes: 2.0 * per_second, per_second, last: Instant::now() }
    }

    pub(super) fn has_some(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.bytes = (self.bytes + earned).min(2.0 * self.per_second);
        self.last = now;
        self.bytes > 0.0
    }

    pub(super) fn spend(&mut self, bytes: usize) {
        self.bytes -= bytes as f64;
    }
}
