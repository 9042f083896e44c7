//! Serving the application over TCP with limits, so that no client can hold the server's resources forever:
//! HTTP/1.1 (hyper) over a `TcpListener` loop, with a header-read timeout, an idle timeout on every socket, a
//! request-body read timeout, TCP keepalive, and caps on concurrent connections per client address and in all.

use std::collections::{BTreeSet, HashMap};
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::http::Request;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::AppState;

/// How the server treats connections (`plunder serve`'s connection flags).
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// A request's head (request line and headers) must arrive within this long of the server waiting for it,
    /// on a new connection and between requests of a kept-alive one.
    pub header_read_timeout: Duration,
    /// A request's body must arrive within this long of its head.
    pub body_read_timeout: Duration,
    /// A socket (HTTP or WebSocket) on which no byte moves either way for this long is closed.
    pub idle_timeout: Duration,
    /// Idle time before the kernel probes a silent peer (TCP keepalive), so a vanished machine's socket ends.
    pub tcp_keepalive: Duration,
    /// Open connections at most, from everyone; over it a new connection is answered 503 and closed.
    pub max_connections: usize,
    /// Open connections at most from one IP address; over it a new connection from that address is answered 503
    /// and closed, and other addresses are served as before.
    pub max_connections_per_address: usize,
    /// Reverse proxies in front of the server: a connection from one of them is not held to the per-address cap
    /// (every player comes through it), and its requests' client address is read from `X-Forwarded-For`.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(120),
            tcp_keepalive: Duration::from_secs(60),
            // Below the common open-file limit of 1024, leaving room for the database's files.
            max_connections: 900,
            max_connections_per_address: 64,
            trusted_proxies: Vec::new(),
        }
    }
}

/// The address a request came from, put in every request's extensions by [`serve_with`] (the play socket
/// reads it for the chat's limits per address; a request made in process has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl ClientAddress {
    /// What the limits per address count this client as: [`limited_as`] its address.
    pub fn limited_as(self) -> IpAddr {
        limited_as(self.0)
    }
}

/// The address the limits per client address count `address` under: an IPv6 client by its /64 network (a
/// subscriber's prefix: it may take any address in it at will), an IPv4 client, or an IPv4-mapped IPv6 one, by
/// its IPv4 address.
pub fn limited_as(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(v6.to_bits() & !((1u128 << 64) - 1))),
        },
    }
}

/// Marks a request that came through a trusted proxy (in its extensions).
#[derive(Clone, Copy, Debug)]
pub struct ViaTrustedProxy;

/// Serves `app(state)` on `listener` with `config`'s limits until the process is stopped.
pub async fn serve_with(listener: TcpListener, state: AppState, config: ServeConfig) -> io::Result<()> {
    let counts = Arc::new(ConnectionCounts::new(config.max_connections, config.max_connections_per_address));
    // The access log prints a line per request; a connection closed before its first whole request (silent,
    // idle, a half-sent head) gets one too, so an attack by connections alone shows in the log.
    let access_log = state.config().site.access_log;
    let refusals = Arc::new(tokio::sync::Semaphore::new(MAX_PENDING_REFUSALS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(config.header_read_timeout).max_buf_size(MAX_HEAD_BYTES);
    let body_timeout = config.body_read_timeout;
    let service = crate::app(state).map_request(move |request: Request<Incoming>| {
        request.map(|body| Body::new(TimedBody::new(body, body_timeout)))
    });
    loop {
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                // Out of file descriptors, most likely: wait for some to close rather than spin.
                eprintln!("plunder: accepting a connection failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let proxied = config.trusted_proxies.contains(&peer.ip());
        let Some(slot) = counts.admit(limited_as(peer.ip()), proxied) else {
            refuse(socket, &refusals);
            continue;
        };
        // Messages are small and answer one another: with Nagle's algorithm a second small write (a handshake's
        // answer then the first table) waits for the peer's delayed acknowledgement, tens of milliseconds.
        let _ = socket.set_nodelay(true);
        let keepalive = socket2::TcpKeepalive::new().with_time(config.tcp_keepalive).with_interval(KEEPALIVE_INTERVAL);
        let _ = socket2::SockRef::from(&socket).set_tcp_keepalive(&keepalive);
        let slot_id = slot.id;
        let io = TokioIo::new(Watched::new(socket, config.idle_timeout, slot));
        let trusted = config.trusted_proxies.clone();
        let connection_counts = counts.clone();
        let requested = Arc::new(AtomicBool::new(false));
        let any_request = requested.clone();
        let service = service.clone().map_request(move |mut request: Request<Incoming>| {
            any_request.store(true, Ordering::Relaxed);
            let address = if proxied { forwarded_client(request.headers(), &trusted) } else { None };
            if let Some(client) = address {
                connection_counts.reassign(slot_id, limited_as(client));
            }
            request.extensions_mut().insert(ClientAddress(address.unwrap_or(peer.ip())));
            if proxied {
                request.extensions_mut().insert(ViaTrustedProxy);
            }
            request
        });
        let connection = http.serve_connection(io, TowerToHyperService::new(service)).with_upgrades();
        let opened = Instant::now();
        tokio::spawn(async move {
            let ended = connection.await;
            if access_log && !requested.load(Ordering::Relaxed) {
                let how = ended.err().map_or_else(|| "closed".to_string(), |e| error_words(&e));
                println!("{} (no request) {how} after {:.1}ms", peer.ip(), opened.elapsed().as_secs_f64() * 1000.0);
            }
        });
    }
}

/// A connection's error in a few words (hyper's own, then its cause's: "idle too long", "closed to make
/// room"), on one line.
fn error_words(error: &hyper::Error) -> String {
    let cause = std::error::Error::source(error).map(|c| format!(": {c}")).unwrap_or_default();
    format!("{error}{cause}").replace(['\n', '\r'], " ")
}

/// The client behind trusted proxies: the right-most `X-Forwarded-For` address that is not itself a trusted
/// proxy (those left of it were written by the client and prove nothing), or `None` without one.
fn forwarded_client(headers: &axum::http::HeaderMap, trusted: &[IpAddr]) -> Option<IpAddr> {
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect();
    for hop in hops.iter().rev() {
        // With its port, where a proxy writes one: `203.0.113.7:5555`, `[2001:db8::1]:443`.
        let hop = hop.trim();
        let address: IpAddr =
            hop.parse().ok().or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|with_port| with_port.ip()))?;
        if !trusted.contains(&address) {
            return Some(address);
        }
    }
    None
}

/// The most a connection's read buffer holds, so the longest request head (hyper's default is about 400 KiB: a
/// thousand half-sent heads held 400 MiB). A browser's head is a few KiB.
const MAX_HEAD_BYTES: usize = 32 * 1024;

/// Time between TCP keepalive probes once they start.
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(10);

/// Refused connections being answered at once; more are closed without an answer.
const MAX_PENDING_REFUSALS: usize = 64;

/// How long a refused connection is kept to deliver its answer.
const REFUSAL_LINGER: Duration = Duration::from_secs(1);

fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    )
}

/// Answers a connection over a cap with 503 and closes it, without reading its request. The answer is written
/// at once (it fits the socket's buffer); the socket is then kept briefly and drained, since closing it with
/// unread input would reset it and the client might lose the answer.
fn refuse(socket: TcpStream, refusals: &Arc<tokio::sync::Semaphore>) {
    let _ = socket.try_write(REFUSAL.as_bytes());
    let Ok(permit) = refusals.clone().try_acquire_owned() else { return };
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut socket = socket;
        let _ = socket.shutdown().await;
        let mut sink = [0u8; 1024];
        let drain = async {
            let mut read = 0;
            while read < 16 * 1024 {
                match socket.read(&mut sink).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => read += n,
                }
            }
        };
        let _ = tokio::time::timeout(REFUSAL_LINGER, drain).await;
        drop(permit);
    });
}

const REFUSAL: &str = concat!(
    "HTTP/1.1 503 Service Unavailable\r\n",
    "content-type: application/json\r\n",
    "retry-after: 10\r\n",
    "connection: close\r\n",
    "content-length: 96\r\n",
    "\r\n",
    r#"{"error":{"code":"too_many_connections","message":"too many open connections; try again later"}}"#,
);

/// Open connections, in all and per address.
struct ConnectionCounts {
    max_total: usize,
    max_per_address: usize,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    /// Each address's connections (by number, oldest first), those being closed to make room left out.
    per_address: HashMap<IpAddr, BTreeSet<u64>>,
    /// Connections that have sent nothing yet, oldest first.
    silent: BTreeSet<u64>,
    /// The sender that closes each connection, to make room.
    closers: HashMap<u64, tokio::sync::oneshot::Sender<()>>,
    /// The address each open connection counts as.
    owner: HashMap<u64, IpAddr>,
    next: u64,
}

impl Open {
    /// The connection to close to make room for a newcomer from an address that holds `held`: the oldest that
    /// has sent nothing yet, or else the newest of the addresses holding the most, if they hold more than the
    /// newcomer's would with it: a newcomer from an address with fewer connections gets one, and a player's
    /// long-held socket is closed last (a flood's sockets are the newer ones). `None`: no room can be made
    /// fairly (as many addresses as the cap, each with one connection, still fill it: the total cap is the
    /// limit of what one server can hold).
    fn to_close(&self, held: usize) -> Option<u64> {
        if let Some(&oldest) = self.silent.first() {
            return Some(oldest);
        }
        let (holds, newest) = self.per_address.values().filter_map(|ids| Some((ids.len(), *ids.last()?))).max()?;
        (holds > held + 1).then_some(newest)
    }

    /// Counts connection `id` from now on as `address`'s (a proxy's connection, once its request says whose).
    fn reassign(&mut self, id: u64, address: IpAddr) {
        let Some(from) = self.owner.get(&id).copied().filter(|from| *from != address) else { return };
        if let Some(ids) = self.per_address.get_mut(&from) {
            ids.remove(&id);
            if ids.is_empty() {
                self.per_address.remove(&from);
            }
        }
        // (One being closed to make room is no longer counted anywhere.)
        if self.closers.contains_key(&id) {
            self.per_address.entry(address).or_default().insert(id);
        }
        self.owner.insert(id, address);
    }

    /// Forgets connection `id` as one that can be closed to make room (it is closing, or closed).
    fn forget(&mut self, id: u64) {
        self.silent.remove(&id);
        self.closers.remove(&id);
        let Some(&address) = self.owner.get(&id) else { return };
        if let Some(ids) = self.per_address.get_mut(&address) {
            ids.remove(&id);
            if ids.is_empty() {
                self.per_address.remove(&address);
            }
        }
    }
}

impl ConnectionCounts {
    fn new(max_total: usize, max_per_address: usize) -> ConnectionCounts {
        ConnectionCounts { max_total, max_per_address, open: Mutex::new(Open::default()) }
    }

    /// A slot for a new connection from `address` (as [`limited_as`] counts it), or `None` over a cap; a trusted
    /// proxy's connections count only towards the total. At the total cap a connection is closed to make room
    /// ([`Open::to_close`]): the oldest silent one, or else the oldest of the address holding the most. So
    /// sockets from many addresses, each under its own cap, cannot lock everyone out, silent or not.
    fn admit(self: &Arc<Self>, address: IpAddr, proxy: bool) -> Option<Slot> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let held = open.per_address.get(&address).map_or(0, BTreeSet::len);
        if !proxy && held >= self.max_per_address {
            return None;
        }
        if open.total >= self.max_total {
            // (Its slot is given back when its task sees the close, a moment later.)
            let victim = open.to_close(held)?;
            if let Some(close) = open.closers.remove(&victim) {
                let _ = close.send(());
            }
            open.forget(victim);
        }
        open.total += 1;
        let id = open.next;
        open.next += 1;
        open.per_address.entry(address).or_default().insert(id);
        open.owner.insert(id, address);
        open.silent.insert(id);
        let (close, closed) = tokio::sync::oneshot::channel();
        open.closers.insert(id, close);
        Some(Slot { counts: self.clone(), id, closed: Some(closed), made_room: false, spoken: false })
    }

    /// Counts connection `id` from now on as `address`'s: a trusted proxy's connection, once its request names
    /// the client, so that making room is fair between the clients behind the proxy too.
    fn reassign(&self, id: u64, address: IpAddr) {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).reassign(id, address);
    }
}

/// One counted connection; dropped with its socket (an upgraded socket keeps it for the WebSocket's life).
struct Slot {
    counts: Arc<ConnectionCounts>,
    id: u64,
    /// Fires when the connection is closed to make room (then `None`, with `made_room`).
    closed: Option<tokio::sync::oneshot::Receiver<()>>,
    made_room: bool,
    /// Whether the connection has sent a byte.
    spoken: bool,
}

impl Slot {
    /// The connection sent its first bytes: it is no longer among the silent ones, closed first to make room.
    fn spoke(&mut self) {
        if !self.spoken {
            self.spoken = true;
            let mut open = self.counts.open.lock().unwrap_or_else(|e| e.into_inner());
            open.silent.remove(&self.id);
        }
    }

    /// Ready once the connection was closed to make room.
    fn poll_closed(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        if let Some(Poll::Ready(told)) = self.closed.as_mut().map(|closed| Pin::new(closed).poll(cx)) {
            // (A receiver is never polled again once it has answered.)
            self.closed = None;
            self.made_room = told.is_ok();
        }
        if self.made_room {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total -= 1;
        open.forget(self.id);
        open.owner.remove(&self.id);
    }
}

/// A socket that fails with `TimedOut` once no byte has moved either way for `idle`, noticed whenever a read or
/// a write waits. It holds the connection's slot.
struct Watched {
    socket: TcpStream,
    idle: Duration,
    last_active: Instant,
    /// Made the first time an operation waits, then moved as the socket is used.
    timer: Option<Pin<Box<Sleep>>>,
    slot: Slot,
}

impl Watched {
    fn new(socket: TcpStream, idle: Duration, slot: Slot) -> Watched {
        Watched { socket, idle, last_active: Instant::now(), timer: None, slot }
    }

    fn touch(&mut self) {
        self.last_active = Instant::now();
    }

    /// Ready with an error once the socket has been idle too long (called when an operation is pending).
    fn poll_idle(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let deadline = self.last_active + self.idle;
        let timer = self.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if timer.deadline() != deadline {
            timer.as_mut().reset(deadline);
        }
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long")),
            Poll::Pending => Poll::Pending,
        }
    }

    fn after_write(&mut self, cx: &mut Context<'_>, result: Poll<io::Result<usize>>) -> Poll<io::Result<usize>> {
        match result {
            Poll::Ready(Ok(written)) => {
                if written > 0 {
                    self.touch();
                }
                Poll::Ready(Ok(written))
            }
            Poll::Pending => self.poll_idle(cx).map(Err),
            failed => failed,
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.socket).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.touch();
                    this.slot.spoke();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => {
                if this.slot.poll_closed(cx).is_ready() {
                    let closed =
                        io::Error::new(io::ErrorKind::ConnectionAborted, "closed to make room for another client");
                    return Poll::Ready(Err(closed));
                }
                this.poll_idle(cx).map(Err)
            }
            failed => failed,
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.socket).poll_write(cx, buf);
        this.after_write(cx, result)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.socket).poll_write_vectored(cx, bufs);
        this.after_write(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.socket.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().socket).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().socket).poll_shutdown(cx)
    }
}

/// A request body that fails once it has taken longer than its limit to arrive.
struct TimedBody {
    body: Incoming,
    limit: Duration,
    deadline: Instant,
    /// Made the first time the body is waited for (most requests have no body, or all of it at once).
    timer: Option<Pin<Box<Sleep>>>,
}

impl TimedBody {
    fn new(body: Incoming, limit: Duration) -> TimedBody {
        TimedBody { body, limit, deadline: Instant::now() + limit, timer: None }
    }
}

/// A request body that did not arrive in time.
#[derive(Debug)]
struct BodyTimedOut(Duration);

impl std::fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the request body did not arrive within {} s", self.0.as_secs_f64())
    }
}

impl std::error::Error for BodyTimedOut {}

impl HttpBody for TimedBody {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.body).poll_frame(cx) {
            Poll::Ready(frame) => Poll::Ready(frame.map(|frame| frame.map_err(Into::into))),
            Poll::Pending => {
                let deadline = this.deadline;
                let timer = this.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Some(Err(BodyTimedOut(this.limit).into()))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_states_its_body_length() {
        let (head, body) = REFUSAL.split_once("\r\n\r\n").unwrap();
        assert!(head.ends_with(&format!("\r\ncontent-length: {}", body.len())), "{head}");
    }

    /// A slot for a connection that has sent its request (never closed to make room).
    fn spoken(counts: &Arc<ConnectionCounts>, address: IpAddr, proxy: bool) -> Option<Slot> {
        let mut slot = counts.admit(address, proxy)?;
        slot.spoke();
        Some(slot)
    }

    #[test]
    fn slots_are_counted_per_address_and_in_all_and_given_back_when_dropped() {
        let counts = Arc::new(ConnectionCounts::new(3, 2));
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let first = spoken(&counts, a, false).unwrap();
        let _second = spoken(&counts, a, false).unwrap();
        assert!(counts.admit(a, false).is_none(), "a third from one address is over its cap");
        let _third = spoken(&counts, b, false).unwrap();
        assert!(counts.admit(b, false).is_none(), "the fourth in all is over the global cap");
        drop(first);
        assert!(counts.admit(a, false).is_some(), "a closed connection gives its slot back");
    }

    #[test]
    fn a_trusted_proxy_is_held_to_the_total_cap_only() {
        let counts = Arc::new(ConnectionCounts::new(3, 1));
        let proxy: IpAddr = [10, 0, 0, 9].into();
        let held: Vec<Slot> = (0..3).map(|_| spoken(&counts, proxy, true).expect("under the total")).collect();
        assert!(counts.admit(proxy, true).is_none(), "over the total cap");
        drop(held);
    }

    #[test]
    fn at_the_total_cap_the_oldest_silent_slot_is_closed_for_a_newcomer() {
        let counts = Arc::new(ConnectionCounts::new(3, 10));
        let a: IpAddr = [10, 0, 0, 1].into();
        let mut oldest = counts.admit(a, false).unwrap();
        let _talker = spoken(&counts, a, false).unwrap();
        let mut younger = counts.admit(a, false).unwrap();
        let mut cx = Context::from_waker(std::task::Waker::noop());
        assert!(oldest.poll_closed(&mut cx).is_pending());
        let _newcomer = counts.admit(a, false).expect("room is made");
        assert!(oldest.poll_closed(&mut cx).is_ready(), "the oldest silent one is told to close");
        assert!(younger.poll_closed(&mut cx).is_pending(), "the younger stays");
        drop(oldest);
        younger.spoke();
        let mut another = counts.admit(a, false).expect("the newcomer, still silent, makes room");
        another.spoke();
        assert!(counts.admit(a, false).is_none(), "only connections that spoke are left: no room");
    }

    #[test]
    fn at_the_total_cap_the_address_holding_the_most_makes_room_for_one_holding_fewer() {
        let counts = Arc::new(ConnectionCounts::new(6, 4));
        let (a, b, c): (IpAddr, IpAddr, IpAddr) = ([10, 0, 0, 1].into(), [10, 0, 0, 2].into(), [10, 0, 0, 3].into());
        let mut of_a: Vec<Slot> = (0..3).map(|_| spoken(&counts, a, false).unwrap()).collect();
        let mut of_b: Vec<Slot> = (0..3).map(|_| spoken(&counts, b, false).unwrap()).collect();
        let mut cx = Context::from_waker(std::task::Waker::noop());
        let _newcomer = spoken(&counts, c, false).expect("a newcomer from a third address gets in");
        assert!(of_b[2].poll_closed(&mut cx).is_ready(), "the newest of the addresses holding the most is closed");
        assert!(of_a.iter_mut().chain(&mut of_b[..2]).all(|slot| slot.poll_closed(&mut cx).is_pending()));
        assert!(of_b[2].poll_closed(&mut cx).is_ready(), "and stays told");
        drop(of_b.remove(2));
        // a holds 3, b and c 2 and 1: a second newcomer from c closes a's newest, never its oldest.
        let _second = spoken(&counts, c, false).expect("c still holds fewer than a");
        assert!(of_a[2].poll_closed(&mut cx).is_ready());
        assert!(of_a[0].poll_closed(&mut cx).is_pending(), "the long-held socket stays");
        drop(of_a.remove(2));
        // Now a, b and c hold 2 each: no address holds more than a newcomer's would, so none is closed.
        assert!(counts.admit(a, false).is_none());
        assert!(counts.admit(c, false).is_none());
        let d: IpAddr = [10, 0, 0, 4].into();
        assert!(counts.admit(d, false).is_some(), "a fourth address still gets in");
    }

    #[test]
    fn behind_a_proxy_room_is_made_between_the_clients_it_names() {
        let counts = Arc::new(ConnectionCounts::new(4, 2));
        let proxy: IpAddr = [10, 0, 0, 9].into();
        let (flood, player): (IpAddr, IpAddr) = ([203, 0, 113, 1].into(), [203, 0, 113, 2].into());
        let mut held: Vec<Slot> = (0..4).map(|_| spoken(&counts, proxy, true).unwrap()).collect();
        // The proxy's requests name their clients: one player, three sockets of one flooding client.
        counts.reassign(held[0].id, player);
        for slot in &held[1..] {
            counts.reassign(slot.id, flood);
        }
        let mut cx = Context::from_waker(std::task::Waker::noop());
        let _newcomer = spoken(&counts, proxy, true).expect("a newcomer through the proxy gets in");
        assert!(held[3].poll_closed(&mut cx).is_ready(), "the flooding client's newest socket makes room");
        assert!(held[0].poll_closed(&mut cx).is_pending(), "the player's stays");
        drop(held.remove(3));
        drop(held);
        assert_eq!(counts.open.lock().unwrap().owner.len(), 1, "only the newcomer is still counted");
    }

    #[test]
    fn an_ipv6_client_is_limited_as_its_64_network_and_a_mapped_ipv4_one_as_its_ipv4_address() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(limited_as(one), limited_as(other));
        assert_eq!(limited_as(one), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_ne!(limited_as(one), limited_as(elsewhere));
        assert_eq!(limited_as("::ffff:203.0.113.7".parse().unwrap()), "203.0.113.7".parse::<IpAddr>().unwrap());
        assert_eq!(limited_as("203.0.113.7".parse().unwrap()), "203.0.113.7".parse::<IpAddr>().unwrap());
    }

    fn forwarded(values: &[&str]) -> axum::http::HeaderMap {
        let mut headers = axum::http::HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn the_client_behind_trusted_proxies_is_the_right_most_untrusted_hop() {
        let trusted: Vec<IpAddr> = vec![[10, 0, 0, 9].into(), [10, 0, 0, 8].into()];
        let client: IpAddr = [203, 0, 113, 7].into();
        assert_eq!(forwarded_client(&forwarded(&["203.0.113.7"]), &trusted), Some(client));
        // A client that writes its own header cannot choose its address: the proxy appends the real one.
        assert_eq!(forwarded_client(&forwarded(&["1.2.3.4, 203.0.113.7"]), &trusted), Some(client));
        assert_eq!(forwarded_client(&forwarded(&["1.2.3.4", "203.0.113.7, 10.0.0.8"]), &trusted), Some(client));
        assert_eq!(forwarded_client(&forwarded(&["2001:db8::1"]), &trusted), Some("2001:db8::1".parse().unwrap()));
        assert_eq!(forwarded_client(&forwarded(&[]), &trusted), None);
        assert_eq!(forwarded_client(&forwarded(&["10.0.0.8"]), &trusted), None);
        assert_eq!(forwarded_client(&forwarded(&["not an address"]), &trusted), None);
        // A proxy that writes the client's port too.
        assert_eq!(forwarded_client(&forwarded(&["203.0.113.7:5555"]), &trusted), Some(client));
        let v6: IpAddr = "2001:db8::1".parse().unwrap();
        assert_eq!(forwarded_client(&forwarded(&["[2001:db8::1]:443"]), &trusted), Some(v6));
    }
}
