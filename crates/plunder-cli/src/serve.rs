//! `plunder serve`: the lobby and online play, with every game stored in the database.

use std::time::Duration;

use plunder_server::{Hub, HubConfig, Store};

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (`0.0.0.0` to let other machines in).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Where games are kept: `sqlite://FILE` (made if missing) or `postgres://...` (several instances may share it).
    #[arg(long, default_value = "sqlite://plunder.db")]
    database: String,
    /// Milliseconds a bot waits before each move, so people can follow.
    #[arg(long, default_value_t = 600)]
    bot_delay_ms: u64,
    /// Seconds a game with nobody connected and nothing due keeps its task; it is reloaded from the database
    /// when someone opens it again.
    #[arg(long, default_value_t = 600)]
    unload_after_secs: u64,
}

pub fn run(args: ServeArgs) -> Result<(), String> {
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
        check_database(&args.database).await.map_err(|e| format!("cannot open {}: {e}", args.database))?;
        let store = Store::open(&args.database).await.map_err(|e| format!("cannot open {}: {e}", args.database))?;
        let config = HubConfig {
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            unload_after: Duration::from_secs(args.unload_after_secs),
            ..HubConfig::default()
        };
        let hub = Hub::new(store, config);
        eprintln!("plunder: serving at http://{address} (games in {})", args.database);
        plunder_server::serve(listener, hub).await.map_err(|e| format!("the server stopped: {e}"))
    })
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
