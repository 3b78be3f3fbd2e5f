//! Addresses as this site's links carry them.

/// What `encode_component` leaves as it is: unreserved characters and `/`.
const NEXT_KEEPS: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~')
    .remove(b'/');

/// Percent-encodes a path and query for the `next` parameter.
pub fn encode_component(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, NEXT_KEEPS).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_parameters_are_encoded() {
        assert_eq!(
            encode_component("/problems/maze?lang=zh"),
            "/problems/maze%3Flang%3Dzh"
        );
        assert_eq!(encode_component("/a b/ü"), "/a%20b/%C3%BC");
    }
}
