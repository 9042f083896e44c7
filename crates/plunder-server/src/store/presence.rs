//! Which seats are connected to which instance (PostgreSQL, several instances on one database): the presence
//! rows an instance publishes and refreshes, and reads for the other instances' seats.

use std::time::Duration;

use sqlx::Row;

use super::{corrupt, Backend, Store, StoreError, EVENTS_CHANNEL};

/// PostgreSQL only (several instances): which seats are connected to which instance, until when. An instance
/// refreshes its rows' expiry while it runs ([`Store::refresh_presence`]), so a dead instance's seats drop out.
/// Times are the database's clock, the one all instances share.
pub(super) const PRESENCE_SCHEMA: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS presence (game_id TEXT NOT NULL, seat BIGINT NOT NULL, instance BIGINT NOT NULL, \
     expires_at TIMESTAMPTZ NOT NULL, PRIMARY KEY (game_id, seat, instance))",
    // The heartbeat refreshes one instance's rows.
    "CREATE INDEX IF NOT EXISTS presence_by_instance ON presence (instance)",
];

impl Store {
    /// Says that `seats` of game `id` (and no others) have a connection to this instance now, for `expiry`
    /// unless refreshed, and tells the other instances. PostgreSQL only: on SQLite one instance knows it all.
    pub async fn publish_presence(&self, id: &str, seats: &[usize], expiry: Duration) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        let mut tx = self.writes.begin().await?;
        sqlx::query("DELETE FROM presence WHERE game_id = $1 AND instance = $2")
            .bind(id)
            .bind(self.instance as i64)
            .execute(&mut *tx)
            .await?;
        for &seat in seats {
            sqlx::query(
                "INSERT INTO presence (game_id, seat, instance, expires_at) \
                 VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
            )
            .bind(id)
            .bind(seat as i64)
            .bind(self.instance as i64)
            .bind(expiry.as_secs_f64())
            .execute(&mut *tx)
            .await?;
        }
        let payload = format!("presence {} {id}", self.instance);
        sqlx::query("SELECT pg_notify($1, $2)").bind(EVENTS_CHANNEL).bind(payload).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The seats of game `id` connected to other instances (PostgreSQL; none on SQLite).
    pub async fn seats_connected_elsewhere(&self, id: &str) -> Result<Vec<usize>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(Vec::new());
        }
        let rows = sqlx::query(
            "SELECT DISTINCT seat FROM presence WHERE game_id = $1 AND instance <> $2 AND expires_at > now()",
        )
        .bind(id)
        .bind(self.instance as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| usize::try_from(row.try_get::<i64, _>(0)?).map_err(corrupt)).collect()
    }

    /// The heartbeat: this instance's seats stay connected for `expiry` more; rows of instances that stopped
    /// refreshing theirs (killed, cut off) are deleted and their games' instances told. PostgreSQL only.
    pub async fn refresh_presence(&self, expiry: Duration) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        sqlx::query("UPDATE presence SET expires_at = now() + make_interval(secs => $1) WHERE instance = $2")
            .bind(expiry.as_secs_f64())
            .bind(self.instance as i64)
            .execute(&self.pool)
            .await?;
        // Told as no instance's change (0), so every instance reads that game's presence again.
        sqlx::query(
            "WITH gone AS (DELETE FROM presence WHERE expires_at <= now() RETURNING game_id) \
             SELECT pg_notify($1, 'presence 0 ' || game_id) FROM (SELECT DISTINCT game_id FROM gone) AS games",
        )
        .bind(EVENTS_CHANNEL)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
