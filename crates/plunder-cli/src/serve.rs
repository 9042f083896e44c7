//! `plunder serve`: the lobby and online play, with every game stored in the database.

use std::time::Duration;

use plunder_server::{Hub, HubConfig, Limits, Rate, ServeConfig, SiteConfig, Store, Synchronous};

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (`0.0.0.0` to let other machines in). On a loopback address the server answers
    /// only requests for `localhost`, 127.0.0.1 or [::1] or an `--allow-origin` host (through a `--trusted-proxy`
    /// without `--allow-origin`: any name): other names are refused (403 `bad_host`), so no web page can reach it
    /// by DNS rebinding.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Where games are kept: `sqlite://FILE` (made if missing) or `postgres://...` (several instances may share it).
    #[arg(long, default_value = "sqlite://plunder.db")]
    database: String,
    /// Milliseconds a bot waits before each move, so people can follow.
    #[arg(long, default_value_t = 600)]
    bot_delay_ms: u64,
    /// Milliseconds before a move the server takes for a player ("play for me when I have nothing to choose": a
    /// pass, or their only move) until that player has made a choice of their own; after that, it waits as long
    /// as one of their recent choices took (at most 10 s), so how fast it comes does not tell the others whether
    /// they could have answered. (A pass in a window that
    /// does not concern them, under their stops, is taken at once: that is public.)
    #[arg(long, default_value_t = 1500)]
    pass_delay_ms: u64,
    /// Hours the lobby lists a game's open seats after the game was created (a seat can still be taken from a
    /// link to it later).
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u64).range(1..))]
    open_seat_hours: u64,
    /// Threads bots think on at once, over all games (default: every core but one, at least one); a bot waits
    /// for a free one, so the rest of the machine answers people however many bot tables run.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    bot_threads: Option<u32>,
    /// Seconds a game with nobody connected and nothing due keeps its task; it is reloaded from the database
    /// when someone opens it again.
    #[arg(long, default_value_t = 600)]
    unload_after_secs: u64,
    /// Open connections at most, from everyone (HTTP and WebSocket); over it a new connection is answered 503.
    /// Keep it below the open-file limit (`ulimit -n`), with room for the database's files.
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: u32,
    /// Open connections at most from one IP address; over it that address's new connections are answered 503,
    /// and other addresses are served as before. Raise it when many players share one address (a school's NAT).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    max_connections_per_address: u32,
    /// Seconds a client has to send a request's headers (on a new connection and between kept-alive requests)
    /// before its connection is closed.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout_secs: u64,
    /// Seconds a client has to send a request's body once its headers are in.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    body_timeout_secs: u64,
    /// Seconds a socket (HTTP or WebSocket) may carry no byte either way before it is closed; longer than the
    /// WebSocket ping interval plus its pong timeout, so a watched quiet game stays open.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..))]
    idle_timeout_secs: u64,
    /// Seconds a socket may be silent before the system checks (TCP keepalive) that its peer is still there.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    tcp_keepalive_secs: u64,
    /// Seconds without a message from a WebSocket client before the server pings it...
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    ping_secs: u64,
    /// ...and seconds it then has to answer before its socket is closed.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pong_timeout_secs: u64,
    /// WebSockets one game takes for spectators: a spectator is refused (503 `game_full`) once the game has this
    /// many sockets, players' included. A seat is never refused for spectators.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    max_sockets_per_game: u32,
    /// WebSockets one seat may hold in its game at once (tabs, reconnects).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    max_sockets_per_seat: u32,
    /// KiB of messages one WebSocket may leave unread; past it the client is dropped (close code 1008, "too
    /// slow") and reconnects for the whole table. Keep it above a few of your largest tables.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..))]
    max_queued_kib: u32,
    /// KiB a second of whole tables one WebSocket gets in answer to `sync` (up to two seconds' worth at once).
    #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..))]
    sync_kib_per_second: u32,
    /// Chat lines a minute from one client address, over all its sockets (after a burst of 5).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    chat_per_minute_per_address: u32,
    /// Games one client address may create a minute, branches included (after a burst of 20); over it a
    /// creation is answered 429 `rate_limited`. Starting rematches counts apart, as many again.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    games_per_minute_per_address: u32,
    /// Chat lines a minute at one game from everyone together (after a burst of 20).
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..))]
    chat_per_minute_per_game: u32,
    /// Chat lines a game keeps in memory and sends each client on joining (the latest ones; all stay stored).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    chat_history_lines: u32,
    /// A reverse proxy in front of the server (repeat for several). Its connections are held to
    /// --max-connections only, not to the per-address cap. For requests it forwards, the client's address is
    /// read from its `X-Forwarded-For` header: that address is the one the per-address game and chat rates
    /// count and the access log shows. Only list proxies you run: anyone else could claim any address. With a
    /// proxy on this machine, also give the site with --allow-origin: then the proxy's requests must name it,
    /// and a page that points its own name at this machine (DNS rebinding) is refused even through the proxy's
    /// address.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// A site whose pages may open play sockets here besides the server's own, as `https://HOST[:PORT]` (repeat
    /// for several). Pages of other sites are refused (403 `bad_origin`); clients that are not browsers send no
    /// origin and are let in. On a loopback `--host`, requests for its HOST are answered too, and through a
    /// `--trusted-proxy` only requests for these HOSTs (and loopback names).
    #[arg(long = "allow-origin", value_name = "ORIGIN", value_parser = plunder_server::site::parse_origin)]
    allowed_origins: Vec<String>,
    /// Print one line per request on standard output: client address, method, path (never its query, where a
    /// token could be), status and milliseconds; and one per connection closed before its first request
    /// (`ADDRESS (no request) HOW after MS`: silent, idle, or a head never finished).
    #[arg(long)]
    access_log: bool,
    /// How SQLite commits wait for the disk. Either way nothing acknowledged is lost if the server is killed;
    /// `normal` may lose the last moments' moves on a power cut or a system crash, `full` loses nothing then
    /// either, at one disk flush per commit. PostgreSQL keeps its own setting.
    #[arg(long, value_enum, default_value_t = SqliteSynchronous::Normal)]
    sqlite_synchronous: SqliteSynchronous,
    /// Check the configuration and exit without serving: parse every flag, open the database (making or
    /// updating its tables as a start would), bind the port, print what would be served, and exit 0, or
    /// exit 1 with the reason.
    #[arg(long)]
    check: bool,
}

/// `--sqlite-synchronous`: [`Synchronous`] by name.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SqliteSynchronous {
    Normal,
    Full,
}

pub fn run(args: ServeArgs) -> Result<(), String> {
    check_timeouts(&args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        // The port first: a server that cannot listen leaves no database file behind.
        let address = format!("{}:{}", args.host, args.port);
        let listener =
            tokio::net::TcpListener::bind(&address).await.map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let address = listener.local_addr().map_or(address, |a| a.to_string());
        let shown = redacted(&args.database);
        let cannot_open = |e: &dyn std::fmt::Display| {
            format!("cannot open {shown}: {}", without_password(&e.to_string(), &args.database))
        };
        plunder_server::store::check_url(&args.database).map_err(|e| cannot_open(&e))?;
        check_database(&args.database).await.map_err(|e| cannot_open(&e))?;
        let synchronous = match args.sqlite_synchronous {
            SqliteSynchronous::Normal => Synchronous::Normal,
            SqliteSynchronous::Full => Synchronous::Full,
        };
        let store = Store::open_synchronous(&args.database, synchronous).await.map_err(|e| cannot_open(&e))?;
        let config = HubConfig {
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            pass_delay: Duration::from_millis(args.pass_delay_ms),
            unload_after: Duration::from_secs(args.unload_after_secs),
            open_seats_listed_for: Duration::from_secs(args.open_seat_hours * 3600),
            bot_threads: args.bot_threads.map_or_else(plunder_server::default_bot_threads, |n| n as usize),
            limits: Limits {
                ping_interval: Duration::from_secs(args.ping_secs),
                pong_deadline: Duration::from_secs(args.pong_timeout_secs),
                max_sockets_per_game: args.max_sockets_per_game as usize,
                max_sockets_per_seat: args.max_sockets_per_seat as usize,
                // Also for the clients a trusted proxy forwards, which the connection cap does not see.
                max_sockets_per_address: args.max_connections_per_address as usize,
                outbox_bytes: args.max_queued_kib as usize * 1024,
                sync_bytes_per_second: args.sync_kib_per_second as usize * 1024,
                games_per_address: Rate {
                    per_minute: args.games_per_minute_per_address,
                    ..Limits::default().games_per_address
                },
                chat_per_address: Rate {
                    per_minute: args.chat_per_minute_per_address,
                    ..Limits::default().chat_per_address
                },
                chat_per_game: Rate { per_minute: args.chat_per_minute_per_game, ..Limits::default().chat_per_game },
                chat_history_lines: args.chat_history_lines as usize,
                ..Limits::default()
            },
            site: SiteConfig {
                allowed_origins: args.allowed_origins.clone(),
                access_log: args.access_log,
                loopback_only: plunder_server::site::listens_on_loopback(&args.host),
            },
            ..HubConfig::default()
        };
        let serve = ServeConfig {
            header_read_timeout: Duration::from_secs(args.header_timeout_secs),
            body_read_timeout: Duration::from_secs(args.body_timeout_secs),
            idle_timeout: Duration::from_secs(args.idle_timeout_secs),
            tcp_keepalive: Duration::from_secs(args.tcp_keepalive_secs),
            max_connections: args.max_connections as usize,
            max_connections_per_address: args.max_connections_per_address as usize,
            trusted_proxies: args.trusted_proxies.clone(),
        };
        if args.check {
            print!("{}", check_report(&args, &address, &shown, &config, &serve));
            store.close().await;
            return Ok(());
        }
        let hub = Hub::new(store, config);
        eprintln!("plunder: serving at http://{address} (games in {shown})");
        plunder_server::serve_with(listener, hub, serve).await.map_err(|e| format!("the server stopped: {e}"))
    })
}

/// What `plunder serve --check` prints: where the server would listen, its store and its limits.
fn check_report(args: &ServeArgs, address: &str, shown: &str, config: &HubConfig, serve: &ServeConfig) -> String {
    let limits = &config.limits;
    let store = if args.database.starts_with("sqlite:") {
        format!(
            "SQLite, --sqlite-synchronous {}",
            if matches!(args.sqlite_synchronous, SqliteSynchronous::Full) { "full" } else { "normal" }
        )
    } else {
        "PostgreSQL".to_string()
    };
    let listed = |items: Vec<String>| if items.is_empty() { "none".to_string() } else { items.join(", ") };
    let port_note = if args.port == 0 { " (--port 0: a free port is chosen at each start)" } else { "" };
    let mut out = String::new();
    out.push_str("plunder serve --check: the configuration is good; nothing was served.\n");
    out.push_str(&format!("  address:      http://{address}{port_note}\n"));
    out.push_str(&format!("  store:        {shown} ({store}; opened, tables up to date)\n"));
    out.push_str(&format!(
        "  connections:  {} at most, {} per address; trusted proxies: {}\n",
        serve.max_connections,
        serve.max_connections_per_address,
        listed(serve.trusted_proxies.iter().map(|ip| ip.to_string()).collect())
    ));
    out.push_str(&format!(
        "  timeouts:     headers {} s, body {} s, idle {} s, TCP keepalive {} s, ping {} s + pong {} s\n",
        serve.header_read_timeout.as_secs(),
        serve.body_read_timeout.as_secs(),
        serve.idle_timeout.as_secs(),
        serve.tcp_keepalive.as_secs(),
        limits.ping_interval.as_secs(),
        limits.pong_deadline.as_secs()
    ));
    out.push_str(&format!(
        "  sockets:      {} per game, {} per seat, {} KiB unread at most, sync {} KiB/s\n",
        limits.max_sockets_per_game,
        limits.max_sockets_per_seat,
        limits.outbox_bytes / 1024,
        limits.sync_bytes_per_second / 1024
    ));
    out.push_str(&format!(
        "  rates:        {} games/min and {} new replays/min per address; chat {}/min per address, {}/min per \
         game; {} chat lines kept\n",
        limits.games_per_address.per_minute,
        limits.replays_per_address.per_minute,
        limits.chat_per_address.per_minute,
        limits.chat_per_game.per_minute,
        limits.chat_history_lines
    ));
    out.push_str(&format!(
        "  bots:         {} ms a move, thinking on {} thread(s) at most; passes taken for a player: at their \
         pace, {} ms before their first choice; idle games unloaded after {} s\n",
        config.bot_delay.as_millis(),
        config.bot_threads,
        config.pass_delay.as_millis(),
        config.unload_after.as_secs()
    ));
    out.push_str(&format!(
        "  site:         other origins allowed: {}; access log {}\n",
        listed(config.site.allowed_origins.clone()),
        if config.site.access_log { "on" } else { "off" }
    ));
    out.push_str(&format!(
        "  lobby:        open seats listed for {} h after their game was created\n",
        config.open_seats_listed_for.as_secs() / 3600
    ));
    out
}

/// The passwords in a database address, however it is written: `postgres://user:PASSWORD@host/db` (the
/// password may hold `/`, `?` or `@` when not percent-encoded: it runs to the last `@`), a `password=` parameter
/// (also percent-encoded inside another, as in `options=-c%20password%3D...`), or a `password=...` word of a
/// key-value connection string.
fn passwords(url: &str) -> Vec<&str> {
    let mut found = Vec::new();
    if let Some((_, rest)) = url.split_once("://") {
        if let Some((user_info, _)) = rest.rsplit_once('@') {
            if let Some((_, password)) = user_info.split_once(':') {
                found.push(password);
            }
        }
    }
    let lower = url.to_ascii_lowercase();
    for marker in ["password=", "password%3d"] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(marker) {
            let start = from + at + marker.len();
            let value = &url[start..];
            let quoted = value.chars().next().filter(|c| *c == '\'' || *c == '"');
            let password = match quoted {
                // A key-value string's quoted value runs to its closing quote, spaces and all.
                Some(quote) => value[1..].split(quote).next().unwrap_or(""),
                None => {
                    let ends = [value.find('&'), value.find(char::is_whitespace), lower[start..].find("%20")];
                    &value[..ends.into_iter().flatten().min().unwrap_or(value.len())]
                }
            };
            found.push(password);
            from = start;
        }
    }
    found.retain(|p| !p.is_empty());
    // The longest first, so a password that holds another is replaced whole.
    found.sort_by_key(|p| std::cmp::Reverse(p.len()));
    found
}

/// `text` with the database URL's passwords, wherever they appear, replaced by `***`.
fn without_password(text: &str, url: &str) -> String {
    passwords(url).into_iter().fold(text.to_string(), |text, password| text.replace(password, "***"))
}

/// The database URL as it may be printed: its password replaced by `***`.
fn redacted(url: &str) -> String {
    without_password(url, url)
}

/// Refuses timeouts that would close sockets that are in use.
fn check_timeouts(args: &ServeArgs) -> Result<(), String> {
    if args.idle_timeout_secs <= args.ping_secs + args.pong_timeout_secs {
        return Err(format!(
            "--idle-timeout-secs ({}) must be longer than --ping-secs plus --pong-timeout-secs ({}): a quiet \
             WebSocket is kept open only by its pings",
            args.idle_timeout_secs,
            args.ping_secs + args.pong_timeout_secs
        ));
    }
    Ok(())
}

/// How long the first connection to the database may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens one connection to the database and reads from it, to say at once why a database cannot be used (a
/// missing folder, a file that is not a database, a server that refuses): the store's pool retries a failing
/// connection until its 30-second timeout and then says only "pool timed out".
async fn check_database(url: &str) -> Result<(), String> {
    use sqlx::Connection as _;
    if !["sqlite:", "postgres://", "postgresql://"].iter().any(|scheme| url.starts_with(scheme)) {
        return Ok(()); // The store refuses it, naming the URLs it takes.
    }
    sqlx::any::install_default_drivers();
    let url = if url.starts_with("sqlite:") && !url.contains("mode=") && !url.contains(":memory:") {
        // As the store opens it: the file is made if missing.
        format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
    } else {
        url.to_string()
    };
    let connect = sqlx::AnyConnection::connect(&url);
    let mut connection = tokio::time::timeout(CONNECT_TIMEOUT, connect)
        .await
        .map_err(|_| format!("no connection within {} s", CONNECT_TIMEOUT.as_secs()))?
        .map_err(|e| e.to_string())?;
    // SQLite opens any file; reading the schema is what finds one that is not a database.
    let probe = if url.starts_with("sqlite:") { "SELECT count(*) FROM sqlite_master" } else { "SELECT 1" };
    sqlx::query(probe).execute(&mut connection).await.map_err(|e| e.to_string())?;
    connection.close().await.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Args, FromArgMatches};

    fn command() -> clap::Command {
        ServeArgs::augment_args(clap::Command::new("serve"))
    }

    fn parse(args: &[&str]) -> Result<ServeArgs, clap::Error> {
        let matches = command().try_get_matches_from(std::iter::once("serve").chain(args.iter().copied()))?;
        ServeArgs::from_arg_matches(&matches)
    }

    #[test]
    fn help_names_the_connection_limits_with_their_defaults() {
        let help = command().render_long_help().to_string();
        for flag in [
            "--max-connections <MAX_CONNECTIONS>",
            "--max-connections-per-address",
            "--header-timeout-secs",
            "--body-timeout-secs",
            "--idle-timeout-secs",
            "--tcp-keepalive-secs",
            "--ping-secs",
            "--pong-timeout-secs",
            "--max-sockets-per-game",
            "--max-sockets-per-seat",
            "--max-queued-kib",
            "--sync-kib-per-second",
            "--chat-per-minute-per-address",
            "--chat-per-minute-per-game",
            "--chat-history-lines",
        ] {
            assert!(help.contains(flag), "{flag} is missing from:\n{help}");
        }
        assert!(help.contains("[default: 64]"), "{help}");
        assert!(help.contains("--check"), "{help}");
    }

    #[test]
    fn the_trusted_proxy_help_says_which_limits_and_log_use_the_forwarded_address() {
        let command = command();
        let flag = command.get_arguments().find(|a| a.get_id() == "trusted_proxies").unwrap();
        let help = flag.get_long_help().or(flag.get_help()).expect("--trusted-proxy has help").to_string();
        assert!(!help.contains("for that cap's chat limits"), "{help}");
        for words in ["--max-connections only", "X-Forwarded-For", "game and chat rates", "access log"] {
            assert!(help.contains(words), "{words} is missing from:\n{help}");
        }
    }

    #[test]
    fn a_database_password_is_never_shown() {
        assert_eq!(
            redacted("postgres://plunder:s3cret@db.example:5432/games"),
            "postgres://plunder:***@db.example:5432/games"
        );
        assert_eq!(redacted("postgresql://u:p%40ss@h/d?sslmode=require"), "postgresql://u:***@h/d?sslmode=require");
        assert_eq!(redacted("postgres://h/d?user=u&password=hunter2"), "postgres://h/d?user=u&password=***");
        assert_eq!(redacted("postgres://plunder@localhost/games"), "postgres://plunder@localhost/games");
        assert_eq!(redacted("sqlite://games.db"), "sqlite://games.db");
        // Written as people do, not always percent-encoded (found by an attack trial).
        assert_eq!(redacted("postgres://u:S3cret/x@127.0.0.1:5999/t"), "postgres://u:***@127.0.0.1:5999/t");
        assert_eq!(redacted("postgres://u:a?b@h/t"), "postgres://u:***@h/t");
        assert_eq!(redacted("host=db user=u password=S3cretKV dbname=t"), "host=db user=u password=*** dbname=t");
        assert_eq!(redacted("host=db password='S3 cret' user=u"), "host=db password='***' user=u");
        assert_eq!(
            redacted("postgres://h/t?options=-c%20password%3DS3cretO&sslmode=require"),
            "postgres://h/t?options=-c%20password%3D***&sslmode=require"
        );
        assert_eq!(redacted("postgres://h/t?PASSWORD=Hunter2"), "postgres://h/t?PASSWORD=***");
        let error = "password authentication failed for user \"u\" (postgres://u:s3cret@h/d)";
        assert!(!without_password(error, "postgres://u:s3cret@h/d").contains("s3cret"));
    }

    #[test]
    fn a_zero_cap_and_an_idle_timeout_shorter_than_the_ping_cycle_are_refused() {
        assert!(parse(&["--max-connections", "0"]).is_err());
        assert!(parse(&["--max-connections-per-address", "0"]).is_err());
        assert!(check_timeouts(&parse(&[]).unwrap()).is_ok(), "the defaults hold together");
        let quick_idle = parse(&["--idle-timeout-secs", "30", "--ping-secs", "20", "--pong-timeout-secs", "10"]);
        let refused = check_timeouts(&quick_idle.unwrap()).unwrap_err();
        assert!(refused.contains("--idle-timeout-secs (30)"), "{refused}");
    }
}
