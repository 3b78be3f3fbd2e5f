//! Accepting connections so that slow or greedy clients cannot hold the server: a request's
//! headers must arrive within a time limit (slowloris: hundreds of half-sent requests kept
//! open), and one address holds at most so many connections at once (the next ones get a
//! 503 and are closed). Each request learns its peer's address (`ConnectInfo`), which the
//! log-in limits count by. (Bodies have their own deadline: [`crate::routes`]' layer.)

use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tower::Service;

/// How long connections still serving a request get after the server is asked to stop.
const DRAIN: Duration = Duration::from_secs(5);

/// What a connection may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The time from the connection (or the end of its previous request) to the end of a
    /// request's headers.
    pub header_timeout: Duration,
    /// Connections one address may hold open at once (0: no cap).
    pub per_address: usize,
}

/// How many connections each address holds now.
#[derive(Debug, Default, Clone)]
pub struct OpenConnections(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// One open connection, counted until dropped.
#[derive(Debug)]
pub struct Counted {
    open: OpenConnections,
    address: IpAddr,
}

impl OpenConnections {
    /// Counts a new connection from `address`, unless it already holds `cap` (0: no cap).
    pub fn enter(&self, address: IpAddr, cap: usize) -> Option<Counted> {
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if cap > 0 && *count >= cap {
            return None;
        }
        *count += 1;
        Some(Counted {
            open: self.clone(),
            address,
        })
    }

    /// The connections `address` holds.
    #[cfg(test)]
    pub fn of(&self, address: IpAddr) -> usize {
        let open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&address).copied().unwrap_or(0)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// What a connection over the cap is told before it is closed.
const TOO_MANY: &str = "Too many connections from your address: try again.\n";

async fn refuse(mut stream: TcpStream) {
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{TOO_MANY}",
        TOO_MANY.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
    let _ = stream.shutdown().await;
}

/// Serves `router` on `listener` (HTTP/1.1) until `shutdown` completes, then gives the
/// requests in flight a few seconds to finish.
pub async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let open = OpenConnections::default();
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, or a connection reset before it was taken:
                    // wait a moment rather than spin.
                    tracing::warn!("accepting a connection: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(counted) = open.enter(peer.ip(), limits.per_address) else {
            tracing::warn!(
                "refused a connection from {}: it already holds {} (the cap)",
                peer.ip(),
                limits.per_address
            );
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            async move { router.call(request.map(axum::body::Body::new)).await }
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _counted = counted;
            // A client that goes away mid-request is its own business.
            let _ = connection.await;
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("some connections were still open {DRAIN:?} after the stop: closed");
    }
}

/// The peer's address of a request served by [`serve`] (None in-process).
pub fn peer(extensions: &axum::http::Extensions) -> Option<SocketAddr> {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| *address)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_the_cap_and_gets_it_back() {
        let open = OpenConnections::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = open.enter(a, 2).unwrap();
        let _second = open.enter(a, 2).unwrap();
        assert!(open.enter(a, 2).is_none());
        assert!(
            open.enter(b, 2).is_some(),
            "another address has its own count"
        );
        drop(first);
        assert_eq!(open.of(a), 1);
        assert!(open.enter(a, 2).is_some());
        let unlimited: Vec<_> = (0..10).filter_map(|_| open.enter(b, 0)).collect();
        assert_eq!(unlimited.len(), 10);
    }
}
