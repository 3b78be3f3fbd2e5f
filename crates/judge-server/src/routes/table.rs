//! A page group's routes as a table: each route module lists its paths with
//! [`Routes::route`] as it would on an axum `Router`, and the router is made from the same
//! calls that note each (method, path) pair, so that [`super::table`] (what the server
//! answers, for tests and tools) cannot drift from the router.

use crate::state::AppState;
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::MethodRouter;
use axum::Router;

/// The handlers of one path, by method (as axum's `get(a).post(b)`), with the methods
/// noted.
pub(crate) struct Methods {
    router: MethodRouter<AppState>,
    methods: Vec<Method>,
    body_limit: Option<usize>,
}

/// A path answered by `handler` for `GET` (and so `HEAD`, as axum does).
pub(crate) fn get<H, T>(handler: H) -> Methods
where
    H: Handler<T, AppState>,
    T: 'static,
{
    Methods {
        router: axum::routing::get(handler),
        methods: vec![Method::GET],
        body_limit: None,
    }
}

/// A path answered by `handler` for `POST`.
pub(crate) fn post<H, T>(handler: H) -> Methods
where
    H: Handler<T, AppState>,
    T: 'static,
{
    Methods {
        router: axum::routing::post(handler),
        methods: vec![Method::POST],
        body_limit: None,
    }
}

impl Methods {
    /// `PATCH` answered by `handler` too.
    pub(crate) fn patch<H, T>(mut self, handler: H) -> Methods
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = self.router.patch(handler);
        self.methods.push(Method::PATCH);
        self
    }

    /// `DELETE` answered by `handler` too.
    pub(crate) fn delete<H, T>(mut self, handler: H) -> Methods
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = self.router.delete(handler);
        self.methods.push(Method::DELETE);
        self
    }

    /// `POST` answered by `handler` too.
    pub(crate) fn post<H, T>(mut self, handler: H) -> Methods
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = self.router.post(handler);
        self.methods.push(Method::POST);
        self
    }

    /// Bodies of at most `bytes` for every method of the path (axum's `DefaultBodyLimit`:
    /// the extractors that read a body refuse a larger one with 413).
    pub(crate) fn body_limit(mut self, bytes: usize) -> Methods {
        self.body_limit = Some(bytes);
        self
    }
}

/// Routes, and the (method, path) pairs they answer.
pub(crate) struct Routes {
    router: Router<AppState>,
    table: Vec<(Method, &'static str)>,
}

impl Routes {
    /// No routes.
    pub(crate) fn new() -> Routes {
        Routes {
            router: Router::new(),
            table: Vec::new(),
        }
    }

    /// `path` answered by `methods`.
    pub(crate) fn route(mut self, path: &'static str, methods: Methods) -> Routes {
        let router = match methods.body_limit {
            Some(bytes) => methods.router.layer(DefaultBodyLimit::max(bytes)),
            None => methods.router,
        };
        self.router = self.router.route(path, router);
        self.table
            .extend(methods.methods.into_iter().map(|method| (method, path)));
        self
    }

    /// These routes and `other`'s (a path in both panics, as in axum).
    pub(crate) fn merge(mut self, other: Routes) -> Routes {
        self.router = self.router.merge(other.router);
        self.table.extend(other.table);
        self
    }

    /// The router, and the table it was made from.
    pub(crate) fn into_parts(self) -> (Router<AppState>, Vec<(Method, &'static str)>) {
        (self.router, self.table)
    }
}
