//! HTTP tests of the hardening: log-in limits (per account, per address, growing waits,
//! logged and shown to the teacher), the signed log-in token, a huge log-in body, slow
//! clients over real TCP (headers, bodies, connections per address), and lazy judging.

use crate::common::TestServer;
use axum::http::StatusCode;
use judge_server::LoginLimits;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn limits(per_account: u64, per_address: u64) -> LoginLimits {
    LoginLimits {
        free_per_account: per_account,
        free_per_address: per_address,
        first_delay: Duration::from_secs(1),
        ..LoginLimits::default()
    }
}

fn retry_after(reply: &crate::common::Reply) -> u64 {
    reply.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn failed_log_ins_make_an_account_wait_longer_each_time_and_the_teacher_sees_them() {
    let server = TestServer::with(0, |_| {}, |o| o.login_limits = limits(3, 100));
    let mut guesser = server.client();
    guesser.peer = "10.1.2.3:5000".parse().unwrap();
    for guess in ["a", "b", "c"] {
        let reply = guesser.log_in("ann", guess).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{}", reply.body);
    }
    // Past the free failures even the right password waits: guessing fast gains nothing.
    let refused = guesser.log_in("ann", "annann").await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert_eq!(retry_after(&refused), 1);
    assert!(
        refused
            .body
            .contains("Too many failed log-ins for this account"),
        "{}",
        refused.body
    );
    // From another address too: the limit is the account's.
    let mut elsewhere = server.client();
    elsewhere.peer = "10.7.7.7:5000".parse().unwrap();
    assert_eq!(
        elsewhere.log_in("ann", "annann").await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(
        guesser.log_in("ann", "d").await.status,
        StatusCode::UNAUTHORIZED
    );
    let longer = guesser.log_in("ann", "annann").await;
    assert_eq!(longer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(retry_after(&longer), 2, "each failure doubles the wait");
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let in_again = guesser.log_in("ann", "annann").await;
    assert_eq!(in_again.status, StatusCode::SEE_OTHER, "{}", in_again.body);
    // A successful log-in clears the account's count.
    let mut typo = server.client();
    typo.peer = "10.1.2.3:5001".parse().unwrap();
    assert_eq!(
        typo.log_in("ann", "typo").await.status,
        StatusCode::UNAUTHORIZED
    );

    let mut teacher = server.login("teacher").await;
    let dashboard = teacher.get("/teacher").await;
    assert!(
        dashboard.body.contains("Repeated failed log-ins")
            && dashboard
                .body
                .contains("<td>ann</td><td>10.1.2.3</td><td>5</td>"),
        "{}",
        dashboard.body
    );
    let mut ann = server.login("ann").await;
    assert_eq!(ann.get("/teacher").await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_address_that_guesses_many_accounts_must_wait() {
    let server = TestServer::with(0, |_| {}, |o| o.login_limits = limits(100, 3));
    let mut guesser = server.client();
    guesser.peer = "10.9.9.9:6000".parse().unwrap();
    for name in ["ann", "bob", "nobody"] {
        assert_eq!(
            guesser.log_in(name, "password1").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let refused = guesser.log_in("bob", "bobbob").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        refused.body.contains("for your address"),
        "{}",
        refused.body
    );
    let mut other = server.client();
    other.peer = "10.9.9.10:6000".parse().unwrap();
    assert_eq!(
        other.log_in("bob", "bobbob").await.status,
        StatusCode::SEE_OTHER,
        "another address is not held up"
    );
}

#[tokio::test]
async fn the_log_in_token_must_be_one_the_server_signed() {
    let server = TestServer::new(0);
    for made_up in [
        "0".repeat(64),
        "9999999999.00000000000000000000000000000000.".to_string() + &"0".repeat(64),
    ] {
        // Double submit alone would pass: the cookie and the field agree.
        let mut client = server.client();
        client.cookies.insert("judge_login".into(), made_up.clone());
        let reply = client
            .post_form(
                "/login",
                &[("name", "ann"), ("password", "annann"), ("csrf", &made_up)],
            )
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{made_up}");
    }
    let mut client = server.client();
    let token = client.get("/login").await.csrf();
    assert!(token.split('.').count() == 3, "{token}");
    let reply = client
        .post_form(
            "/login",
            &[("name", "ann"), ("password", "annann"), ("csrf", &token)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
}

#[tokio::test]
async fn a_huge_log_in_body_is_413() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let csrf = client.get("/login").await.csrf();
    let password = "x".repeat(3 * 1024 * 1024);
    let reply = client
        .post_form(
            "/login",
            &[("name", "ann"), ("password", &password), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        reply.body
    );
}

/// Reads until the server closes the connection (or `limit` passes); returns what was
/// read and how long it took.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (String, Duration) {
    let started = Instant::now();
    let mut all = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let left = limit.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => all.extend_from_slice(&buffer[..n]),
            Err(_) => panic!(
                "the server kept the connection open for {limit:?}: {}",
                String::from_utf8_lossy(&all)
            ),
        }
    }
    (
        String::from_utf8_lossy(&all).into_owned(),
        started.elapsed(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_time_out_and_an_address_holds_a_bounded_number_of_connections() {
    let mut test = TestServer::with(
        0,
        |_| {},
        |o| {
            o.header_timeout = Duration::from_secs(1);
            o.body_timeout = Duration::from_secs(1);
            o.max_connections_per_address = 60;
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(test.server.take().unwrap().serve(listener, async {
        let _ = stopped.await;
    }));

    // Fifty half-sent requests and ten silent connections: all closed after the header
    // time-out, none left open.
    let mut held = Vec::new();
    for i in 0..60 {
        let mut stream = TcpStream::connect(address).await.unwrap();
        if i < 50 {
            stream
                .write_all(b"GET /login HTTP/1.1\r\nHost: judge\r\nX-Slow: ")
                .await
                .unwrap();
        }
        held.push(stream);
    }
    // The cap: a sixty-first connection from this address is refused at once.
    let mut over = TcpStream::connect(address).await.unwrap();
    let (answer, took) = read_until_closed(&mut over, Duration::from_secs(2)).await;
    assert!(
        answer.starts_with("HTTP/1.1 503") && answer.contains("Too many connections"),
        "{answer}"
    );
    assert!(took < Duration::from_millis(900), "{took:?}");
    for stream in &mut held {
        let (_, took) = read_until_closed(stream, Duration::from_secs(5)).await;
        assert!(took < Duration::from_secs(3), "{took:?}");
    }
    // Once they are gone, the address is served again.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut fresh = TcpStream::connect(address).await.unwrap();
    fresh
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: judge\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (answer, _) = read_until_closed(&mut fresh, Duration::from_secs(5)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    // A body sent slowly: 408 once the body's time is up, and the connection closes.
    let mut slow = TcpStream::connect(address).await.unwrap();
    slow.write_all(
        b"POST /login HTTP/1.1\r\nHost: judge\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=ann",
    )
    .await
    .unwrap();
    let (answer, took) = read_until_closed(&mut slow, Duration::from_secs(5)).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(3),
        "{took:?}"
    );

    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(10), serving)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();
}

/// A copy of the fixture problem with one scoring group over its secret tests.
fn problem_with_a_group() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let add = dir.path().join("add");
    std::fs::create_dir(&add).unwrap();
    for file in ["problem.toml", "statement.md"] {
        std::fs::copy(
            crate::common::fixtures().join("problems/add").join(file),
            add.join(file),
        )
        .unwrap();
    }
    let mut toml = std::fs::read_to_string(add.join("problem.toml")).unwrap();
    toml.push_str("\n[[groups]]\nname = \"all\"\npoints = 100\ntests = [\"secret/*\"]\n");
    std::fs::write(add.join("problem.toml"), toml).unwrap();
    dir
}

#[tokio::test]
async fn judging_stops_where_the_scoreboard_needs_no_more_tests() {
    // IOI with a group: once secret/01-big fails, the group's other test is skipped.
    let problems = problem_with_a_group();
    let server = TestServer::with(
        2,
        |c| {
            c.insert(
                "problems_dir".into(),
                problems.path().display().to_string().into(),
            );
            let add: toml::Table = toml::from_str("id = \"add\"").unwrap();
            c.insert("problems".into(), vec![toml::Value::Table(add)].into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &crate::common::submission("wa_secret.py"))
        .await
        .submission_id();
    server.wait_judged(id);
    let result = server
        .store
        .submission(id)
        .unwrap()
        .unwrap()
        .result
        .unwrap();
    let names: Vec<&str> = result.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["sample/1", "secret/01-big"]);
    assert_eq!(result.tests_total, 3);

    // ICPC: the first failure decides the verdict, nothing after it runs.
    let server = TestServer::with(
        2,
        |c| {
            c.insert("scoring".into(), "icpc".into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &crate::common::submission("wa_sample.py"))
        .await
        .submission_id();
    server.wait_judged(id);
    let result = server
        .store
        .submission(id)
        .unwrap()
        .unwrap()
        .result
        .unwrap();
    assert_eq!(result.tests.len(), 1, "{:?}", result.tests);
    assert_eq!(
        result.verdict,
        judge_model::Verdict::WA,
        "{:?}",
        result.verdict
    );
}
