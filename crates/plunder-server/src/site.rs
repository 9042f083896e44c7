//! What a public site needs around the application: security headers on every answer, a WebSocket Origin check,
//! a Host check against DNS rebinding on a server that listens on loopback, and a request log that never holds a
//! secret (seat tokens travel in a header or a query string: neither is logged).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::lobby::ApiError;
use crate::net::{ClientAddress, ViaTrustedProxy};

/// How the site meets the open web (`plunder serve`'s `--allow-origin`, `--access-log` and `--host`).
#[derive(Clone, Debug, Default)]
pub struct SiteConfig {
    /// Origins besides the server's own (`https://games.example.org`) whose pages may open play sockets.
    pub allowed_origins: Vec<String>,
    /// Print one line per request (method, path without its query, status, milliseconds, client address).
    pub access_log: bool,
    /// The server listens on loopback only: a request straight from this machine must name a loopback host (or
    /// an allowed origin's), see [`check_host`].
    pub loopback_only: bool,
}

/// The page may load scripts, styles, images and sockets only from this server, and no other site may frame it.
/// Styles allow inline attributes: the boards place pieces with `style="grid-column: ..."`.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// Adds the security headers to every answer (pages, files, the API and refusals alike).
pub async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // Join links carry the seat's token in their fragment, which browsers never send; no referrer at all keeps
    // even a game's address from other sites.
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// Prints one line per request when the site asks for it. The path is printed without its query string, so a
/// token given as `?token=` never reaches the log.
pub async fn access_log(State(hub): State<crate::AppState>, request: Request, next: Next) -> Response {
    if !hub.config().site.access_log {
        return next.run(request).await;
    }
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let client = request.extensions().get::<ClientAddress>().map(|a| a.0.to_string());
    let response = next.run(request).await;
    println!(
        "{} {method} {} {} {:.1}ms",
        client.as_deref().unwrap_or("-"),
        printable(&path),
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    response
}

/// A path as one log line: at most 200 characters, control characters escaped (a path could otherwise forge
/// log lines).
fn printable(path: &str) -> String {
    let mut shown: String = path.chars().take(200).flat_map(char::escape_default).collect();
    if path.chars().count() > 200 {
        shown.push('…');
    }
    shown
}

/// A play socket may be opened from a page of this server (its `Origin` names the `Host` it asked) or of an
/// allowed origin; a client that is not a browser sends no `Origin` and is let in (it holds its own token).
/// Without this check any web page a player visits could open sockets to the server in the player's name.
pub fn check_origin(headers: &HeaderMap, site: &SiteConfig) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().unwrap_or("");
    let own = headers.get(header::HOST).and_then(|h| h.to_str().ok()).is_some_and(|host| {
        origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")).is_some_and(|o| o == host)
    });
    if own || site.allowed_origins.iter().any(|allowed| allowed.trim_end_matches('/') == origin) {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "bad_origin",
        "a page of another site may not open a play socket here (the server's --allow-origin lists the sites that may)",
    ))
}

/// Refuses a request to a server listening on loopback whose `Host` is another name (not `localhost`, a loopback
/// address or an allowed origin's host). Such a request comes from a page of another site whose name was pointed
/// at 127.0.0.1 after the page loaded (DNS rebinding): the browser then takes the server for that site's own and
/// would let its page use the lobby and watch games. A trusted proxy's requests carry the public name, so from
/// it any name is let in, unless the site's names are given (`--allow-origin`): a proxy on this machine shares
/// the loopback address with every browser on it, so only the names keep the check. A request without `Host`
/// is not a browser's and is let in.
pub async fn check_host(State(hub): State<crate::AppState>, request: Request, next: Next) -> Response {
    let site = &hub.config().site;
    let via_proxy = request.extensions().get::<ViaTrustedProxy>().is_some();
    if site.loopback_only && (!via_proxy || !site.allowed_origins.is_empty()) {
        let host = request.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("?"));
        if let Some(host) = host {
            if !is_loopback_host(host)
                && !site.allowed_origins.iter().any(|o| origin_host(o).eq_ignore_ascii_case(host_name(host)))
            {
                return ApiError::new(
                    StatusCode::FORBIDDEN,
                    "bad_host",
                    "this server listens on loopback and answers to localhost, 127.0.0.1 or [::1] only (a page of \
                     another site may not reach it under its own name); behind a reverse proxy, name it with \
                     --trusted-proxy; to serve another name, add --allow-origin http://NAME:PORT, or listen with \
                     --host 0.0.0.0",
                )
                .into_response();
            }
        }
    }
    next.run(request).await
}

/// A `Host` header's name, without its port (`[::1]:8080` gives `[::1]`).
fn host_name(host: &str) -> &str {
    match host.rfind(':') {
        Some(colon) if !host[colon + 1..].is_empty() && host[colon + 1..].bytes().all(|b| b.is_ascii_digit()) => {
            let name = &host[..colon];
            // `::1` alone (no brackets, no port) has colons too: only a bracketed IPv6 address has a port.
            if name.contains(':') && !name.starts_with('[') {
                host
            } else {
                name
            }
        }
        _ => host,
    }
}

/// `localhost` (or a name under it) or a loopback address, with or without a port.
fn is_loopback_host(host: &str) -> bool {
    let name = host_name(host).to_ascii_lowercase();
    let name = name.trim_end_matches('.');
    if name == "localhost" || name.ends_with(".localhost") {
        return true;
    }
    let address = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')).unwrap_or(name);
    address.parse::<Ipv4Addr>().is_ok_and(|a| a.is_loopback())
        || address.parse::<Ipv6Addr>().is_ok_and(|a| a.is_loopback())
}

/// The host name of an origin (`https://games.example.org:8443` gives `games.example.org`).
fn origin_host(origin: &str) -> &str {
    let rest = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")).unwrap_or(origin);
    host_name(rest.trim_end_matches('/'))
}

/// Whether `--host` names only this machine (`127.0.0.1`, `::1`, `localhost`).
pub fn listens_on_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|a| a.is_loopback())
}

/// An origin as `--allow-origin` takes it: `http://` or `https://`, a host, an optional port, nothing else.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let text = text.trim_end_matches('/');
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(['/', '?', '#', ' ', '@']) => Ok(text.to_string()),
        _ => Err(format!("{text:?} is not an origin: write it as https://HOST or https://HOST:PORT")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        headers
    }

    #[test]
    fn a_socket_from_the_servers_own_pages_or_an_allowed_origin_or_no_browser_is_let_in() {
        let site = SiteConfig { allowed_origins: vec!["https://games.example.org".into()], ..SiteConfig::default() };
        assert!(check_origin(&headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"), &site).is_ok());
        assert!(check_origin(&headers(Some("https://play.example.org"), "play.example.org"), &site).is_ok());
        assert!(check_origin(&headers(Some("https://games.example.org"), "10.0.0.5:8080"), &site).is_ok());
        assert!(check_origin(&headers(None, "127.0.0.1:8080"), &site).is_ok());
    }

    #[test]
    fn a_socket_from_another_sites_page_is_refused() {
        let site = SiteConfig::default();
        for origin in ["https://evil.example", "http://127.0.0.1:9999", "null", "http://127.0.0.1:8080.evil.example"] {
            let refused = check_origin(&headers(Some(origin), "127.0.0.1:8080"), &site);
            assert!(refused.is_err(), "{origin} was let in");
        }
    }

    #[test]
    fn loopback_hosts_are_told_from_other_names() {
        for host in ["localhost", "localhost:8080", "LOCALHOST.", "a.localhost:1", "127.0.0.1:8080", "127.9.9.9"] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in ["[::1]:8080", "[::1]", "::1"] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in ["evil.example:8080", "localhost.evil.example", "127.0.0.1.evil.example", "10.0.0.5:8080"] {
            assert!(!is_loopback_host(host), "{host}");
        }
        for host in ["[::2]:80", "", "?", "localhost:80:80"] {
            assert!(!is_loopback_host(host), "{host}");
        }
        assert_eq!(origin_host("https://games.example.org:8443/"), "games.example.org");
        assert_eq!(origin_host("http://games.example.org"), "games.example.org");
        assert!(origin_host("https://Games.Example.org").eq_ignore_ascii_case(host_name("games.example.org:443")));
        assert!(listens_on_loopback("127.0.0.1") && listens_on_loopback("::1") && listens_on_loopback("localhost"));
        assert!(!listens_on_loopback("0.0.0.0") && !listens_on_loopback("::") && !listens_on_loopback("10.0.0.5"));
    }

    #[test]
    fn origins_are_checked_when_given_on_the_command_line() {
        assert_eq!(parse_origin("https://games.example.org/").unwrap(), "https://games.example.org");
        assert_eq!(parse_origin("http://10.0.0.5:8080").unwrap(), "http://10.0.0.5:8080");
        for bad in ["games.example.org", "https://", "https://a.org/play", "ftp://a.org", "https://u@a.org"] {
            assert!(parse_origin(bad).is_err(), "{bad} was taken");
        }
    }

    #[test]
    fn a_logged_path_cannot_forge_lines_and_is_bounded() {
        assert_eq!(printable("/api/games/ab\ncd"), "/api/games/ab\\ncd");
        let long = "/".repeat(1000);
        assert_eq!(printable(&long).chars().count(), 201);
    }
}
